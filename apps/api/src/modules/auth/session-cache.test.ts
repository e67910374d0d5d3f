import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';

// Decision 023: each API process remembers who a token belongs to for SESSION_CACHE_SECONDS (30
// here, the default: far longer than any test waits). Whatever ends a session must end it at once
// on the process that ended it, and on every other process over the same database as soon as the
// database's notification arrives.

let ctx: TestContext;
/** Two API processes over one database, as behind a load balancer. */
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  nodeA = ctx.app;
  nodeB = await ctx.buildApp();
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
});

type Person = Awaited<ReturnType<typeof signUp>>;

const signIn = async (app: FastifyInstance, who: Person): Promise<Person> => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: { user: { email: who.user_email, password: who.password } },
  });
  expect(res.statusCode).toBe(200);
  const token = res.json().data.access_token as string;
  return { ...who, access_token: token, auth: { authorization: `Bearer ${token}` } };
};

/** A signed-in read; also what puts the session in the answering process's cache. */
const status = async (app: FastifyInstance, who: Person) =>
  (await app.inject({ url: '/api/v1/sessions', headers: who.auth })).statusCode;

/** Deletes `who`'s account through `app`, with their password; the answer's status. */
const deleteAccount = async (app: FastifyInstance, who: Person) =>
  (
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${who.user_id}`,
      headers: who.auth,
      payload: { password: who.password },
    })
  ).statusCode;

/** The notification crosses the database asynchronously: poll for the 401, bounded. */
async function eventually401(app: FastifyInstance, who: Person): Promise<void> {
  const deadline = Date.now() + 10_000;
  let last = await status(app, who);
  while (last !== 401 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    last = await status(app, who);
  }
  expect(last).toBe(401);
}

describe('the session cache on the process that ends the session', () => {
  it('forgets a session at once on every way of ending it', async () => {
    const ana = await signUp(nodeA);
    const ends: [string, (phone: Person, laptop: Person) => Promise<number>][] = [
      [
        'sign-out',
        async (phone) =>
          (await nodeA.inject({ method: 'DELETE', url: '/api/v1/session', headers: phone.auth })).statusCode,
      ],
      [
        'ending one session from the device list',
        async (phone, laptop) => {
          const list = await nodeA.inject({ url: '/api/v1/sessions', headers: laptop.auth });
          const id = (list.json().data as { id: string; current: boolean }[]).find((s) => !s.current)!.id;
          const res = await nodeA.inject({
            method: 'DELETE',
            url: `/api/v1/sessions/${id}`,
            headers: laptop.auth,
          });
          return res.statusCode;
        },
      ],
      [
        'sair de todos os dispositivos',
        async (_phone, laptop) =>
          (await nodeA.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: laptop.auth }))
            .statusCode,
      ],
      [
        'a password change (from the other device)',
        async (_phone, laptop) => {
          // A digit of its own: the random part may have none, and the rule wants a letter and a digit.
          const password = `Nova1${Math.random().toString(36).slice(2)}senha`;
          const res = await nodeA.inject({
            method: 'PUT',
            url: `/api/v1/user/${ana.user_id}/password`,
            headers: laptop.auth,
            payload: { old_password: ana.password, password, password_confirmation: password },
          });
          ana.password = password;
          return res.statusCode;
        },
      ],
      [
        'a password reset',
        async () => {
          // The token a reset mail would carry (the mail itself is password.test.ts's subject).
          const token = newAccessToken();
          await ctx.db.query(
            `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
             VALUES ($1, $2, now() + interval '1 hour')`,
            [hashToken(token), ana.user_id],
          );
          // A digit of its own: the random part may have none, and the rule wants a letter and a digit.
          const password = `Nova1${Math.random().toString(36).slice(2)}senha`;
          const res = await nodeA.inject({
            method: 'POST',
            url: '/api/v1/password/reset',
            payload: { token, password, password_confirmation: password },
          });
          ana.password = password;
          return res.statusCode;
        },
      ],
    ];
    for (const [way, end] of ends) {
      const phone = await signIn(nodeA, ana);
      const laptop = await signIn(nodeA, ana);
      expect(await status(nodeA, phone), way).toBe(200);
      expect(await end(phone, laptop), way).toBe(200);
      expect(await status(nodeA, phone), way).toBe(401);
    }
  });

  it('forgets the sessions of a deleted account at once', async () => {
    const ana = await signUp(nodeA);
    expect(await status(nodeA, ana)).toBe(200);
    expect(await deleteAccount(nodeA, ana)).toBe(200);
    expect(await status(nodeA, ana)).toBe(401);
  });
});

describe('the session cache on another process over the same database', () => {
  it('ends a session signed out on one process on the other too', async () => {
    const ana = await signUp(nodeA);
    const other = await signIn(nodeA, ana);
    // Node B has seen both sessions: they are in its cache.
    expect(await status(nodeB, ana)).toBe(200);
    expect(await status(nodeB, other)).toBe(200);

    const out = await nodeA.inject({ method: 'DELETE', url: '/api/v1/session', headers: ana.auth });
    expect(out.statusCode).toBe(200);
    await eventually401(nodeB, ana);
    // Only that session: the other one still works on both.
    expect(await status(nodeB, other)).toBe(200);
    expect(await status(nodeA, other)).toBe(200);
  });

  it('ends the sessions of an account deleted on one process on the other (ON DELETE CASCADE)', async () => {
    const ana = await signUp(nodeA);
    expect(await status(nodeB, ana)).toBe(200);
    expect(await deleteAccount(nodeA, ana)).toBe(200);
    await eventually401(nodeB, ana);
  });
});

// PostgreSQL only: the embedded database has no connection to lose.
if (process.env.TEST_DATABASE_URL) {
  describe('the session cache over PostgreSQL', () => {
    it('listens again after its connection is cut, and still hears sign-outs', async () => {
      // One listening connection per database client, for the session cache and the category pages
      // of both nodes alike (they share this file's client).
      const listeners = () =>
        ctx.db.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity
           WHERE application_name = 'acervo-listen' AND datname = current_database()`,
        );
      expect(await listeners()).toHaveLength(1);
      await ctx.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = 'acervo-listen' AND datname = current_database()`,
      );
      // It reconnects (every second): bounded poll.
      const deadline = Date.now() + 15_000;
      let back = await listeners();
      while (back.length < 1 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        back = await listeners();
      }
      expect(back).toHaveLength(1);

      const ana = await signUp(nodeA);
      expect(await status(nodeB, ana)).toBe(200);
      expect(
        (await nodeA.inject({ method: 'DELETE', url: '/api/v1/session', headers: ana.auth })).statusCode,
      ).toBe(200);
      await eventually401(nodeB, ana);
    });
  });
}
