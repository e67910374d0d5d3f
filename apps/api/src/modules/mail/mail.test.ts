import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { deliverDueMail, enqueueMail, purgeOutbox, retryDelayMs } from './mail.service.ts';
import { createMailTransport, readDkimKey, type MailTransport } from './mail-transport.ts';
// mailauth (Postal Systems' verifier), an implementation of RFC 6376 that is not nodemailer's own.
import { dkimVerify } from 'mailauth/lib/dkim/verify.js';

let ctx: TestContext;
let inbox: SmtpInbox;
let transport: MailTransport;
const FROM = 'Acervo <nao-responda@acervo.app>';

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startSmtpInbox();
  transport = createMailTransport({ smtpUrl: inbox.url, from: FROM, dataDir: tmpdir() });
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

const link = 'http://localhost:3000/reset/abc123';
// The database's clock has microseconds and JavaScript's milliseconds: a moment safely after an
// insert, as the worker's clock.
const afterInsert = () => new Date(Date.now() + 1_000);

async function outboxRows() {
  return ctx.db.query<{
    status: string;
    attempts: number;
    last_error: string | null;
    body_text: string | null;
  }>('SELECT status, attempts, last_error, body_text FROM mail_outbox ORDER BY created_at');
}

describe('the mail outbox', () => {
  it('sends a mail only when the transaction that queued it commits', async () => {
    await ctx.db
      .transaction(async (tx) => {
        await enqueueMail(tx, {
          to: 'nunca@exemplo.com',
          locale: 'pt',
          template: 'password_changed',
          data: { name: 'Nunca', link },
        });
        throw new Error('the change failed');
      })
      .catch(() => {});
    await ctx.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'ana@exemplo.com',
        locale: 'pt',
        template: 'password_changed',
        data: { name: 'Ana', link },
      }),
    );

    expect(await deliverDueMail(ctx.db, transport)).toEqual({ sent: 1, failed: 0 });
    expect(inbox.mails).toHaveLength(1);
    const [mail] = inbox.mails;
    expect(mail?.to).toBe('ana@exemplo.com');
    expect(mail?.subject).toBe('Sua senha foi alterada');
    expect(mail?.text).toContain('Olá, Ana!');
    expect(mail?.links).toEqual([link]);
    expect(mail?.html).toContain(`<a href="${link}">`);
    // Delivered: not sent again, and the body (which may hold a link) is not kept.
    expect(await deliverDueMail(ctx.db, transport)).toEqual({ sent: 0, failed: 0 });
    expect(await outboxRows()).toEqual([{ status: 'sent', attempts: 1, last_error: null, body_text: null }]);
  });

  it('writes in the person’s language and escapes names in the HTML part', async () => {
    await enqueueMail(ctx.db, {
      to: 'bob@example.com',
      locale: 'en',
      template: 'account_deleted',
      data: { name: '<b>Bob</b> & co' },
    });
    await deliverDueMail(ctx.db, transport);
    const [mail] = inbox.mails;
    expect(mail?.subject).toBe('Your Acervo account was deleted');
    expect(mail?.text).toContain('Hello, <b>Bob</b> & co!');
    expect(mail?.html).toContain('Hello, &lt;b&gt;Bob&lt;/b&gt; &amp; co!');
  });

  it('keeps mails queued while the SMTP server is down and delivers them once when it is back', async () => {
    await inbox.stop();
    await enqueueMail(ctx.db, {
      to: 'ana@exemplo.com',
      locale: 'pt',
      template: 'password_reset',
      data: { name: 'Ana', link },
    });
    const t0 = afterInsert();

    expect(await deliverDueMail(ctx.db, transport, { now: t0 })).toEqual({ sent: 0, failed: 1 });
    const [failed] = await outboxRows();
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.last_error).toBeTruthy();
    // Backing off: not tried again before the delay.
    expect(await deliverDueMail(ctx.db, transport, { now: new Date(t0.getTime() + 30_000) })).toEqual({
      sent: 0,
      failed: 0,
    });

    await inbox.start();
    const later = new Date(t0.getTime() + retryDelayMs(1) + 1_000);
    expect(await deliverDueMail(ctx.db, transport, { now: later })).toEqual({ sent: 1, failed: 0 });
    expect(await deliverDueMail(ctx.db, transport, { now: new Date(later.getTime() + 3_600_000) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(inbox.mails.map((m) => m.subject)).toEqual(['Redefinição de senha do Acervo']);
    expect(await outboxRows()).toEqual([{ status: 'sent', attempts: 2, last_error: null, body_text: null }]);
  });

  it('records a mail as failed after the last attempt', async () => {
    await inbox.stop();
    try {
      await enqueueMail(ctx.db, {
        to: 'ana@exemplo.com',
        locale: 'pt',
        template: 'account_deleted',
        data: { name: 'Ana' },
      });
      let now = afterInsert().getTime();
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        await deliverDueMail(ctx.db, transport, { now: new Date(now), maxAttempts: 3 });
        now += retryDelayMs(attempt) + 1_000;
      }
      const [row] = await outboxRows();
      expect(row).toMatchObject({ status: 'failed', attempts: 3 });
      expect(row?.last_error).toBeTruthy();
    } finally {
      await inbox.start();
    }
    // Given up: the server being back changes nothing.
    expect(await deliverDueMail(ctx.db, transport, { now: new Date(Date.now() + 86_400_000) })).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(inbox.mails).toHaveLength(0);
  });

  it('deletes sent mail after the retention period, failed mail after twice as long, never pending mail', async () => {
    const to = ['sent-old', 'sent-recent', 'failed-old', 'failed-recent', 'pending-old'];
    for (const name of to) {
      await enqueueMail(ctx.db, {
        to: `${name}@exemplo.com`,
        locale: 'pt',
        template: 'account_deleted',
        data: { name },
      });
    }
    expect(await deliverDueMail(ctx.db, transport)).toEqual({ sent: 5, failed: 0 });
    // Age the rows as the days would (the database's clock cannot be moved).
    const age = (name: string, set: string) =>
      ctx.db.query(`UPDATE mail_outbox SET ${set} WHERE to_address = $1`, [`${name}@exemplo.com`]);
    await age('sent-old', "sent_at = now() - interval '31 days'");
    await age('sent-recent', "sent_at = now() - interval '29 days'");
    await age('failed-old', "status = 'failed', sent_at = NULL, created_at = now() - interval '61 days'");
    await age('failed-recent', "status = 'failed', sent_at = NULL, created_at = now() - interval '59 days'");
    await age('pending-old', "status = 'pending', sent_at = NULL, created_at = now() - interval '400 days'");

    expect(await purgeOutbox(ctx.db, 30)).toBe(2);
    const left = await ctx.db.query<{ to_address: string }>(
      'SELECT to_address FROM mail_outbox ORDER BY to_address',
    );
    expect(left.map((r) => r.to_address)).toEqual([
      'failed-recent@exemplo.com',
      'pending-old@exemplo.com',
      'sent-recent@exemplo.com',
    ]);
  });

  it('never lets two workers send the same row', async () => {
    const count = 30;
    for (let i = 0; i < count; i += 1) {
      await enqueueMail(ctx.db, {
        to: `pessoa${i}@exemplo.com`,
        locale: 'pt',
        template: 'account_deleted',
        data: { name: `Pessoa ${i}` },
      });
    }
    const other = createMailTransport({ smtpUrl: inbox.url, from: FROM, dataDir: tmpdir() });
    try {
      const runs = await Promise.all(
        [transport, other, transport, other].map((t) => deliverDueMail(ctx.db, t, { batchSize: 10 })),
      );
      const more = await deliverDueMail(ctx.db, other);
      expect(runs.reduce((n, r) => n + r.sent, more.sent)).toBe(count);
    } finally {
      other.close();
    }
    const recipients = inbox.mails.map((m) => m.to).sort();
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
  });

  it('signs every mail with DKIM when configured, the unsubscribe headers included, and a verifier passes it', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dir = await mkdtemp(join(tmpdir(), 'acervo-dkim-'));
    const keyFile = join(dir, 'dkim.pem');
    await writeFile(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const signed = createMailTransport({
      smtpUrl: inbox.url,
      from: FROM,
      dataDir: dir,
      dkim: readDkimKey('acervo.app', 'acervo2026', keyFile),
    });
    await enqueueMail(ctx.db, {
      to: 'ana@exemplo.com',
      locale: 'pt',
      template: 'password_changed',
      data: { name: 'Ana', link },
      headers: {
        'List-Unsubscribe': '<https://acervo.app/api/v1/digest/unsubscribe?token=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    expect(await deliverDueMail(ctx.db, signed)).toEqual({ sent: 1, failed: 0 });
    signed.close();
    const [mail] = inbox.mails;
    // The public key as DNS would publish it at acervo2026._domainkey.acervo.app.
    const record = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
    const resolver = async (name: string, type: string) => {
      if (name === 'acervo2026._domainkey.acervo.app' && type === 'TXT') return [[record]];
      throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
    };
    const verified = await dkimVerify(mail!.raw, { resolver });
    expect(verified.results.map((r) => [r.signingDomain, r.status.result])).toEqual([['acervo.app', 'pass']]);
    // The headers the signature covers (its h= tag): RFC 8058 asks for both unsubscribe headers.
    const covered = /\bh=([^;]+)/
      .exec(mail!.rawHeaders['dkim-signature']!)![1]!
      .toLowerCase()
      .split(/\s*:\s*/);
    expect(covered).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'list-unsubscribe', 'list-unsubscribe-post']),
    );
    // A message changed on the way fails.
    const tampered = Buffer.from(
      mail!.raw.toString('utf8').replace('Sua senha foi alterada', 'Sua senha vai mudar'),
    );
    const failed = await dkimVerify(tampered, { resolver });
    expect(failed.results[0]!.status.result).toBe('fail');
    // A key file that holds no private key is refused at start, not at the first mail.
    await writeFile(keyFile, 'not a key');
    expect(() => readDkimKey('acervo.app', 'acervo2026', keyFile)).toThrow(/does not hold a PEM private key/);
    await rm(dir, { recursive: true, force: true });
  });

  it('writes .eml files under DATA_DIR/mail and reports where, not their links, when there is no SMTP_URL', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'acervo-mail-'));
    const written: unknown[][] = [];
    const files = createMailTransport({
      smtpUrl: undefined,
      from: FROM,
      dataDir,
      onFileWritten: (...args) => written.push(args),
    });
    try {
      await enqueueMail(ctx.db, {
        to: 'ana@exemplo.com',
        locale: 'pt',
        template: 'password_reset',
        data: { name: 'Ana', link },
      });
      expect(await deliverDueMail(ctx.db, files)).toEqual({ sent: 1, failed: 0 });
      const names = await readdir(join(dataDir, 'mail'));
      expect(names).toHaveLength(1);
      expect(names[0]).toMatch(/\.eml$/);
      const eml = await readFile(join(dataDir, 'mail', names[0] ?? ''), 'utf8');
      expect(eml).toContain('To: ana@exemplo.com');
      expect(eml).toContain('From: Acervo <nao-responda@acervo.app>');
      expect(eml).toContain(link);
      expect(written).toEqual([[join(dataDir, 'mail', names[0] ?? '')]]);
    } finally {
      files.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
