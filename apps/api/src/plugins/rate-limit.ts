import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

export const tooManyAttempts = () =>
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
