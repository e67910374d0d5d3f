import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pageViewBody,
  pageViewResponse,
  pageViewsQuery,
  pageViewsResponse,
} from '@acervo/contract/analytics';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { forbidden } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { pageViewCounts, recordPageView } from './analytics.service.ts';

/** Do Not Track and Global Privacy Control: the visitor asked not to be counted. */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

export async function analyticsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const operators = new Set(config.ADMIN_EMAILS);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/pageview',
    {
      // A page view per navigation; the cap only stops one client inflating the counts.
      config: perIpPerMinute(120),
      schema: {
        tags: ['analytics'],
        summary: 'Count a page view (used when Google Analytics is not configured)',
        body: pageViewBody,
        response: { 202: pageViewResponse, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The web does not send when DNT is on; the server honours it too, for any other client.
      const counted = !optedOut(request);
      if (counted) await recordPageView(db, request.body.path);
      return reply.status(202).send({ data: { counted } });
    },
  );

  r.get(
    '/admin/pageviews',
    {
      onRequest: signInRequired,
      schema: {
        tags: ['analytics'],
        summary: 'Page views per path per day (operators listed in ADMIN_EMAILS only)',
        security: bearerSecurity,
        querystring: pageViewsQuery,
        response: {
          200: pageViewsResponse,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      if (!operators.has(signedInUser(request).email)) throw forbidden();
      return { data: await pageViewCounts(db, request.query.days) };
    },
  );
}
