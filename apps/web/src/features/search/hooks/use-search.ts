import { searchQuery, type SearchType } from '@acervo/contract/search';
import { issue } from '@acervo/contract/validation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { searchApi } from '../api/search-api';

/** Whether the API would take `q` (the contract's rule: two letters or digits, at most 100 characters). */
export function isSearchable(q: string): boolean {
  return searchQuery.safeParse({ q }).success;
}

/** Whether `q` is refused only for being too short (one letter or digit), to say so. */
export function isTooShort(q: string): boolean {
  const parsed = searchQuery.safeParse({ q });
  return !parsed.success && parsed.error.issues[0]?.message === issue.searchQueryTooShort;
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
