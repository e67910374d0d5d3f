import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  followResponse,
  peopleDiscoveryQuery,
  peopleListResponse,
  peoplePageResponse,
  peopleQuery,
} from '@acervo/contract/social';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { CAPPED_ERRORS, cappedRoutes, ON_OFF } from '../daily-cap/capped-routes.ts';
import { listFollows, listNetworkPeople, listPopularPeople, setUserFollow } from './follow.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['people'];

export async function followRoutes(
  app: FastifyInstance,
  { db, config, heavy }: { db: Db; config: Config; heavy: HeavyReads },
): Promise<void> {
  const { r, charge } = cappedRoutes(app, config);

  for (const [method, on] of ON_OFF) {
    r.route({
      method,
      url: '/user/:user_id/follow',
      schema: {
        tags,
        summary: on
          ? 'Follow a person; not oneself (idempotent; daily cap; at most FOLLOWS_PER_PERSON people and collections)'
          : 'Stop following a person (idempotent)',
        security: bearerSecurity,
        params: userParams,
        response: { 200: followResponse, ...CAPPED_ERRORS, 409: errorBodySchema },
      },
      handler: async (request) => {
        const user = signedInUser(request);
        const { state } = await setUserFollow(db, request.params.user_id, user, on, charge);
        return { data: state };
      },
    });
  }

  for (const direction of ['followers', 'following'] as const) {
    r.get(
      `/user/:user_id/${direction}`,
      {
        schema: {
          tags,
          summary:
            direction === 'followers'
              ? 'Who follows this person, newest first, paginated'
              : 'Whom this person follows, newest first, paginated',
          security: bearerSecurity,
          params: userParams,
          querystring: peopleQuery,
          response: { 200: peoplePageResponse, ...errors },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        return listFollows(db, direction, request.params.user_id, user, request.query);
      },
    );
  }

  r.get(
    '/user/popular',
    {
      schema: {
        tags,
        summary: 'The most followed people, other than the caller (default 10, at most 50)',
        security: bearerSecurity,
        querystring: peopleDiscoveryQuery,
        response: { 200: peopleListResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await listPopularPeople(db, user, request.query.limit) };
    },
  );

  r.get(
    '/user/network',
    {
      schema: {
        tags,
        summary:
          'People followed by those the caller follows, not yet followed by the caller, most shared first',
        security: bearerSecurity,
        querystring: peopleDiscoveryQuery,
        response: { 200: peopleListResponse, ...errors },
      },
    },
    // Counts the follows of everyone the caller follows, as /user/suggested does: it waits for a
    // turn among the expensive reads like that one (decision 059).
    async (request) => {
      const user = signedInUser(request);
      return { data: await heavy(() => listNetworkPeople(db, user, request.query.limit)) };
    },
  );
}
