import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';

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
  it('counts views per path per day and shows them to operators only', async () => {
    const someone = await signUp(app);
    for (const path of ['/', '/help', '/', '/lists/abc']) {
      const res = await view(path, someone.auth);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { counted: true } });
    }
    const operator = await signUp(app, { email: OPERATOR });
    const res = await report(operator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { day: today(), path: '/', views: 2 },
      { day: today(), path: '/help', views: 1 },
      { day: today(), path: '/lists/abc', views: 1 },
    ]);

    expect((await report(someone)).statusCode).toBe(403);
    expect((await report()).statusCode).toBe(401);
    expect((await ctx.request('GET', '/api/v1/admin/pageviews', operator)).statusCode).toBe(403);
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
