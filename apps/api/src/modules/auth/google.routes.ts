import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionResponse } from '@acervo/contract/auth';
import { errorBodySchema } from '@acervo/contract/errors';
import { googleSessionBody } from '@acervo/contract/google';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { googleTokenVerifier, signInWithGoogle } from './google.service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

export async function googleSessionRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  // One verifier per app: it holds the cached Google keys.
  const verify = googleTokenVerifier(config);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/session/google',
    {
      config: perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP),
      schema: {
        tags: ['session'],
        summary: "Sign in with a Google ID token ('Login com Google'); creates the account the first time",
        body: googleSessionBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request) => {
      const identity = await verify(request.body.credential);
      const { session, outcome } = await signInWithGoogle(db, identity, {
        sessionTtlDays: config.SESSION_TTL_DAYS,
        locale: request.body.locale ?? 'pt',
      });
      request.log.info({ userId: session.user_id, outcome }, 'google sign-in');
      return { data: session };
    },
  );
}
