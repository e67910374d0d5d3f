import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountDeletedResponse, accountDeletionBody, accountExportSchema } from '@acervo/contract/account';
import { errorBodySchema } from '@acervo/contract/errors';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { deleteAccount, exportAccount } from './account.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['users'];

/** The person's data export and account deletion (LGPD). */
export async function accountRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: MediaStorage },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/export',
    {
      schema: {
        tags,
        summary: 'Download everything stored about the caller as a JSON file',
        security: bearerSecurity,
        params: userParams,
        response: { 200: accountExportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const data = await exportAccount(db, request.params.user_id, user);
      const day = data.exported_at.slice(0, 10);
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="acervo-${user.id}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
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
        response: { 200: accountDeletedResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await deleteAccount(db, storage, request.params.user_id, user, request.body);
      // Its sessions went with it (ON DELETE CASCADE); other processes hear it from the database.
      app.sessionCache.forgetUser(user.id);
      return { data: { deleted: true as const } };
    },
  );
}
