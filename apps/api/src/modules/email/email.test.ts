import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';

const PUBLIC_URL = 'https://acervo.example';

let ctx: TestContext;
let inbox: SmtpInbox;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startSmtpInbox();
  app = await ctx.buildApp({ PUBLIC_URL });
});
afterAll(async () => {
  await inbox.stop();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});

type Person = Awaited<ReturnType<typeof signUp>>;

/** The token of the `nth` (1-based) verification mail that reached `email`. */
async function verificationLink(email: string, nth = 1): Promise<string> {
  const mails = (await inbox.deliver(ctx.db, email, nth)).filter((m) =>
    /Confirme seu e-mail|Confirm your e-mail/.test(m.subject),
  );
  const link = mails[nth - 1]?.links[0] ?? '';
  const token = new RegExp(`^${PUBLIC_URL}/verify-email/([A-Za-z0-9_-]+)$`).exec(link)?.[1];
  if (!token) throw new Error(`no verification link: ${link}`);
  return token;
}

const verify = (token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/email/verify', payload: { token } });
const resend = (who?: Person) =>
  app.inject({ method: 'POST', url: '/api/v1/email/verification', ...(who ? { headers: who.auth } : {}) });
const account = async (who: Person, of = who) =>
  (await app.inject({ method: 'GET', url: `/api/v1/user/${of.user_id}`, headers: who.auth })).json().data;

describe('registration', () => {
  it('signs the person in and mails a 24-hour verification link built from PUBLIC_URL; the link verifies the e-mail once', async () => {
    const ana = await signUp(app, { name: 'Ana Ribeiro' });
    expect(await account(ana)).toMatchObject({ email: ana.user_email, email_verified: false });

    const [mail] = await inbox.deliver(ctx.db, ana.user_email);
    expect(mail!.subject).toBe('Confirme seu e-mail no Acervo');
    expect(mail!.text).toContain('24 horas');
    const token = await verificationLink(ana.user_email);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { verified: true } });
    expect(await account(ana)).toMatchObject({ email_verified: true });

    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('EMAIL_TOKEN_USED');
  });

  it('says in every new session whether the e-mail is verified (registration, then sign-in after the link)', async () => {
    const reg = await app.inject({
      method: 'POST',
      url: '/api/v1/registration',
      payload: {
        name: 'Ana',
        email: 'ana@exemplo.com.br',
        password: 'Senha2026ok',
        password_confirmation: 'Senha2026ok',
      },
    });
    expect(reg.json().data.user_email_verified).toBe(false);
    expect((await verify(await verificationLink('ana@exemplo.com.br'))).statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: { email: 'ana@exemplo.com.br', password: 'Senha2026ok' } },
    });
    expect(signIn.json().data.user_email_verified).toBe(true);
  });

  it('shows email_verified only to the owner', async () => {
    const ana = await signUp(app);
    const bia = await signUp(app);
    expect(await account(bia, ana)).not.toHaveProperty('email_verified');
    expect(await account(bia, ana)).not.toHaveProperty('email');
  });

  it('refuses a made-up link with a clear 400, and a link older than 24 hours as expired', async () => {
    const ana = await signUp(app);
    const wrong = await verify('a'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('EMAIL_TOKEN_INVALID');

    const token = await verificationLink(ana.user_email);
    // 23 hours on, the link still works; the clock is the database's, so the link is aged there.
    await ctx.db.query("UPDATE email_verification_tokens SET expires_at = expires_at - interval '23 hours'");
    const young = await ctx.db.query('SELECT 1 FROM email_verification_tokens WHERE expires_at > now()');
    expect(young).toHaveLength(1);
    await ctx.db.query("UPDATE email_verification_tokens SET expires_at = expires_at - interval '1 hour'");
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('EMAIL_TOKEN_EXPIRED');
    expect(await account(ana)).toMatchObject({ email_verified: false });
  });

  it('answers a missing token with a 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/email/verify', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /email/verification', () => {
  it('mails a new link that voids the older one, three times an hour, then 429', async () => {
    const ana = await signUp(app);
    const first = await verificationLink(ana.user_email);

    for (let i = 0; i < 3; i += 1) {
      const res = await resend(ana);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { sent: true } });
    }
    const limited = await resend(ana);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();

    const newest = await verificationLink(ana.user_email, 4);
    expect((await verify(first)).json().error.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await verify(newest)).statusCode).toBe(200);
  });

  it('is for signed-in people, and a 409 once the e-mail is verified', async () => {
    expect((await resend()).statusCode).toBe(401);
    const ana = await signUp(app);
    expect((await verify(await verificationLink(ana.user_email))).statusCode).toBe(200);
    const res = await resend(ana);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });
});

describe('password recovery of an unverified account', () => {
  it('still works, and verifies the address the reset link reached', async () => {
    const ana = await signUp(app);
    const recover = await app.inject({
      method: 'POST',
      url: '/api/v1/password/recovery',
      payload: { email: ana.user_email },
    });
    expect(recover.statusCode).toBe(202);
    const mails = await inbox.deliver(ctx.db, ana.user_email, 2);
    const link = mails.find((m) => m.subject === 'Redefinição de senha do Acervo')!.links[0]!;
    const token = /\/reset\/([A-Za-z0-9_-]+)$/.exec(link)![1];
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      payload: { token, password: 'NovaSenha2026', password_confirmation: 'NovaSenha2026' },
    });
    expect(reset.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: { email: ana.user_email, password: 'NovaSenha2026' } },
    });
    expect(signIn.statusCode).toBe(200);
    const fresh = { ...ana, auth: { authorization: `Bearer ${signIn.json().data.access_token}` } };
    expect(await account(fresh)).toMatchObject({ email_verified: true });
  });
});
