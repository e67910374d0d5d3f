import type { FastifyInstance } from 'fastify';
import { collectionParams } from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import { followResponse, likeResponse } from '@acervo/contract/social';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { CAPPED_ERRORS, cappedRoutes, ON_OFF } from '../daily-cap/capped-routes.ts';
import { setReaction } from './reaction.service.ts';

const tags = ['social'];

export async function reactionRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const { r, charge } = cappedRoutes(app, config);

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
        response: { 200: likeResponse, ...CAPPED_ERRORS },
      },
      handler: async (request) => {
        const user = signedInUser(request);
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
          ? "Follow a collection to hear about its changes; not one's own (idempotent; daily cap; at most FOLLOWS_PER_PERSON people and collections)"
          : 'Stop following a collection (idempotent)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: followResponse, ...CAPPED_ERRORS, 409: errorBodySchema },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        const { total } = await setReaction(db, 'follow', request.params.id, user, on, charge);
        return { data: { following: on, total_followers: total } };
      },
    });
  }
}
