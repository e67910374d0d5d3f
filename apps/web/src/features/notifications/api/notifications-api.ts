import type {
  NotificationListQuery,
  NotificationPage,
  NotificationReadBody,
} from '@acervo/contract/notification';
import { api } from '../../../lib/api-client';

export const notificationsApi = {
  /** Newest first; the body also carries the total unread, for the bell. */
  page: ({ limit = 20, cursor }: NotificationListQuery = {}) =>
    api.page<NotificationPage>(`/notification?limit=${limit}`, cursor),
  /** Marks these as read, or all of them without ids; answers what is still unread. */
  markRead: (ids?: string[]) =>
    api.post<{ unread: number }>('/notification/read', (ids ? { ids } : {}) satisfies NotificationReadBody),
};
