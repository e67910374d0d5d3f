import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contactBody, contactResponse } from '@acervo/contract/contact';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { captchaRequired, type CaptchaVerifier } from '../captcha/captcha.service.ts';
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
      preHandler: captchaRequired(captcha),
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team (stored, then mailed to CONTACT_EMAIL)',
        body: contactBody,
        response: { 201: contactResponse, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await receiveContactMessage(db, request.body, config.CONTACT_EMAIL);
      return reply.status(201).send({ data: { received: true as const } });
    },
  );
}
