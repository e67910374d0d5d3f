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
import { countedWithin } from '../../plugins/rate-limit.ts';
import { isOperator } from '../admin/operator.ts';
import { pageViewCounts, recordPageView } from './analytics.service.ts';

/**
 * Page views one address may have counted a minute; past it a view is answered but not counted.
 * A refusal (429) showed as an error in the console of everyone behind a shared address (a
 * carrier's NAT, an office) for a count nobody sees.
 */
const PAGE_VIEWS_PER_IP_PER_MINUTE = 120;

/** Do Not Track and Global Privacy Control: the visitor asked not to be counted. */
const optedOut = (request: FastifyRequest) =>
  request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';

export async function analyticsRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const perIp = app.createRateLimit({
    max: PAGE_VIEWS_PER_IP_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `pageview:ip:${request.ip}`,
  });

  r.post(
    '/pageview',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Count a page view of a route pattern (used when Google Analytics is not configured)',
        description:
          'Only a pattern of PAGE_PATTERNS (`/lists/:id`, `/reset/*`): a raw path with an id or token is a 400. ' +
          `An address has at most ${PAGE_VIEWS_PER_IP_PER_MINUTE} views a minute counted; past that, and with ` +
          'Do Not Track or Global Privacy Control, the answer is `counted: false`.',
        body: pageViewBody,
        response: { 202: pageViewResponse, 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      // The web does not send when DNT is on; the server honours it too, for any other client.
      // The cap only stops one client inflating the counts.
      const counted = !optedOut(request) && (await countedWithin(perIp, request));
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
        summary:
          'Page views per route pattern per day, a page at a time (operators only: a verified e-mail in ADMIN_EMAILS)',
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
      if (!(await isOperator(db, signedInUser(request), config))) throw forbidden();
      return pageViewCounts(db, request.query);
    },
  );
}
