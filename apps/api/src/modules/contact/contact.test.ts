import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliverDueMail, retryDelayMs } from '../mail/mail.service.ts';
import { createMailTransport, type MailTransport } from '../mail/mail-transport.ts';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';

let ctx: TestContext;
let inbox: SmtpInbox;
let transport: MailTransport;
let app: FastifyInstance;
const TEAM = 'fale@acervo.example';

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startSmtpInbox();
  transport = createMailTransport({ smtpUrl: inbox.url, from: 'Acervo <teste@acervo.app>', dataDir: '.' });
  app = await ctx.buildApp({ CONTACT_EMAIL: TEAM });
});
afterAll(async () => {
  transport.close();
  await inbox.stop();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});

const message = {
  inputName: 'Ana Ribeiro',
  inputEmail: 'ana@exemplo.com.br',
  inputPhone: '(11) 98765-4321',
  textMessage: 'Olá!\nGostaria de saber mais sobre o Acervo.',
};
const send = (body: object, on = app, remoteAddress = '198.51.100.1') =>
  on.inject({ method: 'POST', url: '/api/v1/contact', payload: body, remoteAddress });
const stored = () =>
  ctx.db.query<{ name: string; email: string; phone: string | null; message: string }>(
    'SELECT name, email, phone, message FROM contact_messages',
  );
// A moment safely after the insert, as the worker's clock (the database's has microseconds).
const afterInsert = () => new Date(Date.now() + 1_000);

describe('POST /api/v1/contact', () => {
  it('stores the message and mails it to the contact address with Reply-To the sender', async () => {
    const res = await send(message);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { received: true } });
    expect(await stored()).toEqual([
      {
        name: 'Ana Ribeiro',
        email: 'ana@exemplo.com.br',
        phone: '(11) 98765-4321',
        message: message.textMessage,
      },
    ]);

    const [mail, ...others] = await inbox.deliver(ctx.db, TEAM);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Contato pelo site: Ana Ribeiro');
    expect(mail?.replyTo).toBe('ana@exemplo.com.br');
    expect(mail?.text).toContain('Telefone: (11) 98765-4321');
    expect(mail?.text).toContain('Gostaria de saber mais sobre o Acervo.');
  });

  it('keeps a message through an SMTP outage and mails it once when the server is back', async () => {
    await inbox.stop();
    try {
      expect((await send(message)).statusCode).toBe(201);
      const t0 = afterInsert();
      expect(await deliverDueMail(ctx.db, transport, { now: t0 })).toEqual({ sent: 0, failed: 1 });
      expect(await stored()).toHaveLength(1);
    } finally {
      await inbox.start();
    }
    const later = new Date(Date.now() + retryDelayMs(1) + 2_000);
    expect(await deliverDueMail(ctx.db, transport, { now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(ctx.db, transport, { now: new Date(later.getTime() + 86_400_000) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(inbox.mails.map((m) => [m.envelopeTo, m.replyTo])).toEqual([[[TEAM], 'ana@exemplo.com.br']]);
  });

  it('makes CR/LF in the name and phone harmless, and refuses them in the e-mail', async () => {
    const res = await send({
      ...message,
      inputName: 'Ana\r\nBcc: vitima@exemplo.com\r\nSubject: ganhe dinheiro',
      inputPhone: '11\r\nCc: outra@exemplo.com',
    });
    expect(res.statusCode).toBe(201);
    const [mail] = await inbox.deliver(ctx.db, TEAM);
    expect(mail?.envelopeTo).toEqual([TEAM]);
    expect(mail?.headerNames).not.toContain('bcc');
    expect(mail?.headerNames).not.toContain('cc');
    expect(mail?.subject).toBe('Contato pelo site: Ana Bcc: vitima@exemplo.com Subject: ganhe dinheiro');

    const injected = await send({ ...message, inputEmail: 'ana@exemplo.com\r\nBcc: vitima@exemplo.com' });
    expect(injected.statusCode).toBe(400);
    expect(injected.json().error.fields).toEqual({ inputEmail: 'emailRequired' });
  });

  it('refuses a message without name, e-mail or text with the form’s codes', async () => {
    const res = await send({ inputName: ' ', inputEmail: '', textMessage: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        inputName: 'contactNameRequired',
        inputEmail: 'emailRequired',
        textMessage: 'messageRequired',
      },
    });
    expect(await stored()).toEqual([]);
  });

  it('limits messages per IP per hour', async () => {
    const limited = await ctx.buildApp({ CONTACT_RATE_LIMIT_PER_IP: '2' });
    expect((await send(message, limited)).statusCode).toBe(201);
    expect((await send(message, limited)).statusCode).toBe(201);
    const third = await send(message, limited);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect((await send(message, limited, '198.51.100.2')).statusCode).toBe(201);
    expect(await stored()).toHaveLength(3);
  });
});
