import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { localeBody, localeResponse } from '@acervo/contract/auth';
import { accountBody, userAccountResponse, userParams, userResponse } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { getUser, setLocale, updateAccount } from './user.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['users'];

export async function userRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Profiles are behind the sign-in guard: 401 before any validation or lookup.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/user/:user_id',
    {
      schema: {
        tags,
        summary: 'A profile with its counters; the account fields too when it is the caller',
        security: bearerSecurity,
        params: userParams,
        response: { 200: userResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await getUser(db, request.params.user_id, user) };
    },
  );

  r.put(
    '/user/:user_id',
    {
      schema: {
        tags,
        summary: "Update the caller's own account data (all fields required)",
        security: bearerSecurity,
        params: userParams,
        body: accountBody,
        response: { 200: userAccountResponse, 403: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await updateAccount(db, request.params.user_id, user, request.body) };
    },
  );

  r.put(
    '/user/:user_id/locale',
    {
      schema: {
        tags,
        summary: "Set the language of the caller's mails (the web's current language)",
        security: bearerSecurity,
        params: userParams,
        body: localeBody,
        response: { 200: localeResponse, 403: errorBodySchema, ...errors },
      },
    },
    async (request) => {
      await setLocale(db, request.params.user_id, signedInUser(request), request.body.locale);
      return { data: { locale: request.body.locale } };
    },
  );
}
