import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoutResponse, registrationBody, sessionBody, sessionResponse } from '@acervo/contract/auth';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearerSecurity, requireUser } from '../../plugins/authentication.ts';
import { login, logout, register } from './auth.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

function tooManyAttempts(reply: FastifyReply, ttlInSeconds: number): AppError {
  reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  return new AppError(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um pouco e tente novamente.');
}

export async function authRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const options = { sessionTtlDays: config.SESSION_TTL_DAYS };
  const perIp = { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_IP, timeWindow: '1 minute' } };
  // Guessing one account's password from many addresses is limited by the account key.
  const perAccount = app.createRateLimit({
    max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    timeWindow: '15 minutes',
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: string; user?: { email?: string } };
      return `account:${body.user?.email ?? body.email ?? ''}`;
    },
  });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/registration',
    {
      config: perIp,
      schema: {
        tags: ['session'],
        summary: 'Create an account and sign in',
        body: registrationBody,
        response: { 201: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const limit = await perAccount(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooManyAttempts(reply, limit.ttlInSeconds);
      const session = await register(db, request.body, options);
      request.log.info({ userId: session.user_id }, 'account registered');
      return reply.status(201).send({ data: session });
    },
  );

  r.post(
    '/session',
    {
      config: perIp,
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: sessionBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const status = await perAccount(request, { increment: false });
      if (!status.isAllowed && status.isExceeded) throw tooManyAttempts(reply, status.ttlInSeconds);
      try {
        return { data: await login(db, request.body.user, options) };
      } catch (err) {
        // Only failures count against the account, so its owner is never locked out by success.
        if (err instanceof AppError && err.statusCode === 401) await perAccount(request);
        throw err;
      }
    },
  );

  r.delete(
    '/session',
    {
      schema: {
        tags: ['session'],
        summary: 'Sign out: revoke the presented access token',
        security: bearerSecurity,
        response: { 200: logoutResponse, 401: errorBodySchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await logout(db, user.tokenHash);
      return { data: { signed_out: true as const } };
    },
  );
}
