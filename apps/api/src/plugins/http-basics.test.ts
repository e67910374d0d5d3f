import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('security headers', () => {
  it('sends a strict CSP, nosniff, frame-ancestors none, a referrer policy and no X-Powered-By', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/category' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends them on web pages too', async () => {
    const res = await ctx.app.inject({ url: '/lists/abc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('request bodies', () => {
  it('refuses a JSON body over the limit with 413', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registration',
      payload: {
        name: 'x'.repeat(100_000),
        email: 'a@b.co',
        password: 'abc12345x',
        password_confirmation: 'abc12345x',
      },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      headers: { 'content-type': 'text/xml' },
      payload: '<user/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('validation errors', () => {
  it('name each bad field with a validation code and keep a sentence in message', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/registration',
      payload: { name: '', email: 'ana', password: 'abc', password_confirmation: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Verifique os campos destacados.',
        fields: { name: 'nameRequired', email: 'emailRequired', password: 'passwordRule' },
      },
    });
  });

  it("answer 'invalid' for a rule the contract gives no code of its own (a wrong type)", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/session', payload: { user: 'ana' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ user: 'invalid' });
  });
});

describe('unknown routes', () => {
  it('answer JSON 404 under /api', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/nada' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });

  it('answer 404 for a missing asset instead of the page', async () => {
    const res = await ctx.app.inject({ url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });

  it('fall back to the web app elsewhere, so client-side routes load', async () => {
    const res = await ctx.app.inject({ url: '/profile/xyz', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html/i);
  });
});

describe('OpenAPI', () => {
  it('serves the document generated from the contract schemas', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/v1/category', '/api/v1/registration', '/api/v1/session']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    const registration = doc.paths['/api/v1/registration'].post;
    expect(Object.keys(registration.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['name', 'email', 'password', 'password_confirmation']),
    );
  });

  it('serves a browsable page at /api/docs', async () => {
    const res = await ctx.app.inject({ url: '/api/docs' });
    const page = res.statusCode === 302 ? await ctx.app.inject({ url: String(res.headers.location) }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});

describe('server errors', () => {
  it('hide internals behind a request id', async () => {
    const user = await signUp(ctx.app);
    // Break the database under the app: the next session lookup fails like a real outage would.
    await ctx.db.exec('ALTER TABLE sessions RENAME TO sessions_gone');
    try {
      const res = await ctx.app.inject({ method: 'DELETE', url: '/api/v1/session', headers: user.auth });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body.error.code).toBe('INTERNAL');
      expect(body.error.request_id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(res.body).not.toMatch(/sessions|relation|SELECT/i);
    } finally {
      await ctx.db.exec('ALTER TABLE sessions_gone RENAME TO sessions');
    }
  });
});
