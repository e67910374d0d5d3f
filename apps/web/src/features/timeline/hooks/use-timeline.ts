import type { TimelinePage } from '@acervo/contract/timeline';
import { useInfiniteQuery } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { timelineApi } from '../api/timeline-api';

const timelineKeys = {
  following: [...sharedKeys.timeline, 'following'] as const,
  person: (userId: string) => [...sharedKeys.timeline, 'person', userId] as const,
};

function usePagedEntries(
  queryKey: readonly unknown[],
  read: (cursor: string | null) => Promise<TimelinePage>,
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => read(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
    // Someone else's activity: fresh enough for half a minute, and again when the tab comes back.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });
}

/** The signed-in person's "Seguindo", a page at a time. */
export const useFollowingTimeline = () => usePagedEntries(timelineKeys.following, timelineApi.following);

/** `userId`'s public activity, a page at a time. */
export const usePersonActivity = (userId: string) =>
  usePagedEntries(timelineKeys.person(userId), (cursor) => timelineApi.ofPerson(userId, cursor));
