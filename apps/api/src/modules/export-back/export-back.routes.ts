import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@acervo/contract/errors';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPerson } from '../../plugins/rate-limit.ts';
import { assertOwnAccount } from '../user/user.service.ts';
import { goodreadsCsv, letterboxdCsv } from './export-back.service.ts';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };
const tags = ['users'];

/** Export back (issue 27, decision 055): one's films for Letterboxd, one's books for Goodreads. */
export async function exportBackRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  // Each file reads all of a person's items of a category: ACCOUNT_EXPORTS_PER_HOUR of each, as
  // the JSON export (the two files are counted apart: someone leaving takes both at once).
  const limitOf = (site: string) =>
    perPerson(app, {
      name: `account-export-${site}`,
      max: config.ACCOUNT_EXPORTS_PER_HOUR,
      timeWindow: '1 hour',
    });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const files = [
    ['letterboxd', letterboxdCsv, "The caller's films as a CSV Letterboxd's importer reads"],
    ['goodreads', goodreadsCsv, "The caller's books as a CSV Goodreads' importer reads"],
  ] as const;
  for (const [site, write, summary] of files) {
    const limit = limitOf(site);
    r.get(
      `/user/:user_id/export/${site}`,
      {
        schema: {
          tags,
          summary,
          security: bearerSecurity,
          params: userParams,
          response: { 200: z.string(), ...errors },
        },
      },
      async (request, reply) => {
        const user = signedInUser(request);
        // Counted once the caller is known to be the owner: a 403 or 404 costs no export.
        await assertOwnAccount(db, request.params.user_id, user);
        await limit(request, reply);
        const body = await write(db, user);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="acervo-${site}-${day}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );
  }
}
