import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { timelinePageResponse, timelineQuery } from '@acervo/contract/timeline';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { readProfileActivity, readTimeline } from './timeline.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema };
const tags = ['timeline'];

export async function timelineRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Both answer for the signed-in viewer: 401 before any validation.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/timeline',
    {
      schema: {
        tags,
        summary:
          'Seguindo: what the people and collections the caller follows did, newest first, bursts grouped',
        security: bearerSecurity,
        querystring: timelineQuery,
        response: { 200: timelinePageResponse, ...errors },
      },
    },
    async (request) => readTimeline(db, signedInUser(request), request.query.cursor),
  );

  r.get(
    '/user/:user_id/activity',
    {
      schema: {
        tags,
        summary: "A person's public activity, newest first, as the caller may see it",
        security: bearerSecurity,
        params: userParams,
        querystring: timelineQuery,
        response: { 200: timelinePageResponse, 404: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      readProfileActivity(db, request.params.user_id, signedInUser(request), request.query.cursor),
  );
}
