import type { NotificationPage } from '@acervo/contract/notification';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { notificationsApi } from '../api/notifications-api';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: ['notifications', 'unread'] as const,
  list: ['notifications', 'list'] as const,
};

/** How often the bell asks for news while the page is open. */
export const UNREAD_POLL_MS = 60_000;

/** The bell's number: every unread notification, not only the first page's. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await notificationsApi.page({ limit: 1 })).unread,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The modal's list, a page at a time; each page also refreshes the bell's number. */
export function useNotifications(enabled: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: async ({ pageParam }) => {
      const page = await notificationsApi.page({ cursor: pageParam ?? undefined });
      client.setQueryData(notificationKeys.unread, page.unread);
      return page;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled,
  });
}

/** Marks some (or, without ids, all) as read: the list greys them and the bell takes the count. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => notificationsApi.markRead(ids),
    onSuccess: ({ unread }, ids) => {
      client.setQueryData(notificationKeys.unread, unread);
      client.setQueryData<InfiniteData<NotificationPage>>(notificationKeys.list, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                unread,
                data: page.data.map((n) =>
                  // The synthetic complete_profile notice cannot be marked; it goes when the form is filled in.
                  n.kind !== 'complete_profile' && (!ids || ids.includes(n.id)) ? { ...n, read: true } : n,
                ),
              })),
            }
          : data,
      );
    },
  });
}
