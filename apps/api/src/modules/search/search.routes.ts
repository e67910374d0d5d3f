import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { searchPageResponse, searchQuery } from '@acervo/contract/search';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPersonPerMinute } from '../../plugins/rate-limit.ts';
import { search } from './search.service.ts';

export async function searchRoutes(
  app: FastifyInstance,
  { db, config, heavy }: { db: Db; config: Config; heavy: HeavyReads },
): Promise<void> {
  // Search reads collections and profiles, which are behind the sign-in guard: 401 first.
  app.addHook('onRequest', signInRequired);
  // Each search reads an index and ranks up to SEARCH_CANDIDATES rows (issue 23).
  const perPerson = perPersonPerMinute(app, config.SEARCHES_PER_MINUTE, 'search');

  app.withTypeProvider<ZodTypeProvider>().get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Ranked collections, items or people matching `q` that the caller may see',
        security: bearerSecurity,
        querystring: searchQuery,
        response: {
          200: searchPageResponse,
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
      preHandler: perPerson,
    },
    async (request) =>
      heavy(() => search(db, signedInUser(request), request.query, config.SEARCH_CANDIDATES)),
  );
}
