import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  digestSettingsResponse,
  digestSettingsSchema,
  digestUnsubscribeQuery,
  digestUnsubscribeRedirect,
  digestUnsubscribeResponse,
} from '@acervo/contract/digest';
import { errorBodySchema } from '@acervo/contract/errors';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { siteLink } from '../../lib/site-link.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { getDigest, setDigest, unsubscribe } from './digest.service.ts';

const tags = ['digest'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function digestRoutes(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  const perIp = perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // RFC 8058: a mail client's one-click POST is a form (`List-Unsubscribe=One-Click`), urlencoded
  // or multipart. Its body says nothing the URL does not, so it is read as text and ignored.
  // Only in this plugin's scope: elsewhere such bodies stay 415.
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, undefined),
    );
  }

  r.get(
    '/user/:user_id/digest',
    {
      onRequest: signInRequired,
      schema: {
        tags,
        summary: "The caller's digest by mail: off, daily or weekly",
        security: bearerSecurity,
        params: userParams,
        response: { 200: digestSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      data: { digest: await getDigest(db, request.params.user_id, signedInUser(request)) },
    }),
  );

  r.put(
    '/user/:user_id/digest',
    {
      onRequest: signInRequired,
      schema: {
        tags,
        summary: 'Turn the digest by mail on (daily or weekly) or off',
        security: bearerSecurity,
        params: userParams,
        body: digestSettingsSchema,
        response: { 200: digestSettingsResponse, ...errors },
      },
    },
    async (request) => ({
      data: {
        digest: await setDigest(db, request.params.user_id, signedInUser(request), request.body.digest),
      },
    }),
  );

  // Mail scanners open links: a GET never unsubscribes, it sends the person to the web's page,
  // whose button POSTs. The token travels on in the path (redacted from logs like other tokens).
  r.get(
    '/digest/unsubscribe',
    {
      config: perIp,
      schema: {
        tags,
        summary: "The digest mail's unsubscribe link opened in a browser: redirects to the confirm page",
        querystring: digestUnsubscribeQuery,
        response: { 303: digestUnsubscribeRedirect, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = siteLink(
        config.PUBLIC_URL,
        `/digest/unsubscribe/${encodeURIComponent(request.query.token)}`,
      );
      return reply
        .code(303)
        .header('location', page)
        .send({ data: { confirm_page: page } });
    },
  );

  r.post(
    '/digest/unsubscribe',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'One-click unsubscribe (RFC 8058): turns the digest off, no sign-in needed',
        description:
          'The token is the `token` of the List-Unsubscribe URL; any body (`List-Unsubscribe=One-Click`) is accepted.',
        querystring: digestUnsubscribeQuery,
        response: { 200: digestUnsubscribeResponse, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      await unsubscribe(db, request.query.token);
      return { data: { digest: 'off' as const } };
    },
  );
}
