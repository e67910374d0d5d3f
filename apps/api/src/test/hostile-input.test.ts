import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeCursor } from '../modules/collection/collection.service.ts';
import { createCollection, FILMES } from '../modules/collection/collection.test-helpers.ts';
import { createTestContext, newAccount, signUp, type TestContext } from './test-context.ts';

/**
 * The findings of issue 14, "Bad input and leaks": each of these answered a 5xx, leaked a value
 * into the logs or bypassed the error envelope before it was fixed.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const errorCodeOf = (body: string) => (JSON.parse(body) as { error: { code: string } }).error.code;

describe('NUL characters', () => {
  it('are a 400 with invalidCharacter in the registration name, not a database error', async () => {
    const res = await ctx.request(
      'POST',
      '/api/v1/registration',
      undefined,
      newAccount({ name: 'Ana\u0000' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ name: 'invalidCharacter' });
  });
});

describe('forged cursors with impossible instants or ids', () => {
  const forged = [
    encodeCursor(['2026-02-30T00:00:00.000000Z', 'abc']),
    encodeCursor(['0000-01-01T00:00:00.000000Z', 'abc']),
    encodeCursor(['2026-01-01T24:00:00.000000Z', 'abc']),
    encodeCursor(['2026-13-01T00:00:00.000000Z', 'abc']),
    encodeCursor(['2026-01-01T00:00:00.000000Z', 'a\u0000']),
  ];

  it('are a 400 on by_category and by_user, not a database error', async () => {
    const ana = await signUp(ctx.app);
    await createCollection(ctx.app, ana);
    for (const cursor of forged) {
      for (const url of [
        `/api/v1/collection/by_category/${FILMES}?cursor=${cursor}`,
        `/api/v1/collection/by_user/${ana.user_id}?cursor=${cursor}`,
        '/api/v1/notification?cursor=' + cursor,
        `/api/v1/user/${ana.user_id}/followers?cursor=${cursor}`,
      ]) {
        const res = await ctx.request('GET', url, ana);
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
        if (res.statusCode !== 404) expect(res.json().error.fields).toEqual({ cursor: 'invalid' });
      }
    }
    const popular = encodeCursor([1, '2026-02-30T00:00:00.000000Z', 'abc']);
    const res = await ctx.request(
      'GET',
      `/api/v1/collection/by_category/${FILMES}?sort=popular&cursor=${popular}`,
      ana,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('framework errors', () => {
  it('use the error envelope with a 4xx', async () => {
    const cases: [string, InjectOptions, number][] = [
      ['bad URL encoding', { url: '/api/v1/collection/%ff' }, 400],
      ['a 200-character id', { url: `/api/v1/collection/${'a'.repeat(200)}` }, 414],
      [
        'bad JSON',
        {
          method: 'POST',
          url: '/api/v1/session',
          headers: { 'content-type': 'application/json' },
          payload: '{"user":',
        },
        400,
      ],
      [
        'empty JSON',
        {
          method: 'POST',
          url: '/api/v1/session',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        400,
      ],
      [
        'wrong content type',
        {
          method: 'POST',
          url: '/api/v1/session',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'x=1',
        },
        415,
      ],
      [
        'too large',
        {
          method: 'POST',
          url: '/api/v1/session',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ x: 'x'.repeat(70_000) }),
        },
        413,
      ],
      ['unknown API route', { url: '/api/v1/nothing-here' }, 404],
      ['unknown method', { method: 'PATCH', url: '/api/v1/collection/abc' }, 404],
    ];
    for (const [what, request, status] of cases) {
      const res = await ctx.app.inject(request);
      expect(res.statusCode, what).toBe(status);
      const body = res.json() as { error: { code: string; message: string } };
      expect(Object.keys(body), what).toEqual(['error']);
      expect(typeof body.error.code, what).toBe('string');
      expect(typeof body.error.message, what).toBe('string');
    }
  });
});

describe('headers', () => {
  it('forbid framing in both the CSP and X-Frame-Options', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/category' });
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('keep answers with private data or a token out of caches', async () => {
    const account = newAccount();
    const reg = await ctx.request('POST', '/api/v1/registration', undefined, account);
    expect(reg.headers['cache-control']).toBe('no-store');
    const session = await ctx.request('POST', '/api/v1/session', undefined, {
      user: { email: account.email, password: account.password },
    });
    expect(session.headers['cache-control']).toBe('no-store');
    const ana = await signUp(ctx.app);
    const mine = await createCollection(ctx.app, ana, { private: true });
    for (const url of [
      `/api/v1/collection/${mine.id}`,
      `/api/v1/user/${ana.user_id}`,
      '/api/v1/notification',
    ]) {
      const res = await ctx.request('GET', url, ana);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // Errors and anonymous reads carry nothing private either, but nothing says a cache may keep
    // an answer that depended on who asked.
    expect(errorCodeOf((await ctx.request('GET', `/api/v1/collection/${mine.id}`)).body)).toBeDefined();
  });
});

describe('logs', () => {
  it('carry no SQL parameters or row values of a statement the database refused', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    // A rule the database enforces and the contract does not know: the insert fails in the
    // database, with the e-mail and the password hash among its parameters.
    await ctx.db.exec("ALTER TABLE users ADD CONSTRAINT test_refuse_name CHECK (name <> 'Recusado')");
    try {
      const account = newAccount({ name: 'Recusado', email: 'segredo.log@exemplo.com.br' });
      const res = await app.inject({ method: 'POST', url: '/api/v1/registration', payload: account });
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
    } finally {
      await ctx.db.exec('ALTER TABLE users DROP CONSTRAINT test_refuse_name');
    }
    const errors = logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors.length).toBe(1);
    expect(errors[0]).toContain('test_refuse_name');
    expect(errors[0]).not.toContain('segredo.log');
    expect(errors[0]).not.toContain('$argon2');
  });

  it('carry no parameters of a named statement the database refused', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp({}, logs);
    // A sign-in's first statement is a named one (prepared once, then executed by name) whose
    // parameter holds the e-mail: refused here by a rule the contract does not know.
    await ctx.db.exec(
      "ALTER TABLE auth_attempts ADD CONSTRAINT test_refuse_key CHECK (key NOT LIKE '%recusado%')",
    );
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/session',
        payload: { user: { email: 'recusado.segredo@exemplo.com.br', password: 'Qualquer12345' } },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.db.exec('ALTER TABLE auth_attempts DROP CONSTRAINT test_refuse_key');
    }
    const errors = logs.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors.length).toBe(1);
    expect(errors[0]).toContain('test_refuse_key');
    expect(errors[0]).not.toContain('recusado.segredo');
  });
});
