import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
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
