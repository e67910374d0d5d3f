import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startRecaptchaStandIn, type RecaptchaStandIn } from '../../test/recaptcha-stand-in.ts';
import { createTestContext, newAccount, signUp, type TestContext } from '../../test/test-context.ts';

let ctx: TestContext;
let standIn: RecaptchaStandIn;
beforeAll(async () => {
  ctx = await createTestContext();
  standIn = await startRecaptchaStandIn();
});
afterAll(async () => {
  await standIn.stop();
  await ctx.close();
});
beforeEach(() => ctx.reset());
afterEach(() => vi.useRealTimers());

const HMAC_KEY = 'altcha-test-key-0123456789abcdef';
/** A cheap proof of work, so solving in the test takes milliseconds (the real library does it). */
const ALTCHA_ENV = {
  CAPTCHA_PROVIDER: 'altcha',
  ALTCHA_HMAC_KEY: HMAC_KEY,
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '20',
};
const S01 = 'Por favor, complete o reCAPTCHA. (S-01)';

const post = (app: FastifyInstance, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.7' });

/** What the ALTCHA widget does in the browser: fetch a challenge, solve it, send the payload. */
async function solveAltcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ url: '/api/v1/captcha/challenge' });
  expect(res.statusCode).toBe(200);
  const challenge = res.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function expectRefused(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ error: { code: 'CAPTCHA_FAILED', message: S01 } });
}

const accountCount = async () =>
  Number((await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM users'))[0]?.n);

interface Provider {
  name: string;
  env: () => Record<string, string>;
  token: (app: FastifyInstance) => Promise<string>;
  /** A token that was valid once and has expired by the time it is sent. */
  expired: (app: FastifyInstance) => Promise<{ token: string; later?: number }>;
  invalid: (app: FastifyInstance) => Promise<string>;
}

const providers: Provider[] = [
  {
    name: 'altcha',
    env: () => ALTCHA_ENV,
    token: solveAltcha,
    // Solved in time, sent after the challenge's ten minutes.
    expired: async (app) => ({ token: await solveAltcha(app), later: 11 * 60_000 }),
    async invalid(app) {
      const good = JSON.parse(Buffer.from(await solveAltcha(app), 'base64').toString()) as {
        challenge: Challenge;
        solution: { derivedKey: string };
      };
      // A made-up answer to a real challenge: not the key the proof of work derives.
      const key = good.solution.derivedKey;
      good.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
      return Buffer.from(JSON.stringify(good)).toString('base64');
    },
  },
  {
    name: 'recaptcha',
    env: () => ({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET_KEY: standIn.secret,
      RECAPTCHA_VERIFY_URL: standIn.url,
    }),
    token: () => Promise.resolve(standIn.issueToken()),
    expired: () => Promise.resolve({ token: standIn.issueToken(3 * 60_000) }),
    invalid: () => Promise.resolve('03Anot-a-token-google-ever-issued'),
  },
];

describe.each(providers)('captcha with $name', (provider) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await ctx.buildApp(provider.env());
  });

  it('refuses a registration without a token, and creates no account', async () => {
    expectRefused(await post(app, '/api/v1/registration', newAccount()));
    expectRefused(await post(app, '/api/v1/registration', { ...newAccount(), captcha: '' }));
    expect(await accountCount()).toBe(0);
  });

  it('refuses an invalid token', async () => {
    expectRefused(
      await post(app, '/api/v1/registration', { ...newAccount(), captcha: await provider.invalid(app) }),
    );
    expectRefused(
      await post(app, '/api/v1/registration', { ...newAccount(), captcha: 'not even base64 JSON' }),
    );
    expect(await accountCount()).toBe(0);
  });

  it('accepts a valid token once: a replay is refused', async () => {
    const captcha = await provider.token(app);
    const first = await post(app, '/api/v1/registration', { ...newAccount(), captcha });
    expect(first.statusCode).toBe(201);
    expectRefused(await post(app, '/api/v1/registration', { ...newAccount(), captcha }));
    expect(await accountCount()).toBe(1);
  });

  it('refuses an expired token', async () => {
    const { token, later } = await provider.expired(app);
    if (later) vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + later });
    expectRefused(await post(app, '/api/v1/registration', { ...newAccount(), captcha: token }));
    expect(await accountCount()).toBe(0);
  });

  it('guards password recovery and contact too', async () => {
    expectRefused(await post(app, '/api/v1/password/recovery', { email: 'ana@exemplo.com' }));
    const recovery = await post(app, '/api/v1/password/recovery', {
      email: 'ana@exemplo.com',
      captcha: await provider.token(app),
    });
    expect(recovery.statusCode).toBe(202);
    const message = { inputName: 'Ana', inputEmail: 'ana@exemplo.com', textMessage: 'Olá!' };
    expectRefused(await post(app, '/api/v1/contact', message));
    const contact = await post(app, '/api/v1/contact', { ...message, captcha: await provider.token(app) });
    expect(contact.statusCode).toBe(201);
  });

  it('asks for it on login only while CAPTCHA_ON_LOGIN is on', async () => {
    const person = await signUp(await ctx.buildApp()); // registered where the captcha is off
    const user = { email: person.user_email, password: person.password };
    expect((await post(app, '/api/v1/session', { user })).statusCode).toBe(200);

    const flagged = await ctx.buildApp({ ...provider.env(), CAPTCHA_ON_LOGIN: 'true' });
    expectRefused(await post(flagged, '/api/v1/session', { user }));
    const res = await post(flagged, '/api/v1/session', { user, captcha: await provider.token(flagged) });
    expect(res.statusCode).toBe(200);
  });
});

describe('ALTCHA challenges', () => {
  it('are signed, expire in ten minutes and are never cached', async () => {
    const app = await ctx.buildApp(ALTCHA_ENV);
    const res = await app.inject({ url: '/api/v1/captcha/challenge' });
    expect(res.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = res.json<Challenge>();
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 1 });
    expect((parameters.expiresAt ?? 0) * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('signed with another key are refused', async () => {
    const other = await ctx.buildApp({ ...ALTCHA_ENV, ALTCHA_HMAC_KEY: 'another-key-0123456789abcdefgh' });
    const app = await ctx.buildApp(ALTCHA_ENV);
    expectRefused(
      await post(app, '/api/v1/registration', { ...newAccount(), captcha: await solveAltcha(other) }),
    );
  });

  it('are not handed out by other providers', async () => {
    const app = await ctx.buildApp({ CAPTCHA_PROVIDER: 'off' });
    expect((await app.inject({ url: '/api/v1/captcha/challenge' })).statusCode).toBe(404);
  });
});

describe('reCAPTCHA verification', () => {
  it('sends the secret, the token and the client IP form-encoded, and never logs the secret', async () => {
    const logs: string[] = [];
    const app = await ctx.buildApp(providers[1]!.env(), logs);
    const captcha = standIn.issueToken();
    standIn.requests.length = 0;
    expect((await post(app, '/api/v1/registration', { ...newAccount(), captcha })).statusCode).toBe(201);
    expect(standIn.requests).toEqual([
      { secret: standIn.secret, response: captcha, remoteip: '203.0.113.7' },
    ]);
    expect(logs.join('')).not.toContain(standIn.secret);
  });

  it('lets the page load the widget from Google only when it is the provider', async () => {
    const csp = async (env: Record<string, string>) =>
      String((await (await ctx.buildApp(env)).inject({ url: '/login' })).headers['content-security-policy']);
    const withRecaptcha = await csp(providers[1]!.env());
    expect(withRecaptcha).toContain('https://www.gstatic.com/recaptcha/');
    expect(withRecaptcha).toMatch(/frame-src [^;]*https:\/\/www\.google\.com\/recaptcha\//);
    const withAltcha = await csp(ALTCHA_ENV);
    expect(withAltcha).not.toContain('google');
    expect(withAltcha).not.toContain('unsafe-inline');
  });

  it('refuses (4xx, not 5xx) while the verify endpoint is unreachable', async () => {
    const app = await ctx.buildApp({
      ...providers[1]!.env(),
      RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify',
    });
    expectRefused(
      await post(app, '/api/v1/registration', { ...newAccount(), captcha: standIn.issueToken() }),
    );
  });

  it('is refused by Google for a wrong secret, and so by us', async () => {
    const app = await ctx.buildApp({ ...providers[1]!.env(), RECAPTCHA_SECRET_KEY: 'wrong-secret' });
    expectRefused(
      await post(app, '/api/v1/registration', { ...newAccount(), captcha: standIn.issueToken() }),
    );
  });
});
