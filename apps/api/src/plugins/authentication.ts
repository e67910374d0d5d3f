import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { unauthenticated } from '../lib/app-error.ts';
import { bearerToken, hashToken } from '../lib/tokens.ts';
import { sessionUser } from '../modules/auth/auth.service.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  tokenHash: string;
  /** The public id of the session the request came with (the security page lists them). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who a token belongs to, for a few seconds; routes that end sessions evict them here. */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route also answers anonymous callers, in a module otherwise behind `signInRequired`;
     * its service decides what they may see (issue 12: public collections open from a link).
     */
    anonymous?: boolean;
  }
}

/**
 * Resolves `Authorization: Bearer <token>` on every API request. A token that is presented but
 * revoked, expired or malformed is a 401 everywhere, even on routes that allow anonymous access,
 * so a client never silently continues as a stranger. Known tokens are answered from a
 * short-lived cache (decision 023): the lookup was a database round trip on every request.
 */
export async function registerAuthentication(
  app: FastifyInstance,
  db: Db,
  options: { idleDays: number; cacheSeconds: number },
): Promise<void> {
  const cache = new SessionCache(options.cacheSeconds * 1000);
  const stopListening = await cache.listenForEndedSessions(db);
  app.addHook('onClose', stopListening);
  app.decorate('sessionCache', cache);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = bearerToken(header);
    if (!token) throw unauthenticated();
    const tokenHash = hashToken(token);
    let user = cache.get(tokenHash);
    if (!user) {
      const epoch = cache.epoch;
      user = await sessionUser(db, tokenHash, options.idleDays);
      if (!user) throw unauthenticated();
      cache.set(tokenHash, user, epoch);
    }
    request.user = {
      id: user.id,
      name: user.name,
      email: user.email,
      sessionId: user.sessionId,
      tokenHash,
    };
  });
}

/**
 * The sign-in guard, as an `onRequest` hook of a module (`app.addHook('onRequest', signInRequired)`)
 * or of one route: an anonymous request gets its 401 before any validation or lookup, unless the
 * route is marked `config: { anonymous: true }`.
 */
export async function signInRequired(request: FastifyRequest): Promise<void> {
  if (!request.user && !request.routeOptions.config.anonymous) throw unauthenticated();
}

/**
 * The user of a request on a route behind `signInRequired`, typed as present. Reaching here
 * without one is a route wired without the guard: a bug (500), not the client's 401.
 */
export function signedInUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new Error(`${request.routeOptions.url ?? 'route'} is missing signInRequired`);
  return request.user;
}

/** OpenAPI marker for routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
