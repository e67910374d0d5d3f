import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { tasteResponse } from '@acervo/contract/taste';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { readTaste } from './taste.service.ts';

export async function tasteRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // It answers for the signed-in viewer: 401 before any validation.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id/taste',
    {
      schema: {
        tags: ['users'],
        summary:
          "Taste in common: the caller's ratings compared with the person's, a 0-100 match (null below 5 works in common), agreements and the biggest disagreement",
        security: bearerSecurity,
        params: userParams,
        response: {
          200: tasteResponse,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => ({ data: await readTaste(db, request.params.user_id, signedInUser(request)) }),
  );
}
