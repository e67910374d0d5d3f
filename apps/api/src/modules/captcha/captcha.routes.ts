import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { altchaChallengeSchema } from '@acervo/contract/captcha';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Config } from '../../env.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import type { CaptchaVerifier } from './captcha.service.ts';

export async function captchaRoutes(
  app: FastifyInstance,
  { captcha, config }: { captcha: CaptchaVerifier; config: Config },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/captcha/challenge',
    {
      config: perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP),
      schema: {
        tags: ['captcha'],
        summary: 'A new ALTCHA proof-of-work challenge (CAPTCHA_PROVIDER=altcha)',
        description:
          'Answered bare, not in `data`: the ALTCHA widget fetches this URL itself. 404 with other providers.',
        response: { 200: altchaChallengeSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (_request, reply) => {
      // Each challenge is single-use; a cached one would be refused as a replay.
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );
}
