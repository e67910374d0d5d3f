import type { SearchPage, SearchQuery } from '@acervo/contract/search';
import { api } from '../../../lib/api-client';

export const searchApi = {
  /** One page of hits of one type, best first. */
  page: ({ q, type = 'collection', cursor }: SearchQuery) =>
    api.page<SearchPage>(`/search?q=${encodeURIComponent(q)}&type=${type}`, cursor),
};
