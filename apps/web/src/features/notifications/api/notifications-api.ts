import type { NotificationPage, NotificationReadBody } from '@acervo/contract/notification';
import { api } from '../../../lib/api-client';

export const notificationsApi = {
  /** Newest first; the body also carries the total unread, for the bell. */
  page: (cursor?: string | null, limit = 20) =>
    api.body<NotificationPage>(
      `/notification?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    ),
  /** Marks these as read, or all of them without ids; answers what is still unread. */
  markRead: (ids?: string[]) =>
    api.post<{ unread: number }>('/notification/read', (ids ? { ids } : {}) satisfies NotificationReadBody),
};
