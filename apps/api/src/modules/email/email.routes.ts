import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailVerificationResponse, emailVerifyBody, emailVerifyResponse } from '@acervo/contract/email';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { attemptLimit } from '../auth/attempts.service.ts';
import { resendVerificationMail, verifyEmail } from './email.service.ts';

const tags = ['email'];

/** Issue 23's anchor: three verification mails per person per hour. */
const RESEND_PER_PERSON = { purpose: 'verification', max: 3, seconds: 60 * 60 };

export async function emailRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const perIp = perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP);
  const resendLimit = attemptLimit(db, RESEND_PER_PERSON);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/email/verify',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Verify the e-mail a verification link was sent to (the token of /verify-email/{token})',
        description: 'A link is valid 24 hours and once; no sign-in needed (it may open on another device).',
        body: emailVerifyBody,
        response: { 200: emailVerifyResponse, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request) => {
      const userId = await verifyEmail(db, request.body.token);
      request.log.info({ userId }, 'e-mail verified');
      return { data: { verified: true as const } };
    },
  );

  r.post(
    '/email/verification',
    {
      config: perIp,
      onRequest: signInRequired,
      schema: {
        tags,
        summary: 'Mail the signed-in person a new verification link (3 per hour); voids the older ones',
        security: bearerSecurity,
        response: {
          202: emailVerificationResponse,
          401: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const me = signedInUser(request);
      await resendLimit(reply, me.id);
      await resendVerificationMail(db, me.id, config.PUBLIC_URL);
      return reply.status(202).send({ data: { sent: true as const } });
    },
  );
}
