import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordChangeBody,
  passwordChangeResponse,
  passwordResetBody,
  passwordResetRequestBody,
  passwordResetRequestResponse,
  passwordResetResponse,
} from '@acervo/contract/auth';
import { errorBodySchema } from '@acervo/contract/errors';
import { userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perIpPerMinute } from '../../plugins/rate-limit.ts';
import { captchaRequired, type CaptchaVerifier } from '../captcha/captcha.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { passwordGuard, recoveryLimit } from '../auth/attempts.service.ts';
import { assertOwnAccount } from '../user/user.service.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password.service.ts';

const tags = ['password'];
const errors = { 400: errorBodySchema, 429: errorBodySchema };

const isWrongPassword = (err: unknown) =>
  err instanceof AppError && err.fields?.old_password === 'oldPasswordWrong';

export async function passwordRoutes(
  app: FastifyInstance,
  { db, config, captcha }: { db: Db; config: Config; captcha: CaptchaVerifier },
): Promise<void> {
  const perIp = perIpPerMinute(config.AUTH_RATE_LIMIT_PER_IP);
  // Per account and address, and per account with addresses it signed in from exempt (issue 23).
  const limitRecovery = recoveryLimit(db, {
    perAddress: config.AUTH_RECOVERY_PER_ADDRESS,
    perAccount: config.AUTH_RECOVERY_PER_ACCOUNT,
  });
  // The current password asked here counts with sign-in's failures (decision 022): otherwise a
  // stolen session could guess it without limit (issue 23).
  const guardPassword = passwordGuard(db, config);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/password/recovery',
    {
      config: perIp,
      preHandler: captchaRequired(captcha),
      schema: {
        tags,
        summary: 'Mail a password reset link to the account of this e-mail, if there is one',
        description: 'The same 202, as fast, whether or not the account exists.',
        body: passwordResetRequestBody,
        response: { 202: passwordResetRequestResponse, ...errors },
      },
    },
    async (request, reply) => {
      await limitRecovery(request, reply, request.body.email);
      // Answered before the account is even looked up, so neither the answer nor its timing says
      // whether it exists; the token and its mail commit together right after.
      await reply.status(202).send({ data: { requested: true as const } });
      await requestPasswordReset(db, request.body.email, config.PUBLIC_URL).catch((err: unknown) =>
        request.log.error({ err }, 'password reset request failed'),
      );
      return reply;
    },
  );

  r.post(
    '/password/reset',
    {
      config: perIp,
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset mail; signs out every session',
        body: passwordResetBody,
        response: { 200: passwordResetResponse, ...errors },
      },
    },
    async (request) => {
      const userId = await resetPassword(db, request.body, config.PUBLIC_URL);
      app.sessionCache.forgetUser(userId);
      return { data: { reset: true as const } };
    },
  );

  r.put(
    '/user/:user_id/password',
    {
      config: perIp,
      onRequest: signInRequired,
      schema: {
        tags,
        summary: "Change the caller's password; signs out their other sessions",
        security: bearerSecurity,
        params: userParams,
        body: passwordChangeBody,
        response: {
          200: passwordChangeResponse,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await assertOwnAccount(db, request.params.user_id, user);
      await guardPassword(
        request,
        reply,
        user.email,
        () => changePassword(db, user.id, user.tokenHash, request.body, config.PUBLIC_URL),
        isWrongPassword,
      );
      app.sessionCache.forgetUser(user.id);
      return { data: { changed: true as const } };
    },
  );
}
