import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  notificationListQuery,
  notificationPageResponse,
  notificationReadBody,
  notificationReadResponse,
} from '@acervo/contract/notification';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { listNotifications, markRead } from './notification.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['notifications'];

export async function notificationRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Notifications are the caller's own: 401 before any validation.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/notification',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first, with the unread count",
        security: bearerSecurity,
        querystring: notificationListQuery,
        response: { 200: notificationPageResponse, ...errors },
      },
    },
    async (request) => listNotifications(db, signedInUser(request), request.query),
  );

  r.post(
    '/notification/read',
    {
      schema: {
        tags,
        summary: 'Mark the given notifications (all when `ids` is absent) as read',
        security: bearerSecurity,
        body: notificationReadBody,
        response: { 200: notificationReadResponse, ...errors },
      },
    },
    async (request) => ({ data: await markRead(db, signedInUser(request), request.body.ids) }),
  );
}
