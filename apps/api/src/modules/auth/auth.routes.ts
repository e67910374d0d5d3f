import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logoutResponse, registrationBody, sessionBody, sessionResponse } from '@acervo/contract/auth';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perAccount, perIpPerMinute } from '../../plugins/rate-limit.ts';
import { captchaRequired, type CaptchaVerifier } from '../captcha/captcha.service.ts';
import { login, logout, register } from './auth.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };

export async function authRoutes(
  app: FastifyInstance,
  { db, config, captcha }: { db: Db; config: Config; captcha: CaptchaVerifier },
): Promise<void> {
  const withCaptcha = { preHandler: captchaRequired(captcha) };
  const options = { sessionTtlDays: config.SESSION_TTL_DAYS };
  const perIp = perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP);
  const accountLimit = perAccount(app, { max: config.AUTH_RATE_LIMIT_PER_ACCOUNT, timeWindow: '15 minutes' });

  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/registration',
    {
      config: perIp,
      ...withCaptcha,
      schema: {
        tags: ['session'],
        summary: 'Create an account and sign in',
        body: registrationBody,
        response: { 201: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      await accountLimit.countAttempt(request, reply);
      const session = await register(db, request.body, options);
      request.log.info({ userId: session.user_id }, 'account registered');
      return reply.status(201).send({ data: session });
    },
  );

  r.post(
    '/session',
    {
      config: perIp,
      // The spec's remote flag: the login form asks for the captcha only while it is on.
      ...(config.CAPTCHA_ON_LOGIN ? withCaptcha : {}),
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password',
        body: sessionBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const session = await accountLimit.countFailures(request, reply, () =>
        login(db, request.body.user, options),
      );
      return { data: session };
    },
  );

  r.delete(
    '/session',
    {
      onRequest: signInRequired,
      schema: {
        tags: ['session'],
        summary: 'Sign out: revoke the presented access token',
        security: bearerSecurity,
        response: { 200: logoutResponse, 401: errorBodySchema },
      },
    },
    async (request) => {
      await logout(db, signedInUser(request).tokenHash);
      return { data: { signed_out: true as const } };
    },
  );
}
