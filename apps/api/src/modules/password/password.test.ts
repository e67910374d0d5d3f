import { expectGuardedLikeSignIn } from '../../test/password-guard.ts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../lib/tokens.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import {
  createTestContext,
  newAccount,
  setAsideVerificationMails,
  signUp as register,
  type TestContext,
} from '../../test/test-context.ts';

/** This suite reads other mails: the verification mail each registration queues is set aside. */
async function signUp(...args: Parameters<typeof register>) {
  const session = await register(...args);
  await setAsideVerificationMails(ctx.db);
  return session;
}

let ctx: TestContext;
let inbox: SmtpInbox;
let app: FastifyInstance;
const PUBLIC_URL = 'https://acervo.example';

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startSmtpInbox();
  app = await ctx.buildApp({ PUBLIC_URL: `${PUBLIC_URL}/` });
});
afterAll(async () => {
  await inbox.stop();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });
const recover = (email: string, headers: Record<string, string> = {}) =>
  post('/api/v1/password/recovery', { email }, headers);
const reset = (token: string, password: string, confirmation = password) =>
  post('/api/v1/password/reset', { token, password, password_confirmation: confirmation });
const signIn = (email: string, password: string) => post('/api/v1/session', { user: { email, password } });
const me = (who: { user_id: string; auth: { authorization: string } }) =>
  app.inject({ method: 'GET', url: `/api/v1/user/${who.user_id}`, headers: who.auth });
const changePassword = (
  who: { user_id: string; auth: { authorization: string } },
  body: object,
  userId = who.user_id,
) => app.inject({ method: 'PUT', url: `/api/v1/user/${userId}/password`, headers: who.auth, payload: body });

/** The token of a reset link: `${PUBLIC_URL}/reset/{token}`. */
function tokenOf(link: string | undefined): string {
  const match = new RegExp(`^${PUBLIC_URL}/reset/([A-Za-z0-9_-]+)$`).exec(link ?? '');
  if (!match?.[1]) throw new Error(`not a reset link: ${link}`);
  return match[1];
}

async function resetMail(email: string, count = 1) {
  const mails = await inbox.deliver(ctx.db, email, count);
  const resets = mails.filter(
    (m) => m.subject === 'Redefinição de senha do Acervo' || m.subject === 'Reset your Acervo password',
  );
  expect(resets).toHaveLength(count);
  return resets[count - 1]!;
}

describe('password recovery', () => {
  it('mails a single-use link built from PUBLIC_URL (never the Host header) that resets the password and signs out every session', async () => {
    const ana = await signUp(app, { name: 'Ana Ribeiro' });
    const other = await signIn(ana.user_email, ana.password);
    expect(other.statusCode).toBe(200);

    const res = await recover(ana.user_email.toUpperCase(), { host: 'evil.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { requested: true } });

    const mail = await resetMail(ana.user_email);
    expect(mail.text).toContain('Olá, Ana Ribeiro!');
    expect(mail.text).toContain('1 hora');
    expect(mail.html).toContain(`href="${mail.links[0]}"`);
    const token = tokenOf(mail.links[0]);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // Only the hash is stored.
    const stored = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM password_reset_tokens');
    expect(stored).toEqual([{ token_hash: hashToken(token) }]);

    const done = await reset(token, 'NovaSenha2026');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ data: { reset: true } });

    expect((await me(ana)).statusCode).toBe(401);
    expect((await signIn(ana.user_email, ana.password)).statusCode).toBe(401);
    expect((await signIn(ana.user_email, 'NovaSenha2026')).statusCode).toBe(200);
    // Used once: the link is dead.
    const again = await reset(token, 'OutraSenha2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('RESET_TOKEN_INVALID');
    // And the person hears that the password changed.
    const notice = await inbox.deliver(ctx.db, ana.user_email, 2);
    expect(notice[1]?.subject).toBe('Sua senha foi alterada');
    expect(notice[1]?.links).toEqual([`${PUBLIC_URL}/recover`]);
  });

  it('answers an unknown e-mail exactly like a known one and mails nobody', async () => {
    const ana = await signUp(app);
    const known = await recover(ana.user_email);
    const unknown = await recover('ninguem@exemplo.com.br');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());

    await resetMail(ana.user_email);
    await inbox.deliver(ctx.db, 'ninguem@exemplo.com.br', 1, 300);
    expect(inbox.mails.map((m) => m.to)).toEqual([ana.user_email]);
  });

  it('refuses a malformed e-mail with a validation code', async () => {
    const res = await recover('não é e-mail');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'loginEmailRequired' });
  });

  it('writes to the person in their language', async () => {
    const bob = await signUp(app);
    await ctx.db.query("UPDATE users SET locale = 'en' WHERE id = $1", [bob.user_id]);
    await recover(bob.user_email);
    const mail = await resetMail(bob.user_email);
    expect(mail.subject).toBe('Reset your Acervo password');
    expect(mail.text).toContain('valid for 1 hour');
  });

  it('voids older links when a newer one is sent', async () => {
    const ana = await signUp(app);
    await recover(ana.user_email);
    const first = tokenOf((await resetMail(ana.user_email, 1)).links[0]);
    await recover(ana.user_email);
    const second = tokenOf((await resetMail(ana.user_email, 2)).links[0]);

    expect((await reset(first, 'NovaSenha2026')).json().error.code).toBe('RESET_TOKEN_INVALID');
    expect((await reset(second, 'NovaSenha2026')).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const ana = await signUp(app);
    await recover(ana.user_email);
    const token = tokenOf((await resetMail(ana.user_email)).links[0]);
    await ctx.db.query("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'");

    const res = await reset(token, 'NovaSenha2026');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('RESET_TOKEN_INVALID');
    expect((await signIn(ana.user_email, ana.password)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous resets with the same link win', async () => {
    const ana = await signUp(app);
    await recover(ana.user_email);
    const token = tokenOf((await resetMail(ana.user_email)).links[0]);
    const results = await Promise.all([reset(token, 'PrimeiraSenha1'), reset(token, 'SegundaSenha2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('holds the new password to the registration rules', async () => {
    const ana = await signUp(app);
    await recover(ana.user_email);
    const token = tokenOf((await resetMail(ana.user_email)).links[0]);

    const weak = await reset(token, 'semnumeros');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: 'passwordRule' });
    const mismatch = await reset(token, 'NovaSenha2026', 'NovaSenha2027');
    expect(mismatch.json().error.fields).toEqual({ password_confirmation: 'passwordMismatch' });
    const badToken = await reset('curto', 'NovaSenha2026');
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().error.fields).toHaveProperty('token');
    // None of these used the link up.
    expect((await reset(token, 'NovaSenha2026')).statusCode).toBe(200);
  });

  it('sends at most five links per e-mail per half hour', async () => {
    const ana = await signUp(app);
    for (let i = 0; i < 5; i += 1) expect((await recover(ana.user_email)).statusCode).toBe(202);
    const limited = await recover(ana.user_email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not held back by Ana's.
    expect((await recover(newAccount().email)).statusCode).toBe(202);
    await resetMail(ana.user_email, 5);
  });

  it("a stranger's requests never block the owner's recovery from an address they signed in from (issue 23)", async () => {
    const ana = await signUp(app);
    const from = (ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/password/recovery',
        payload: { email: ana.user_email },
        remoteAddress: ip,
      });
    expect((await signIn(ana.user_email, ana.password)).statusCode).toBe(200); // from 127.0.0.1
    // Five requests from one stranger's address: that address waits.
    for (let i = 0; i < 5; i += 1) expect((await from('10.0.3.1')).statusCode).toBe(202);
    expect((await from('10.0.3.1')).statusCode).toBe(429);
    // More addresses up to the account-wide cap: then new addresses wait too, with a visible 429.
    let codes: number[] = [];
    for (let i = 2; i <= 30; i += 1) codes.push((await from(`10.0.3.${i}`)).statusCode);
    expect(codes).toContain(429);
    // The owner, from where she signs in, still gets her link.
    codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await from('127.0.0.1')).statusCode);
    expect(codes).toEqual([202, 202, 202, 202, 202]);
  });

  it('limits requests per IP address', async () => {
    const limitedApp = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_IP: '2' });
    const ask = (email: string) =>
      limitedApp.inject({ method: 'POST', url: '/api/v1/password/recovery', payload: { email } });
    expect((await ask(newAccount().email)).statusCode).toBe(202);
    expect((await ask(newAccount().email)).statusCode).toBe(202);
    expect((await ask(newAccount().email)).statusCode).toBe(429);
  });
});

describe('password change', () => {
  it('checks the current password, keeps this session, signs out the others and mails a notice', async () => {
    const ana = await signUp(app, { name: 'Ana' });
    const otherSession = (await signIn(ana.user_email, ana.password)).json().data.access_token as string;
    const other = { ...ana, auth: { authorization: `Bearer ${otherSession}` } };

    const wrong = await changePassword(ana, {
      old_password: 'SenhaErrada1',
      password: 'NovaSenha2026',
      password_confirmation: 'NovaSenha2026',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ old_password: 'oldPasswordWrong' });
    expect((await me(other)).statusCode).toBe(200);

    const res = await changePassword(ana, {
      old_password: ana.password,
      password: 'NovaSenha2026',
      password_confirmation: 'NovaSenha2026',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { changed: true } });
    expect((await me(ana)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await signIn(ana.user_email, ana.password)).statusCode).toBe(401);
    expect((await signIn(ana.user_email, 'NovaSenha2026')).statusCode).toBe(200);

    const [notice] = await inbox.deliver(ctx.db, ana.user_email);
    expect(notice?.subject).toBe('Sua senha foi alterada');
    expect(notice?.text).toContain('Olá, Ana!');
  });

  it('refuses a weak or unconfirmed new password with validation codes', async () => {
    const ana = await signUp(app);
    const weak = await changePassword(ana, {
      old_password: ana.password,
      password: '12345678',
      password_confirmation: '12345678',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields).toEqual({ password: 'passwordRule' });
    const empty = await changePassword(ana, { old_password: '', password: '', password_confirmation: '' });
    expect(empty.json().error.fields).toEqual({
      old_password: 'oldPasswordRequired',
      password: 'newPasswordRequired',
      password_confirmation: 'confirmPasswordRequired',
    });
    expect((await signIn(ana.user_email, ana.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords with sign-in failures and answers 429 past the limit (issue 23)', async () => {
    const limited = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    const ana = await signUp(limited);
    const change = (oldPassword: string, ip = '10.0.0.1') =>
      limited.inject({
        method: 'PUT',
        url: `/api/v1/user/${ana.user_id}/password`,
        headers: ana.auth,
        remoteAddress: ip,
        payload: {
          old_password: oldPassword,
          password: 'NovaSenha2026',
          password_confirmation: 'NovaSenha2026',
        },
      });
    await expectGuardedLikeSignIn(limited, ana, (password) => change(password));
    // From an address that has not failed, the right password still changes it.
    expect((await change(ana.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it("is only for one's own account", async () => {
    const ana = await signUp(app);
    const bob = await signUp(app);
    const body = {
      old_password: bob.password,
      password: 'NovaSenha2026',
      password_confirmation: 'NovaSenha2026',
    };
    expect((await changePassword(ana, body, bob.user_id)).statusCode).toBe(403);
    expect((await changePassword(ana, body, 'nao-existe-0000')).statusCode).toBe(404);
    const anonymous = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${ana.user_id}/password`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await signIn(bob.user_email, bob.password)).statusCode).toBe(200);
  });
});

describe('the language of mails', () => {
  it('is set at registration and changed by the person', async () => {
    const res = await post('/api/v1/registration', { ...newAccount(), locale: 'en' });
    expect(res.statusCode).toBe(201);
    const session = res.json().data as { user_id: string; user_email: string; access_token: string };
    const auth = { authorization: `Bearer ${session.access_token}` };
    const [welcome] = await inbox.deliver(ctx.db, session.user_email);
    expect(welcome!.subject).toBe('Confirm your e-mail on Acervo');
    inbox.mails.length = 0;
    await recover(session.user_email);
    expect((await resetMail(session.user_email)).subject).toBe('Reset your Acervo password');

    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${session.user_id}/locale`,
      headers: auth,
      payload: { locale: 'pt' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ data: { locale: 'pt' } });
    await recover(session.user_email);
    expect((await resetMail(session.user_email, 2)).subject).toBe('Redefinição de senha do Acervo');

    const bad = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${session.user_id}/locale`,
      headers: auth,
      payload: { locale: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    const bob = await signUp(app);
    const foreign = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${bob.user_id}/locale`,
      headers: auth,
      payload: { locale: 'en' },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
