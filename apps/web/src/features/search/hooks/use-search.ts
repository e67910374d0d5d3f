import { searchQuery, type SearchType } from '@acervo/contract/search';
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchApi } from '../api/search-api';

/** Whether the API would take `q` (the contract's rule: a letter or digit, at most 100 characters). */
export function isSearchable(q: string): boolean {
  return searchQuery.safeParse({ q }).success;
}

/** Hits of one type for `q`, a page at a time; nothing is asked while `q` is not searchable. */
export function useSearch(q: string, type: SearchType) {
  const term = q.trim();
  return useInfiniteQuery({
    queryKey: ['search', type, term],
    queryFn: ({ pageParam }) => searchApi.page({ q: term, type, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled: isSearchable(term),
    staleTime: 30_000,
  });
}
