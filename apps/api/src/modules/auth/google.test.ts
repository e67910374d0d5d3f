import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startGoogleIssuer, type GoogleIssuer } from '../../test/google-issuer.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { FILMES } from '../collection/collection.test-helpers.ts';
import { createTestContext, signUp, verifyEmailOf, type TestContext } from '../../test/test-context.ts';

const CLIENT_ID = 'acervo-test.apps.googleusercontent.com';

let ctx: TestContext;
let google: GoogleIssuer;
let inbox: SmtpInbox;
let app: FastifyInstance;

/** An app that trusts the stand-in issuer (a fresh key cache each time). */
const googleApp = (overrides: Record<string, string> = {}, logs?: string[]) =>
  ctx.buildApp(
    {
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_ISSUER: google.issuer,
      GOOGLE_JWKS_URL: google.jwksUrl,
      PUBLIC_URL: 'https://acervo.example',
      ...overrides,
    },
    logs,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  google = await startGoogleIssuer(CLIENT_ID);
  inbox = await startSmtpInbox();
  app = await googleApp();
});
afterAll(async () => {
  await inbox.stop();
  await google.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});

let subjects = 0;
/** Claims of a Google account with a verified e-mail. */
function person(overrides: Record<string, unknown> = {}) {
  subjects += 1;
  return {
    sub: `10${subjects}4455667788`,
    email: `google${subjects}@gmail.com`,
    name: 'Bia Google',
    ...overrides,
  };
}

const signInWithGoogle = (credential: string, on = app) =>
  on.inject({ method: 'POST', url: '/api/v1/session/google', payload: { credential } });
const passwordSignIn = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/session', payload: { user: { email, password } } });
const usersCount = async () =>
  Number((await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n);

describe('POST /session/google', () => {
  it('creates the account on the first sign-in and opens the same one on the second, with the password login session body', async () => {
    const bia = person({ email: 'Bia.Souza@gmail.com', name: 'Bia Souza' });
    const first = await signInWithGoogle(await google.sign(bia));
    expect(first.statusCode).toBe(200);
    const session = first.json().data;
    expect(Object.keys(session).sort()).toEqual(
      [
        'access_token',
        'expires_at',
        'user_email',
        'user_email_verified',
        'user_id',
        'user_name',
        'user_picture',
      ].sort(),
    );
    expect(session).toMatchObject({
      user_name: 'Bia Souza',
      user_email: 'bia.souza@gmail.com',
      user_picture: null,
      user_email_verified: true,
    });

    // The token works like any session's.
    const profile = await app.inject({
      method: 'GET',
      url: `/api/v1/user/${session.user_id}`,
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(profile.statusCode).toBe(200);

    const second = await signInWithGoogle(await google.sign(bia));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user_id).toBe(session.user_id);
    expect(second.json().data.access_token).not.toBe(session.access_token);
    expect(await usersCount()).toBe(1);
  });

  it('creates an account whose e-mail is verified from the start (Google vouched for it), and mails no link', async () => {
    const session = (await signInWithGoogle(await google.sign(person()))).json().data;
    const me = await app.inject({
      method: 'GET',
      url: `/api/v1/user/${session.user_id}`,
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(me.json().data).toMatchObject({ email: session.user_email, email_verified: true });
    expect(await ctx.db.query("SELECT 1 FROM mail_outbox WHERE template = 'email_verification'")).toEqual([]);
  });

  it('keys the account by Google subject: a changed Google e-mail still opens the same account', async () => {
    const bia = person();
    const first = (await signInWithGoogle(await google.sign(bia))).json().data;
    const renamed = await signInWithGoogle(await google.sign({ ...bia, email: 'nova.bia@gmail.com' }));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.user_id).toBe(first.user_id);
    expect(await usersCount()).toBe(1);
  });

  it.each([
    ['a bad signature', () => google.sign(person(), { key: 'foreign' })],
    [
      'the wrong audience',
      () => google.sign(person(), { audience: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['the wrong issuer', () => google.sign(person({ iss: 'https://accounts.evil.example' }))],
    ['an expired token', () => google.sign(person(), { expiresIn: Math.floor(Date.now() / 1000) - 600 })],
    ['an unverified e-mail', () => google.sign(person({ email_verified: false }))],
    ['no e-mail verification claim', () => google.sign(person({ email_verified: undefined }))],
    ['no e-mail', () => google.sign(person({ email: undefined }))],
    ['something that is not a JWT', async () => 'not-a-token'],
  ])('refuses %s with a 401 and creates nothing', async (_case, token) => {
    const res = await signInWithGoogle(await token());
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('GOOGLE_TOKEN_INVALID');
    expect(await usersCount()).toBe(0);
  });

  it('accepts the issuer without its scheme, as Google documents', async () => {
    const res = await signInWithGoogle(
      await google.sign(person({ iss: google.issuer.replace('http://', '') })),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for a missing credential and 404 where Google sign-in is not configured', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/v1/session/google', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    const off = await signInWithGoogle(await google.sign(person()), ctx.app);
    expect(off.statusCode).toBe(404);
  });

  it('answers 503, not 500, when Google keys cannot be fetched', async () => {
    const unreachable = await googleApp({ GOOGLE_JWKS_URL: `${google.issuer}/missing-jwks` });
    const res = await signInWithGoogle(await google.sign(person()), unreachable);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('GOOGLE_UNAVAILABLE');
  });
});

describe('linking to a password account', () => {
  it('links only an account whose e-mail is verified; afterwards both ways open the same account', async () => {
    const ana = await signUp(app, { name: 'Ana Ribeiro' });
    const claims = person({ email: ana.user_email });

    const unverified = await signInWithGoogle(await google.sign({ ...claims, email_verified: false }));
    expect(unverified.statusCode).toBe(401);
    const notYet = await signInWithGoogle(await google.sign(claims));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().error.code).toBe('GOOGLE_ACCOUNT_UNVERIFIED');
    const [before] = await ctx.db.query<{ google_sub: string | null }>('SELECT google_sub FROM users');
    expect(before!.google_sub).toBeNull();

    await verifyEmailOf(app, ctx.db, ana.user_email);
    const linked = await signInWithGoogle(await google.sign(claims));
    expect(linked.statusCode).toBe(200);
    expect(linked.json().data).toMatchObject({ user_id: ana.user_id, user_name: 'Ana Ribeiro' });
    expect(await usersCount()).toBe(1);
    expect((await passwordSignIn(ana.user_email, ana.password)).statusCode).toBe(200);
  });

  it("a stranger who pre-registered Maria's address gets nothing: Google refuses to link, Maria reclaims it by mail, and the stranger is out", async () => {
    const stranger = await signUp(app, {
      name: 'Maria',
      email: 'maria@gmail.com',
      password: 'Estranho2026x',
    });
    const maria = person({ email: 'maria@gmail.com', name: 'Maria Souza' });

    const refused = await signInWithGoogle(await google.sign(maria));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('GOOGLE_ACCOUNT_UNVERIFIED');
    expect(await usersCount()).toBe(1);

    // Maria proves the address with the recovery mail, which only she receives.
    await app.inject({ method: 'POST', url: '/api/v1/password/recovery', payload: { email: maria.email } });
    const mails = await inbox.deliver(ctx.db, maria.email, 2);
    const link = mails.find((m) => m.subject === 'Redefinição de senha do Acervo')!.links[0]!;
    const token = /\/reset\/([A-Za-z0-9_-]+)$/.exec(link)![1];
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { token, password: 'DaMaria2026', password_confirmation: 'DaMaria2026' },
    });
    expect(reset.statusCode).toBe(200);

    const session = await signInWithGoogle(await google.sign(maria));
    expect(session.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${session.json().data.access_token}` };
    const diary = await app.inject({
      method: 'POST',
      url: '/api/v1/collection',
      headers: auth,
      payload: { category_id: FILMES, name: 'Diário da Maria', description: 'Só meu', private: true },
    });
    expect(diary.statusCode).toBe(201);

    // The stranger's session and password are gone; nothing of Maria's is readable to them.
    const peek = await app.inject({
      method: 'GET',
      url: `/api/v1/collection/${diary.json().data.id}`,
      headers: stranger.auth,
    });
    expect(peek.statusCode).toBe(401);
    expect((await passwordSignIn(maria.email, 'Estranho2026x')).statusCode).toBe(401);
  });

  it('refuses a second Google account with the e-mail of an account already linked to another one', async () => {
    const bia = person();
    expect((await signInWithGoogle(await google.sign(bia))).statusCode).toBe(200);
    const other = await signInWithGoogle(await google.sign({ ...person(), email: bia.email }));
    expect(other.statusCode).toBe(409);
    expect(other.json().error.code).toBe('GOOGLE_ACCOUNT_CONFLICT');
    expect(await usersCount()).toBe(1);
  });
});

describe('a Google-only account', () => {
  it('has no password until recovery sets one', async () => {
    const bia = person();
    const session = (await signInWithGoogle(await google.sign(bia))).json().data;
    expect((await passwordSignIn(bia.email, 'QualquerSenha1')).statusCode).toBe(401);

    const recover = await app.inject({
      method: 'POST',
      url: '/api/v1/password/recovery',
      payload: { email: bia.email },
    });
    expect(recover.statusCode).toBe(202);
    const [mail] = await inbox.deliver(ctx.db, bia.email);
    const token = /\/reset\/([A-Za-z0-9_-]+)$/.exec(mail!.links[0] ?? '')?.[1];
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { token, password: 'MinhaSenha2026', password_confirmation: 'MinhaSenha2026' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await passwordSignIn(bia.email, 'MinhaSenha2026')).statusCode).toBe(200);
    // Google still opens it too.
    expect((await signInWithGoogle(await google.sign(bia))).json().data.user_id).toBe(session.user_id);
  });

  it('confirms its deletion with its e-mail, having no password', async () => {
    const bia = person();
    const session = (await signInWithGoogle(await google.sign(bia))).json().data;
    const auth = { authorization: `Bearer ${session.access_token}` };
    const wrong = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${session.user_id}`,
      headers: auth,
      payload: { email: 'outra@gmail.com' },
    });
    expect(wrong.statusCode).toBe(400);
    const done = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${session.user_id}`,
      headers: auth,
      payload: { email: bia.email },
    });
    expect(done.statusCode).toBe(200);
    expect(await usersCount()).toBe(0);
  });
});

describe("Google's signing keys", () => {
  it('are fetched once and cached across sign-ins; a rotated key is fetched when a token names it', async () => {
    const fresh = await googleApp({ GOOGLE_JWKS_COOLDOWN_SECONDS: '0' });
    const hits = google.jwksHits;
    for (let i = 0; i < 3; i += 1) {
      expect((await signInWithGoogle(await google.sign(person()), fresh)).statusCode).toBe(200);
    }
    expect(google.jwksHits - hits).toBe(1);

    await google.rotate();
    expect((await signInWithGoogle(await google.sign(person()), fresh)).statusCode).toBe(200);
    expect(google.jwksHits - hits).toBe(2);
    // Tokens signed with the older, still published key keep working from the refreshed cache.
    expect((await signInWithGoogle(await google.sign(person()), fresh)).statusCode).toBe(200);
    expect(google.jwksHits - hits).toBe(2);
  });

  it('are not fetched again within the cooldown, however many tokens name unknown keys', async () => {
    const fresh = await googleApp();
    const hits = google.jwksHits;
    expect((await signInWithGoogle(await google.sign(person()), fresh)).statusCode).toBe(200);
    await google.rotate();
    for (let i = 0; i < 3; i += 1) {
      expect((await signInWithGoogle(await google.sign(person()), fresh)).statusCode).toBe(401);
    }
    expect(google.jwksHits - hits).toBe(1);
  });
});

describe('logs', () => {
  it('never contain the Google credential or the session token', async () => {
    const logs: string[] = [];
    const logged = await googleApp({}, logs);
    const credential = await google.sign(person());
    const res = await signInWithGoogle(credential, logged);
    expect(res.statusCode).toBe(200);
    const text = logs.join('\n');
    expect(text).toContain('google sign-in');
    expect(text).not.toContain(credential.split('.')[2]);
    expect(text).not.toContain(res.json().data.access_token);
  });
});

describe('the content security policy', () => {
  it("allows Google Identity Services' script and frame only where Google sign-in is configured", async () => {
    const csp = async (on: FastifyInstance) =>
      String((await on.inject({ url: '/api/v1/config' })).headers['content-security-policy']);
    const on = await csp(app);
    expect(on).toContain("script-src 'self' https://accounts.google.com/gsi/client");
    expect(on).toContain("frame-src 'self' https://accounts.google.com/gsi/");
    expect(on).not.toContain('unsafe-inline');
    const off = await csp(ctx.app);
    expect(off).not.toContain('accounts.google.com');
  });
});
