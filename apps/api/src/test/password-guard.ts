import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * What every route that checks a password while signed in must do (decision 022, issue 23): with
 * `AUTH_RATE_LIMIT_PER_ACCOUNT` at 3, three wrong passwords from one address are refused (400)
 * and the fourth try is a 429, even with the right password, and so is signing in from that
 * address: the same counters as sign-in. `attempt` sends the password from `10.0.0.1`.
 */
export async function expectGuardedLikeSignIn(
  app: FastifyInstance,
  who: { user_email: string; password: string },
  attempt: (password: string) => Promise<LightMyRequestResponse>,
): Promise<void> {
  const codes = [];
  for (let i = 0; i < 4; i++) codes.push((await attempt('outraSenha123')).statusCode);
  expect(codes).toEqual([400, 400, 400, 429]);
  const waiting = await attempt(who.password);
  expect(waiting.statusCode).toBe(429);
  expect(waiting.json().error.code).toBe('RATE_LIMITED');
  expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    remoteAddress: '10.0.0.1',
    payload: { user: { email: who.user_email, password: 'outraSenha123' } },
  });
  expect(login.statusCode).toBe(429);
}
