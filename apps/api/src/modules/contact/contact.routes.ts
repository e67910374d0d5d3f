import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBody, contactResponse } from '@acervo/contract/contact';
import { errorBodySchema } from '@acervo/contract/errors';
import { idempotencyHeaders } from '@acervo/contract/idempotency';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { captchaRequired, type CaptchaVerifier } from '../captcha/captcha.service.ts';
import { replayStoredAnswer, respondOnce } from '../idempotency/idempotency.service.ts';
import { receiveContactMessage } from './contact.service.ts';

export async function contactRoutes(
  app: FastifyInstance,
  { db, config, captcha }: { db: Db; config: Config; captcha: CaptchaVerifier },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/contact',
    {
      // Per hour, not per minute: a person writes a message now and then; a script writes many.
      config: { rateLimit: { max: config.CONTACT_RATE_LIMIT_PER_IP, timeWindow: '1 hour' } },
      // A retry is answered before its captcha token, used by the first try, is checked again.
      preHandler: [replayStoredAnswer(db), captchaRequired(captcha)],
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team (stored, then mailed to CONTACT_EMAIL)',
        headers: idempotencyHeaders,
        body: contactBody,
        response: { 201: contactResponse, 400: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) =>
      respondOnce(db, request, reply, async (tx) => {
        await receiveContactMessage(tx, request.body, config.CONTACT_EMAIL);
        return { status: 201, body: { data: { received: true as const } } };
      }),
  );
}
