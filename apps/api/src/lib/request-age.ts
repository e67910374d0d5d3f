import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * When the HTTP request that work is done for came in (`performance.now()` of this thread), for the
 * embedded database to run the oldest request's statements first (decision 080). Work done for no
 * request (a job, a migration) is as old as the moment it asks.
 */
const arrivals = new AsyncLocalStorage<number>();

export const requestAge = (): number => arrivals.getStore() ?? performance.now();

/** Runs `work` as part of a request that came in at `arrivedAt` (`performance.now()`). */
export const asRequestArrivedAt = <T>(arrivedAt: number, work: () => T): T => arrivals.run(arrivedAt, work);

/**
 * Stamps every request with its arrival: its hooks, body and handler run within it, as
 * @fastify/request-context does.
 */
export function stampRequestAge(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, _reply, done) => asRequestArrivedAt(performance.now(), done));
}
