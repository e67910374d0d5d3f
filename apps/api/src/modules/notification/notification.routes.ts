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
import { AppError } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { type LiveEvents, type LiveRefusal } from './live-events.ts';
import { listNotifications, markRead, unreadNotifications } from './notification.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['notifications'];

const REFUSALS: Record<LiveRefusal, () => AppError> = {
  person: () =>
    new AppError(
      429,
      'RATE_LIMITED',
      'Há conexões demais abertas com a sua conta. Feche outras abas e tente de novo.',
    ),
  process: () => new AppError(503, 'UNAVAILABLE', 'O servidor está ocupado. Tente novamente em instantes.'),
  unavailable: () =>
    new AppError(503, 'UNAVAILABLE', 'O servidor está ocupado. Tente novamente em instantes.'),
};

export async function notificationRoutes(
  app: FastifyInstance,
  { db, live }: { db: Db; live: LiveEvents },
): Promise<void> {
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

  r.get(
    '/notification/stream',
    {
      schema: {
        tags,
        summary:
          'Server-sent events for the caller: `notification` (`{unread}`, the bell) at once and on every change, `timeline` (`{}`, Seguindo has news) while the session lasts',
        security: bearerSecurity,
        response: { 401: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const refusal = live.refusal(user.id);
      if (refusal) throw REFUSALS[refusal]();
      const unread = await unreadNotifications(db, user);
      // Written by hand: compression and serialisation would buffer what must go out at once.
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx reads this too: no buffering whatever its location says.
        'x-accel-buffering': 'no',
        // Not kept alive once the stream ends: an idle socket would hold `app.close()` for
        // Fastify's keep-alive timeout (72 s).
        connection: 'close',
      });
      // The idle timeout of other requests would cut a stream between heartbeats.
      request.raw.socket.setTimeout(0);
      res.write('retry: 3000\n\n');
      const stream = live.add(user.id, user.tokenHash, res);
      // A session ended between its lookup and now was announced before this stream could hear it.
      const alive = await db.query('SELECT 1 FROM sessions WHERE token_hash = $1', [user.tokenHash]);
      if (alive.length === 0) return live.end(stream);
      // The badge now, so a reconnecting client (Last-Event-ID) misses nothing it was told meanwhile;
      // and Seguindo may have news it was not told of.
      live.sendTo(stream, 'notification', { unread });
      if (request.headers['last-event-id']) live.sendTo(stream, 'timeline', {});
    },
  );
}
