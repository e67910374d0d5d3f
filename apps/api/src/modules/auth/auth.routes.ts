import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  logoutResponse,
  registrationBody,
  sessionBody,
  sessionListResponse,
  sessionParams,
  sessionResponse,
  signedOutEverywhereResponse,
} from '@acervo/contract/auth';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { captchaRequired, type CaptchaVerifier } from '../captcha/captcha.service.ts';
import { attemptLimit, passwordGuard } from './attempts.service.ts';
import {
  listSessions,
  login,
  logout,
  register,
  revokeAllSessions,
  revokeSession,
  SESSIONS_LISTED,
  type ClientInfo,
} from './auth.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const signedIn = { onRequest: signInRequired, security: bearerSecurity };

/** What a new session keeps about the device that opened it. */
export const clientInfo = (request: FastifyRequest): ClientInfo => ({
  userAgent: request.headers['user-agent'],
});

export async function authRoutes(
  app: FastifyInstance,
  { db, config, captcha }: { db: Db; config: Config; captcha: CaptchaVerifier },
): Promise<void> {
  const withCaptcha = { preHandler: captchaRequired(captcha) };
  const options = { sessionTtlDays: config.SESSION_TTL_DAYS };
  const perIp = perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP);
  // Registration attempts count on their own: trying someone's e-mail never blocks their sign-in.
  const registrationLimit = attemptLimit(db, {
    purpose: 'registration',
    max: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    seconds: 15 * 60,
  });
  const guardLogin = passwordGuard(db, config);

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
      await registrationLimit(reply, request.body.email);
      const session = await register(
        db,
        request.body,
        { ...options, publicUrl: config.PUBLIC_URL },
        clientInfo(request),
      );
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
        description:
          'Failures are counted per account and address: a stranger guessing never locks the owner out.',
        body: sessionBody,
        response: { 200: sessionResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = request.body;
      const session = await guardLogin(request, reply, user.email, () =>
        login(db, user, options, clientInfo(request)),
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
      const { tokenHash } = signedInUser(request);
      await logout(db, tokenHash);
      // Other processes hear it from the database (decision 023); this one forgets it before answering.
      app.sessionCache.forgetToken(tokenHash);
      return { data: { signed_out: true as const } };
    },
  );

  r.get(
    '/sessions',
    {
      onRequest: signedIn.onRequest,
      schema: {
        tags: ['session'],
        summary: `The signed-in person's live sessions (devices), the current one marked: the ${SESSIONS_LISTED} used last, the current one always among them`,
        security: signedIn.security,
        response: { 200: sessionListResponse, 401: errorBodySchema },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      return { data: await listSessions(db, me.id, me.sessionId, config.SESSION_IDLE_DAYS) };
    },
  );

  r.delete(
    '/sessions/:id',
    {
      onRequest: signedIn.onRequest,
      schema: {
        tags: ['session'],
        summary: 'End one of your sessions (sign a device out)',
        security: signedIn.security,
        params: sessionParams,
        response: { 200: logoutResponse, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      await revokeSession(db, me.id, request.params.id);
      app.sessionCache.forgetUser(me.id);
      return { data: { signed_out: true as const } };
    },
  );

  r.delete(
    '/sessions',
    {
      onRequest: signedIn.onRequest,
      schema: {
        tags: ['session'],
        summary: 'Sign out of every device, this one included',
        security: signedIn.security,
        response: { 200: signedOutEverywhereResponse, 401: errorBodySchema },
      },
    },
    async (request) => {
      const me = signedInUser(request);
      const revoked = await revokeAllSessions(db, me.id);
      app.sessionCache.forgetUser(me.id);
      return { data: { revoked } };
    },
  );
}
