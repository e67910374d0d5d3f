import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { useLowestHashCostForTests } from '../../lib/passwords.ts';
import { createTestContext, newAccount, signUp, type TestContext } from '../../test/test-context.ts';
import { SESSIONS_LISTED } from './auth.service.ts';
import { FILMES } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const register = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/registration', payload: payload as object });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/session', payload: { user: { email, password } } });

describe('POST /api/v1/registration', () => {
  it('creates the account and answers 201 with a session', async () => {
    const body = newAccount({ name: 'Ana Souza' });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ user_name: 'Ana Souza', user_email: body.email, user_picture: null });
    expect(data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.user_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const me = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${data.access_token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('answers 409 for an e-mail already registered, ignoring case and spaces', async () => {
    const body = newAccount({ email: 'joana@exemplo.com.br' });
    expect((await register(body)).statusCode).toBe(201);
    const again = await register({ ...newAccount(), email: '  JOANA@Exemplo.com.br ' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: 'emailTaken' } });
    // The first account still signs in with its own password.
    expect((await login('joana@exemplo.com.br', body.password)).statusCode).toBe(200);
  });

  it.each([
    ['too short', 'abc123', 'passwordRule'],
    ['no digit', 'abcdefghij', 'passwordRule'],
    ['no letter', '1234567890', 'passwordRule'],
    ['too long', `a1${'x'.repeat(127)}`, 'passwordRule'],
    ['too common', 'Senha123', 'passwordCommon'],
  ])('refuses a password that is %s with 400 and the field', async (_why, password, code) => {
    const res = await register({ ...newAccount(), password, password_confirmation: password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.password).toBe(code);
  });

  it('accepts symbols and non-ASCII letters in passwords (password managers)', async () => {
    const password = 'çã0!#$ %&*Ω';
    const res = await register({ ...newAccount(), password, password_confirmation: password });
    expect(res.statusCode).toBe(201);
  });

  it('counts password characters as people do: four emoji are four characters, not eight', async () => {
    const res = await register(newAccount({ password: 'a1😀😀😀' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ password: 'passwordRule' });
    expect((await register(newAccount({ password: 'a1😀😀😀😀😀😀' }))).statusCode).toBe(201);
  });

  it('names each bad field: name, email, confirmation', async () => {
    const res = await register({
      name: ' ',
      email: 'não-é-email',
      password: 'Abc12345x',
      password_confirmation: 'x',
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields.name).toBe('nameRequired');
    expect(fields.email).toBe('emailRequired');
    const mismatch = await register({ ...newAccount(), password_confirmation: 'Outra1234x' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields.password_confirmation).toBe('passwordMismatch');
  });

  it('answers 400, not 500, for a malformed or missing body', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registration',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/v1/registration' });
    expect(empty.statusCode).toBe(400);
  });

  it('stores the password as argon2id with m >= 19456 KiB, t >= 2, p = 1', async () => {
    // At the cost the server hashes with, not the suites' lowest (test/each-test.ts).
    useLowestHashCostForTests(false);
    onTestFinished(() => useLowestHashCostForTests(true));
    const body = newAccount();
    await register(body);
    const [row] = await ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [body.email],
    );
    const match = /^\$argon2id\$v=19\$([a-z0-9=,]+)\$/.exec(row!.password_hash);
    expect(match).not.toBeNull();
    const params = Object.fromEntries(match![1]!.split(',').map((kv) => kv.split('=')));
    expect(Number(params.m)).toBeGreaterThanOrEqual(19_456);
    expect(Number(params.t)).toBeGreaterThanOrEqual(2);
    expect(Number(params.p)).toBe(1);
    expect(row!.password_hash).not.toContain(body.password);
  });
});

describe('POST /api/v1/session', () => {
  it('signs in with the registered password, e-mail in any case', async () => {
    const user = await signUp(ctx.app, { email: 'bruno@exemplo.com.br' });
    const res = await login(' Bruno@EXEMPLO.com.br', user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: user.user_id, user_email: 'bruno@exemplo.com.br' });
    expect(res.json().data.access_token).not.toBe(user.access_token);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await signUp(ctx.app);
    const wrong = await login(user.user_email, 'Errada12345');
    const unknown = await login('ninguem@exemplo.com.br', 'Errada12345');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('stores only a hash of the token', async () => {
    const user = await signUp(ctx.app);
    const rows = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.length).toBe(1);
    expect(rows[0]!.token_hash).not.toContain(user.access_token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('DELETE /api/v1/session', () => {
  it('revokes the token: it gets 401 everywhere afterwards, other sessions live on', async () => {
    const user = await signUp(ctx.app);
    const other = await login(user.user_email, user.password);
    const out = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/session', headers: user.auth });
    expect(out.statusCode).toBe(200);
    for (const req of [
      { method: 'DELETE' as const, url: '/api/v1/session' },
      { method: 'GET' as const, url: '/api/v1/category' },
    ]) {
      const res = await ctx.app.inject({ ...req, headers: user.auth });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
    const stillIn = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${other.json().data.access_token}` },
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('refuses an expired token with 401', async () => {
    const user = await signUp(ctx.app);
    await ctx.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/session', headers: user.auth });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without a token or with a malformed one', async () => {
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/v1/session' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits login attempts per IP with 429 and Retry-After', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_IP: '3' });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { user: { email: `x${i}@exemplo.com.br`, password: 'Errada12345' } },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.json().error.code).toBe('RATE_LIMITED');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
  });

  const attemptOn = (app: FastifyInstance) => (email: string, password: string, ip: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/session',
      remoteAddress: ip,
      payload: { user: { email, password } },
    });

  it("makes a stranger's failing address wait, while the owner signs in from theirs", async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    const attempt = attemptOn(app);
    const victim = await signUp(app);
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await attempt(victim.user_email, 'Errada12345', '10.0.0.1')).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
    // Even the right password waits from the address that kept failing...
    const waiting = await attempt(victim.user_email, victim.password, '10.0.0.1');
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    // ...but the owner, somewhere else, is not locked out.
    expect((await attempt(victim.user_email, victim.password, '10.0.0.9')).statusCode).toBe(200);
  });

  it('past the account-wide limit, only addresses that have not failed may still try', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_FAILURES_PER_ACCOUNT: '3' });
    const attempt = attemptOn(app);
    const victim = await signUp(app);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await attempt(victim.user_email, 'Errada12345', ip)).statusCode).toBe(401);
    }
    // The account is under attack: a second try from a failing address waits.
    expect((await attempt(victim.user_email, 'Errada12345', '10.0.0.1')).statusCode).toBe(429);
    // A new address gets one try; failing makes it wait too.
    expect((await attempt(victim.user_email, 'Errada12345', '10.0.0.4')).statusCode).toBe(401);
    expect((await attempt(victim.user_email, 'Errada12345', '10.0.0.4')).statusCode).toBe(429);
    // The owner's device has never failed: in.
    expect((await attempt(victim.user_email, victim.password, '192.168.1.20')).statusCode).toBe(200);
  });

  it("after a stranger's failures, a typo does not lock the owner out of an address they signed in from (issue 23)", async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '10', AUTH_FAILURES_PER_ACCOUNT: '3' });
    const attempt = attemptOn(app);
    const owner = await signUp(app);
    expect((await attempt(owner.user_email, owner.password, '192.168.1.20')).statusCode).toBe(200);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      expect((await attempt(owner.user_email, 'Errada12345', ip)).statusCode).toBe(401);
    }
    // The owner mistypes at home, then types it right: in, and a few more typos keep their own budget.
    expect((await attempt(owner.user_email, 'Errada12345', '192.168.1.20')).statusCode).toBe(401);
    expect((await attempt(owner.user_email, owner.password, '192.168.1.20')).statusCode).toBe(200);
    expect((await attempt(owner.user_email, 'Errada12345', '192.168.1.20')).statusCode).toBe(401);
    expect((await attempt(owner.user_email, 'Errada12345', '192.168.1.20')).statusCode).toBe(401);
    expect((await attempt(owner.user_email, owner.password, '192.168.1.20')).statusCode).toBe(200);
    // The stranger's addresses still wait; a success elsewhere does not free them.
    expect((await attempt(owner.user_email, 'Errada12345', '10.0.0.1')).statusCode).toBe(429);
  });

  it('never counts a correct password', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_FAILURES_PER_ACCOUNT: '2' });
    const attempt = attemptOn(app);
    const owner = await signUp(app);
    for (let i = 0; i < 6; i++) {
      expect((await attempt(owner.user_email, owner.password, '10.0.0.5')).statusCode).toBe(200);
    }
  });

  it('reserves each attempt before the password check: 20 parallel guesses, 5 checked', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '5' });
    const attempt = attemptOn(app);
    const victim = await signUp(app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attempt(victim.user_email, 'Errada12345', '10.0.0.7')),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
  });

  it('counts the same on every API node sharing the database', async () => {
    const nodeA = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const nodeB = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const victim = await signUp(nodeA);
    expect((await attemptOn(nodeA)(victim.user_email, 'Errada12345', '10.0.0.8')).statusCode).toBe(401);
    expect((await attemptOn(nodeB)(victim.user_email, 'Errada12345', '10.0.0.8')).statusCode).toBe(401);
    expect((await attemptOn(nodeA)(victim.user_email, 'Errada12345', '10.0.0.8')).statusCode).toBe(429);
  });

  it("registration attempts with someone's e-mail never block their sign-in", async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const victim = await signUp(app);
    const codes = [];
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3', '10.0.2.4']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/registration',
        remoteAddress: ip,
        payload: newAccount({ email: victim.user_email }),
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([409, 429, 429, 429]);
    expect((await attemptOn(app)(victim.user_email, victim.password, '10.0.2.1')).statusCode).toBe(200);
  });

  it('limits registrations per IP', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_IP: '2' });
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push(
        (await app.inject({ method: 'POST', url: '/api/v1/registration', payload: newAccount() })).statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 429]);
  });

  it('limits registration attempts per e-mail across addresses', async () => {
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '2' });
    const body = newAccount();
    const codes = [];
    for (const ip of ['10.0.1.1', '10.0.1.2', '10.0.1.3']) {
      codes.push(
        (await app.inject({ method: 'POST', url: '/api/v1/registration', remoteAddress: ip, payload: body }))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 409, 429]);
  });
});

describe('sessions: idle timeout and the device list', () => {
  const asToken = (token: string) => ({ authorization: `Bearer ${token}` });
  const signInFrom = async (email: string, password: string, userAgent: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/session',
        headers: { 'user-agent': userAgent },
        payload: { user: { email, password } },
      })
    ).json().data.access_token as string;

  it('lists the live sessions with their devices, the current one marked, never a token', async () => {
    const user = await signUp(ctx.app);
    const phone = await signInFrom(user.user_email, user.password, 'Mozilla/5.0 (iPhone) Safari/604.1');
    const res = await ctx.app.inject({ url: '/api/v1/sessions', headers: asToken(phone) });
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as Array<{ id: string; user_agent: string | null; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toEqual([
      expect.objectContaining({ user_agent: 'Mozilla/5.0 (iPhone) Safari/604.1' }),
    ]);
    expect(res.body).not.toContain(phone);
    expect(res.body).not.toContain(user.access_token);
  });

  it('lists at most SESSIONS_LISTED sessions, the asking one always among them', async () => {
    const user = await signUp(ctx.app);
    // Older sign-ins than the current one, but used more recently: the list keeps the current.
    await ctx.db.query(
      `INSERT INTO sessions (id, token_hash, user_id, expires_at, user_agent, last_seen_at)
       SELECT 's' || n || md5(random()::text), md5(random()::text) || n, $1, now() + interval '1 day', 'Outro', now() + interval '1 minute'
       FROM generate_series(1, $2::int) n`,
      [user.user_id, SESSIONS_LISTED + 10],
    );
    const res = await ctx.app.inject({ url: '/api/v1/sessions', headers: user.auth });
    const sessions = res.json().data as Array<{ current: boolean }>;
    expect(sessions).toHaveLength(SESSIONS_LISTED);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
  });

  it('ends one device: its token stops working, the others go on', async () => {
    const user = await signUp(ctx.app);
    const laptop = await signInFrom(user.user_email, user.password, 'Firefox');
    const list = (await ctx.app.inject({ url: '/api/v1/sessions', headers: user.auth })).json()
      .data as Array<{
      id: string;
      user_agent: string | null;
    }>;
    const target = list.find((s) => s.user_agent === 'Firefox')!;
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${target.id}`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/v1/sessions', headers: asToken(laptop) })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ url: '/api/v1/sessions', headers: user.auth })).statusCode).toBe(200);
  });

  it("cannot end another person's session: 404, and it lives on", async () => {
    const ana = await signUp(ctx.app);
    const bruno = await signUp(ctx.app);
    const [brunoSession] = (await ctx.app.inject({ url: '/api/v1/sessions', headers: bruno.auth })).json()
      .data as [{ id: string }];
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/sessions/${brunoSession.id}`,
      headers: ana.auth,
    });
    expect(res.statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/v1/sessions', headers: bruno.auth })).statusCode).toBe(200);
  });

  it('signs out of every device at once', async () => {
    const user = await signUp(ctx.app);
    const other = await signInFrom(user.user_email, user.password, 'Chrome');
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: user.auth });
    expect(res.json().data).toEqual({ revoked: 2 });
    for (const token of [user.access_token, other]) {
      expect((await ctx.app.inject({ url: '/api/v1/sessions', headers: asToken(token) })).statusCode).toBe(
        401,
      );
    }
  });

  it('stops a session unused for longer than SESSION_IDLE_DAYS, within its lifetime', async () => {
    // The test ages the session in the database behind the process's back; no session cache, which
    // would rightly not hear of it (in life a session does not age two days in a second).
    const app = await ctx.buildApp({ SESSION_IDLE_DAYS: '14', SESSION_CACHE_SECONDS: '0' });
    const user = await signUp(app);
    await ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '13 days'");
    expect((await app.inject({ url: '/api/v1/sessions', headers: user.auth })).statusCode).toBe(200);
    // That use counts: the session is fresh again.
    const [seen] = await ctx.db.query<{ idle: boolean }>(
      "SELECT last_seen_at > now() - interval '1 minute' AS idle FROM sessions",
    );
    expect(seen!.idle).toBe(true);
    await ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '15 days'");
    expect((await app.inject({ url: '/api/v1/sessions', headers: user.auth })).statusCode).toBe(401);
  });

  it('writes the last use at most hourly, so reads stay reads', async () => {
    const user = await signUp(ctx.app);
    await ctx.db.query("UPDATE sessions SET last_seen_at = now() - interval '30 minutes'");
    await ctx.app.inject({ url: '/api/v1/sessions', headers: user.auth });
    const [row] = await ctx.db.query<{ unchanged: boolean }>(
      "SELECT last_seen_at < now() - interval '29 minutes' AS unchanged FROM sessions",
    );
    expect(row!.unchanged).toBe(true);
  });
});

describe('logs', () => {
  it('never contain passwords or access tokens', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    const body = newAccount();
    const reg = await app.inject({ method: 'POST', url: '/api/v1/registration', payload: body });
    const token = reg.json().data.access_token as string;
    await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: { email: body.email, password: body.password } },
    });
    await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: { email: body.email, password: 'Errada12345' } },
    });
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    await app.inject({
      method: 'DELETE',
      url: '/api/v1/session',
      headers: { authorization: `Bearer ${token}` },
    });
    const all = logs.join('');
    expect(logs.length).toBeGreaterThan(4);
    expect(all).not.toContain(body.password);
    expect(all).not.toContain('Errada12345');
    expect(all).not.toContain(token);
  });

  it('never contain the tokens of invite links and reset links, nor signatures in URLs', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    const owner = await signUp(app);
    const guest = await signUp(app);
    const collection = await app.inject({
      method: 'POST',
      url: '/api/v1/collection',
      headers: owner.auth,
      payload: { name: 'Filmes', description: 'Os de sempre', category_id: FILMES, private: true },
    });
    expect(collection.statusCode).toBe(201);
    const link = await app.inject({
      method: 'POST',
      url: `/api/v1/collection/${collection.json().data.id}/invite_link`,
      headers: owner.auth,
      payload: { role: 'viewer' },
    });
    const invite = link.json().data.token as string;
    expect((await app.inject({ url: `/api/v1/invite/${invite}`, headers: guest.auth })).statusCode).toBe(200);
    const accepted = await app.inject({
      method: 'POST',
      url: `/api/v1/invite/${invite}`,
      headers: guest.auth,
    });
    expect(accepted.statusCode).toBe(200);
    // Token-bearing query parameters, wherever they appear.
    const secret = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    await app.inject({ url: `/api/v1/config?token=${secret}&s=${secret}x` });
    // The web's verification link, served as the app's page.
    await app.inject({ url: `/verify-email/${secret}v` });

    const all = logs.join('');
    expect(all).toContain(`/api/v1/invite/[redacted]`);
    expect(all).toContain('/api/v1/config?token=[redacted]&s=[redacted]');
    expect(all).toContain('/verify-email/[redacted]');
    expect(all).not.toContain(invite);
    expect(all).not.toContain(secret);
  });

  it('never contain the token of the link a suspended person appeals with', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    // The suspension mail's link (moderation.service.ts), opened as the app's page.
    const secret = 'ApPeAlToKeN0123456789abcdefghijklmnopq';
    await app.inject({ url: `/appeal/${secret}` });
    await app.inject({ method: 'POST', url: '/api/v1/moderation/appeal/suspension', payload: {} });
    const all = logs.join('');
    expect(all).toContain('"/appeal/[redacted]"');
    // The API's route of the same name is left readable.
    expect(all).toContain('/api/v1/moderation/appeal/suspension');
    expect(all).not.toContain(secret);
  });

  it('never contain what someone searched for, on the API or the web page', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    const owner = await signUp(app);
    const searched = 'diario%20da%20minha%20terapeuta';
    const search = await app.inject({ url: `/api/v1/search?q=${searched}&limit=5`, headers: owner.auth });
    expect(search.statusCode).toBe(200);
    await app.inject({ url: `/search?q=${searched}` });
    const all = logs.join('');
    expect(all).toContain('/api/v1/search?q=[redacted]&limit=5');
    expect(all).toContain('"/search?q=[redacted]"');
    expect(all).not.toContain('terapeuta');
  });

  it("never contain an invite token carried as the sign-in page's return address", async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    // A signed-out visitor of an invite link is sent to /login?next=/invite/{token} (the web's
    // withReturnTo, URL-encoded); reloading that page is a GET the API serves.
    const secret = 'NeXtInViTe0123456789abcdefghijklmnopq';
    await app.inject({ url: `/login?next=%2Finvite%2F${secret}` });
    await app.inject({ url: `/register?next=%2finvite%2f${secret}x&lang=en` });
    const all = logs.join('');
    expect(all).toContain('/login?next=%2Finvite%2F[redacted]');
    expect(all).toContain('/register?next=%2finvite%2f[redacted]&lang=en');
    expect(all).not.toContain(secret);
  });
});
