import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { collectionParams } from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import { followResponse, likeResponse } from '@acervo/contract/social';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, requireUser } from '../../plugins/authentication.ts';
import { dailyCapCharger } from '../daily-cap/daily-cap.service.ts';
import { setReaction } from './reaction.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
const tags = ['social'];
const ON_OFF = [
  ['PUT', true],
  ['DELETE', false],
] as const;

export async function reactionRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  // Behind the sign-in guard: 401 before any validation or lookup.
  app.addHook('onRequest', async (request) => {
    requireUser(request);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const charge = dailyCapCharger(config);

  for (const [method, on] of ON_OFF) {
    r.route({
      method,
      url: '/collection/:id/like',
      schema: {
        tags,
        summary: on
          ? 'Like a collection the caller may read, own ones included (idempotent; daily cap)'
          : 'Take a like back (idempotent)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: likeResponse, ...errors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const { total } = await setReaction(db, 'like', request.params.id, user, on, charge);
        return { data: { liked: on, total_likes: total } };
      },
    });

    r.route({
      method,
      url: '/collection/:id/follow',
      schema: {
        tags,
        summary: on
          ? "Follow a collection to hear about its changes; not one's own (idempotent; daily cap)"
          : 'Stop following a collection (idempotent)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: followResponse, ...errors },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const { total } = await setReaction(db, 'follow', request.params.id, user, on, charge);
        return { data: { following: on, total_followers: total } };
      },
    });
  }
}
