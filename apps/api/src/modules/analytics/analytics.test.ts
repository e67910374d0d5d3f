import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createTestContext, signUp, verifyEmailOf, type TestContext } from '../../test/test-context.ts';

let ctx: TestContext;
let app: FastifyInstance;
const OPERATOR = 'operacao@acervo.example';

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ ADMIN_EMAILS: ` Outra@acervo.example, ${OPERATOR.toUpperCase()} ` });
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const view = (path: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/pageview', payload: { path }, headers });
const report = (who?: { auth: { authorization: string } }, query = '') =>
  app.inject({
    method: 'GET',
    url: `/api/v1/admin/pageviews${query}`,
    ...(who ? { headers: who.auth } : {}),
  });
const today = () => new Date().toISOString().slice(0, 10);

describe('page views', () => {
  it('counts views per route pattern per day and shows them to operators only', async () => {
    const someone = await signUp(app);
    for (const path of ['/', '/help', '/', '/lists/:id']) {
      const res = await view(path, someone.auth);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { counted: true } });
    }
    const operator = await signUp(app, { email: OPERATOR });
    await verifyEmailOf(app, ctx.db, OPERATOR);
    const res = await report(operator);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { day: today(), path: '/', views: 2 },
        { day: today(), path: '/help', views: 1 },
        { day: today(), path: '/lists/:id', views: 1 },
      ],
      next_cursor: null,
    });

    expect((await report(someone)).statusCode).toBe(403);
    expect((await report()).statusCode).toBe(401);
    expect((await ctx.request('GET', '/api/v1/admin/pageviews', operator)).statusCode).toBe(403);
  });

  it.each([
    ['/reset/Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG0'],
    ['/invite/abcDEF123456'],
    ['/verify-email/abcDEF123456'],
    ['/lists/wtt0fgHceRL46Hhk'],
    ['/profile/wtt0fgHceRL46Hhk/followers'],
    ['/no-such-page'],
  ])('refuses the raw path %s with a 400 and stores nothing', async (path) => {
    const res = await view(path);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields).toEqual({ path: 'invalid' });
    expect(await ctx.db.query('SELECT * FROM page_views')).toEqual([]);
  });

  it('hands the report out a bounded page at a time, every row once', async () => {
    const patterns = ['/', '/help', '/contact', '/feed', '/search'];
    for (const path of patterns) expect((await view(path)).statusCode).toBe(202);
    await ctx.db.query(
      `INSERT INTO page_views (day, path, views)
       SELECT (now() AT TIME ZONE 'UTC')::date - 1, path, 3 FROM unnest($1::text[]) AS path`,
      [patterns],
    );
    const operator = await signUp(app, { email: OPERATOR });
    await verifyEmailOf(app, ctx.db, OPERATOR);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await report(operator, `?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { day: string; path: string }[]; next_cursor: string | null };
      expect(body.data.length).toBeLessThanOrEqual(4);
      seen.push(...body.data.map((r) => `${r.day} ${r.path}`));
      cursor = body.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(10);
    expect(seen[0]!.startsWith(today())).toBe(true);

    expect((await report(operator, '?limit=501')).statusCode).toBe(400);
    expect((await report(operator, '?limit=0')).statusCode).toBe(400);
    expect((await report(operator, '?cursor=not%20a%20cursor')).statusCode).toBe(400);
  });

  it('migration 016 purged the counted raw paths that held a token or an id, and kept the rest', async () => {
    const sql = readFileSync(
      new URL('../../db/migrations/016-email-verification.sql', import.meta.url),
      'utf8',
    );
    const purge = sql.slice(sql.indexOf('DELETE FROM page_views'));
    await ctx.db.query(
      `INSERT INTO page_views (day, path, views)
       SELECT (now() AT TIME ZONE 'UTC')::date, path, 1 FROM unnest($1::text[]) AS path`,
      [
        [
          '/help',
          '/feed',
          '/reset/c2VncmVkbw',
          '/invite/abc',
          '/lists/wtt0fgHceRL46Hhk',
          '/profile/x/followers',
        ],
      ],
    );
    await ctx.db.exec(purge);
    const left = await ctx.db.query<{ path: string }>('SELECT path FROM page_views ORDER BY path');
    expect(left.map((r) => r.path)).toEqual(['/feed', '/help']);
  });

  it('stores nothing about the visitor: no IP, no account, no referrer', async () => {
    const someone = await signUp(app);
    await app.inject({
      method: 'POST',
      url: '/api/v1/pageview',
      payload: { path: '/help' },
      headers: {
        ...someone.auth,
        referer: 'https://busca.example/?q=segredo',
        'x-forwarded-for': '203.0.113.9',
      },
    });
    const rows = await ctx.db.query('SELECT * FROM page_views');
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    for (const secret of [someone.user_id, someone.user_email, '203.0.113.9', '127.0.0.1', 'busca.example']) {
      expect(stored).not.toContain(secret);
    }
  });

  it('counts nothing when the request says Do Not Track or Global Privacy Control', async () => {
    expect((await view('/help', { dnt: '1' })).json()).toEqual({ data: { counted: false } });
    expect((await view('/help', { 'sec-gpc': '1' })).json()).toEqual({ data: { counted: false } });
    expect(await ctx.db.query('SELECT * FROM page_views')).toEqual([]);
  });

  it('counts at most 120 views a minute from one address, and answers the rest without an error', async () => {
    const from = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/api/v1/pageview', payload: { path: '/help' }, remoteAddress });
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push(await from('203.0.113.7'));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(121).fill(202));
    expect(answers.filter((res) => res.json().data.counted)).toHaveLength(120);
    expect(answers.at(-1)!.json()).toEqual({ data: { counted: false } });
    // Another address is still counted.
    expect((await from('203.0.113.8')).json()).toEqual({ data: { counted: true } });
    const [row] = await ctx.db.query<{ views: number }>('SELECT sum(views)::int AS views FROM page_views');
    expect(row!.views).toBe(121);
  });

  it.each([['help'], ['/help?email=ana@x.com'], ['/help#top'], ['/a b'], [`/${'x'.repeat(200)}`], [42]])(
    'refuses the path %s with a 400 (no query strings, nothing odd)',
    async (path) => {
      const res = await view(path);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('refuses a bad report range with a 400', async () => {
    const operator = await signUp(app, { email: OPERATOR });
    await verifyEmailOf(app, ctx.db, OPERATOR);
    expect((await report(operator, '?days=0')).statusCode).toBe(400);
    expect((await report(operator, '?days=abc')).statusCode).toBe(400);
    expect((await report(operator, '?days=1')).statusCode).toBe(200);
  });

  it("lets Google Analytics' hosts into the CSP only when GA_MEASUREMENT_ID is set", async () => {
    const csp = async (on: FastifyInstance) =>
      String((await on.inject({ url: '/api/v1/config' })).headers['content-security-policy']);
    const withGa = await csp(await ctx.buildApp({ GA_MEASUREMENT_ID: 'G-TEST123' }));
    expect(withGa).toContain("script-src 'self' https://*.googletagmanager.com");
    expect(withGa).toContain('https://*.google-analytics.com');
    expect(await csp(app)).not.toContain('google');
  });
});

describe('operators', () => {
  it('are accounts whose verified e-mail is in ADMIN_EMAILS: an unverified one is not an operator', async () => {
    const operator = await signUp(app, { email: OPERATOR });
    const unverified = await report(operator);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('FORBIDDEN');

    await verifyEmailOf(app, ctx.db, OPERATOR);
    expect((await report(operator)).statusCode).toBe(200);
  });
});
