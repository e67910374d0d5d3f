import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const tooManyAttempts = () =>
  new AppError(429, 'RATE_LIMITED', 'Muitas tentativas. Aguarde um pouco e tente novamente.');

/**
 * Rate limits are opt-in per route. Whichever limit is hit, the client gets the same 429
 * `RATE_LIMITED` body and a `Retry-After` header.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyAttempts });
}

/** Route `config` for at most `max` requests a minute from one IP address. */
export const perIpPerMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Counts (or only checks) the request against `limiter`; 429 with Retry-After once it is over. */
async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, increment: boolean) {
  const status = await limiter(request, { increment });
  if (status.isAllowed || !status.isExceeded) return;
  reply.header('retry-after', String(Math.max(1, status.ttlInSeconds)));
  throw tooManyAttempts();
}

/**
 * A `preHandler` allowing one signed-in person at most `max` requests a minute over every route
 * that uses it (one shared count, whatever their address). Runs after authentication, which the
 * key needs.
 */
export function perPersonPerMinute(app: FastifyInstance, max: number) {
  const limiter = app.createRateLimit({
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `person:${request.user?.id ?? request.ip}`,
  });
  return (request: FastifyRequest, reply: FastifyReply) => enforce(limiter, request, reply, true);
}

/** A per-account limit shared by the routes that carry an e-mail in their body. */
export interface AccountLimit {
  /** Counts this request against its account; 429 once the account is over its limit. */
  countAttempt(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /**
   * Runs `attempt` while the account is within its limit and counts it only when it fails with
   * 401, so an owner who knows the password is never locked out by their own sign-ins.
   */
  countFailures<T>(request: FastifyRequest, reply: FastifyReply, attempt: () => Promise<T>): Promise<T>;
}

/**
 * Keyed by the e-mail of the body (`{ email }` or `{ user: { email } }`), so guessing one account's
 * password from many addresses is limited too. The body is already validated when handlers call it.
 */
export function perAccount(
  app: FastifyInstance,
  // Limiters share one store: each purpose counts under its own key prefix.
  { max, timeWindow, purpose = 'account' }: { max: number; timeWindow: string; purpose?: string },
): AccountLimit {
  const limiter = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (request: FastifyRequest) => {
      const body = request.body as { email?: string; user?: { email?: string } };
      return `${purpose}:${body.user?.email ?? body.email ?? ''}`;
    },
  });

  return {
    countAttempt: (request, reply) => enforce(limiter, request, reply, true),
    async countFailures(request, reply, attempt) {
      await enforce(limiter, request, reply, false);
      try {
        return await attempt();
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 401) await limiter(request);
        throw err;
      }
    },
  };
}
