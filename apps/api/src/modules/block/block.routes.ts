import type { FastifyInstance } from 'fastify';
import { errorBodySchema } from '@acervo/contract/errors';
import { blockedListResponse, relationResponse } from '@acervo/contract/safety';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { CAPPED_ERRORS, cappedRoutes, ON_OFF } from '../daily-cap/capped-routes.ts';
import { listBlocked, setRelation } from './block.service.ts';

const tags = ['people'];

export async function blockRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const { r, charge } = cappedRoutes(app, config);

  for (const kind of ['block', 'mute'] as const) {
    for (const [method, on] of ON_OFF) {
      r.route({
        method,
        url: `/user/:user_id/${kind}`,
        schema: {
          tags,
          summary:
            kind === 'block'
              ? on
                ? 'Block a person: neither sees the other; follows and collaborations between them end (idempotent; daily cap)'
                : 'Unblock a person (idempotent)'
              : on
                ? 'Mute a person: their activity no longer reaches the caller; they are not told (idempotent; daily cap)'
                : 'Unmute a person (idempotent)',
          security: bearerSecurity,
          params: userParams,
          response: { 200: relationResponse, ...CAPPED_ERRORS },
        },
        handler: async (request) => {
          const user = signedInUser(request);
          return { data: await setRelation(db, kind, request.params.user_id, user, on, charge) };
        },
      });
    }
  }

  r.get(
    '/user/blocked',
    {
      schema: {
        tags,
        summary: 'The people the caller blocked or muted, newest first',
        security: bearerSecurity,
        response: { 200: blockedListResponse, 401: errorBodySchema },
      },
    },
    async (request) => ({ data: await listBlocked(db, signedInUser(request)) }),
  );
}
