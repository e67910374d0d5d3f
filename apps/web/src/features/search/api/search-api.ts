import type { SearchPage, SearchType } from '@acervo/contract/search';
import { api } from '../../../lib/api-client';

export const searchApi = {
  /** One page of hits of one type, best first. */
  page: (q: string, type: SearchType, cursor?: string | null) =>
    api.page<SearchPage>(`/search?q=${encodeURIComponent(q)}&type=${type}`, cursor),
};
