import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../env.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/config', () => {
  it('answers safe defaults with nothing configured: no Google, ALTCHA, no login captcha', async () => {
    // The test context turns the captcha off for other suites; ALTCHA is the real default.
    const app = await ctx.buildApp({
      CAPTCHA_PROVIDER: 'altcha',
      ALTCHA_HMAC_KEY: 'config-test-key-0123456789',
    });
    const res = await app.inject({ url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        google_auth_enabled: false,
        google_recaptcha_enabled: false,
        captcha: { provider: 'altcha' },
        contact_email: 'contato@acervo.app',
      },
    });
  });

  it('follows the environment: Google client, reCAPTCHA site key on login, analytics, contact', async () => {
    const app = await ctx.buildApp({
      GOOGLE_CLIENT_ID: 'client-123.apps.googleusercontent.com',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key-abc',
      RECAPTCHA_SECRET_KEY: 'secret-never-shown',
      CAPTCHA_ON_LOGIN: 'true',
      GA_MEASUREMENT_ID: 'G-TEST123',
      CONTACT_EMAIL: 'fale@exemplo.com.br',
    });
    const res = await app.inject({ url: '/api/v1/config' });
    expect(res.json().data).toEqual({
      google_auth_enabled: true,
      google_recaptcha_enabled: true,
      captcha: { provider: 'recaptcha', site_key: 'site-key-abc' },
      google_client_id: 'client-123.apps.googleusercontent.com',
      analytics_id: 'G-TEST123',
      contact_email: 'fale@exemplo.com.br',
    });
  });

  it('keeps the login flag off when the captcha itself is off', async () => {
    const app = await ctx.buildApp({ CAPTCHA_PROVIDER: 'off', CAPTCHA_ON_LOGIN: 'true' });
    const res = await app.inject({ url: '/api/v1/config' });
    expect(res.json().data).toMatchObject({ google_recaptcha_enabled: false, captcha: { provider: 'off' } });
  });

  it('refuses to start with reCAPTCHA chosen and no site key or secret', () => {
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'k' })).toThrow(
      /RECAPTCHA_SECRET_KEY/,
    );
  });
});
