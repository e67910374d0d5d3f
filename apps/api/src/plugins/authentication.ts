import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { unauthenticated } from '../lib/app-error.ts';
import { bearerToken, hashToken } from '../lib/tokens.ts';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for an anonymous request. */
    user: AuthUser | null;
  }
}

const SESSION_LOOKUP = `
  SELECT u.id, u.name, u.email
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = $1 AND s.expires_at > now()`;

/**
 * Resolves `Authorization: Bearer <token>` on every API request. A token that is presented but
 * revoked, expired or malformed is a 401 everywhere, even on routes that allow anonymous access,
 * so a client never silently continues as a stranger.
 */
export function registerAuthentication(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header) return;
    const token = bearerToken(header);
    if (!token) throw unauthenticated();
    const tokenHash = hashToken(token);
    const [row] = await db.query<{ id: string; name: string; email: string }>(
      SESSION_LOOKUP,
      [tokenHash],
      'session_lookup',
    );
    if (!row) throw unauthenticated();
    request.user = { ...row, tokenHash };
  });
}

/** For handlers that need a signed-in user: returns it or throws the 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** OpenAPI marker for routes that need the bearer token. */
export const bearerSecurity = [{ bearerAuth: [] }];
