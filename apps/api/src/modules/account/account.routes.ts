import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountDeletedResponse,
  accountDeletionBody,
  accountExportSchema,
  type AccountExport,
} from '@acervo/contract/account';
import { errorBodySchema } from '@acervo/contract/errors';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPerson } from '../../plugins/rate-limit.ts';
import { passwordGuard } from '../auth/attempts.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { deleteAccount, openAccountExport } from './account.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const isWrongPassword = (err: unknown) =>
  err instanceof AppError && err.fields?.password === 'deletionPasswordWrong';
const tags = ['users'];

/** The person's data export and account deletion (LGPD). */
export async function accountRoutes(
  app: FastifyInstance,
  { db, storage, config }: { db: Db; storage: MediaStorage; config: Config },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  // The password asked again here counts with sign-in's failures (decision 022).
  const guardPassword = passwordGuard(db, config);
  // Exports are heavy to read: ACCOUNT_EXPORTS_PER_HOUR per person (issue 23).
  const exportLimit = perPerson(app, {
    name: 'account-export',
    max: config.ACCOUNT_EXPORTS_PER_HOUR,
    timeWindow: '1 hour',
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/export',
    {
      schema: {
        tags,
        summary: 'Download everything stored about the caller as a JSON file',
        security: bearerSecurity,
        params: userParams,
        response: { 200: accountExportSchema, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { exportedAt, chunks } = await openAccountExport(db, request.params.user_id, user);
      // Counted once the caller is known to be the owner: a 403 or 404 costs no export.
      await exportLimit(request, reply);
      const day = exportedAt.slice(0, 10);
      return (
        reply
          .type('application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="acervo-${user.id}-${day}.json"`)
          .header('cache-control', 'no-store')
          // A stream is sent as it is, never serialized: the schema above documents its JSON.
          .send(Readable.from(chunks) as unknown as AccountExport)
      );
    },
  );

  r.delete(
    '/user/:user_id',
    {
      schema: {
        tags,
        summary:
          "Delete the caller's account and everything of theirs (confirmed by password, or by e-mail without one)",
        security: bearerSecurity,
        params: userParams,
        body: accountDeletionBody,
        response: { 200: accountDeletedResponse, ...errors, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await guardPassword(
        request,
        reply,
        user.email,
        () => deleteAccount(db, storage, request.params.user_id, user, request.body),
        isWrongPassword,
      );
      // Its sessions went with it (ON DELETE CASCADE); other processes hear it from the database.
      app.sessionCache.forgetUser(user.id);
      return { data: { deleted: true as const } };
    },
  );
}
