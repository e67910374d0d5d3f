import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { statsResponse } from '@acervo/contract/stats';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { readStats } from './stats.service.ts';

export async function statsRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  // Profiles are for signed-in people: 401 before any validation.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/stats',
    {
      schema: {
        tags: ['users'],
        summary:
          "A person's taste in figures (ratings histogram, categories, activity per day over a year, generous or harsh, closest people, most liked collection), all of one's own, and for everyone else what anyone may read (public collections)",
        security: bearerSecurity,
        params: userParams,
        response: { 200: statsResponse, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => ({
      data: await readStats(db, request.params.user_id, signedInUser(request), heavy),
    }),
  );
}
