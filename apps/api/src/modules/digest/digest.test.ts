import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtpInbox, type InboxMail, type SmtpInbox } from '../../test/smtp-inbox.ts';
import {
  createTestContext,
  setAsideVerificationMails,
  signUp,
  verifyEmailOf,
  type TestContext,
} from '../../test/test-context.ts';
import { addItem, createCollection, FILMES, type Session } from '../collection/collection.test-helpers.ts';
import { DIGEST_NOTICES, runDigests } from './digest.service.ts';

let ctx: TestContext;
let inbox: SmtpInbox;
const PUBLIC_URL = 'http://localhost:3000';

beforeAll(async () => {
  ctx = await createTestContext();
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.stop();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});

async function ok(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who: Session, body?: object) {
  const res = await ctx.request(method, url, who, body);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
}

/** Someone signed up with a verified e-mail, in `locale`, with the digest set to `digest`. */
async function person(
  name: string,
  {
    locale = 'pt',
    digest = 'daily',
    verified = true,
  }: { locale?: 'pt' | 'en'; digest?: 'off' | 'daily' | 'weekly'; verified?: boolean } = {},
) {
  const who = await signUp(ctx.app, { name });
  if (verified) await verifyEmailOf(ctx.app, ctx.db, who.user_email);
  await ok('PUT', `/api/v1/user/${who.user_id}/locale`, who, { locale });
  await ok('PUT', `/api/v1/user/${who.user_id}/digest`, who, { digest });
  return who;
}

/** A day (or `days`) passes for the job's clock: the last look at `who` moves back. */
const daysPass = (who: Session, days = 1) =>
  ctx.db.query(
    `UPDATE users SET digest_checked_at = digest_checked_at - $2 * interval '1 day' - interval '1 minute'
     WHERE id = $1`,
    [who.user_id, days],
  );

const run = () => runDigests(ctx.db, { publicUrl: PUBLIC_URL });

/** The digests queued so far, by recipient. */
const queuedDigests = async () =>
  (
    await ctx.db.query<{ to_address: string }>(
      `SELECT to_address FROM mail_outbox WHERE template = 'digest' ORDER BY to_address`,
    )
  ).map((r) => r.to_address);

async function digestOf(who: Session): Promise<InboxMail> {
  await setAsideVerificationMails(ctx.db);
  const [mail] = await inbox.deliver(ctx.db, who.user_email);
  if (!mail) throw new Error(`no digest for ${who.user_name}`);
  return mail;
}

const unsubscribeUrlOf = (mail: InboxMail) => {
  const url = /^<(.+)>$/.exec(mail.rawHeaders['list-unsubscribe'] ?? '')?.[1];
  if (!url) throw new Error('no List-Unsubscribe header');
  return url;
};
/** The URL as `inject` wants it: the path and query only. */
const localPath = (url: string) => url.slice(PUBLIC_URL.length);

describe('the digest by mail', () => {
  it('mails a daily digest in Portuguese: unread notices, the best timeline entries, links and one-click headers', async () => {
    const ana = await person('Ana');
    const bia = await person('Bia', { digest: 'off' });
    const minha = await createCollection(ctx.app, ana, { name: 'Minha lista' });
    const filmes = await createCollection(ctx.app, bia, { name: 'Filmes para chorar' });
    const series = await createCollection(ctx.app, bia, { name: 'Séries' });
    await ok('PUT', `/api/v1/user/${bia.user_id}/follow`, ana);
    for (const name of ['Bacurau', 'Aquarius', 'Central do Brasil']) {
      await addItem(ctx.app, bia, filmes.id, { name });
    }
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, bia);
    await ok('PUT', `/api/v1/collection/${minha.id}/like`, bia);

    // Not due before a day has passed.
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    await daysPass(ana);
    expect(await run()).toEqual({ sent: 1, skipped: 0 });

    const mail = await digestOf(ana);
    expect(mail.subject).toBe('Seu resumo do dia no Acervo');
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain('Notificações não lidas');
    expect(mail.text).toContain('Bia curtiu a sua coleção “Minha lista”.');
    expect(mail.text).toContain('Bia começou a seguir você.');
    expect(mail.text).toContain('Destaques de quem você segue');
    // The burst of three items ranks above the lone collections created.
    const highlights = mail.text.slice(mail.text.indexOf('Destaques'));
    expect(highlights.indexOf('Bia adicionou 3 itens a “Filmes para chorar”')).toBeGreaterThan(0);
    expect(highlights.indexOf('Bia adicionou 3 itens')).toBeLessThan(
      highlights.indexOf('Bia criou a coleção “Séries”'),
    );
    expect(mail.text).not.toContain('e mais');
    expect(mail.links).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/lists/${minha.id}`,
        `${PUBLIC_URL}/profile/${bia.user_id}`,
        `${PUBLIC_URL}/lists/${filmes.id}`,
        `${PUBLIC_URL}/lists/${series.id}`,
        `${PUBLIC_URL}/account/security`,
      ]),
    );
    expect(mail.html).toContain(`<a href="${PUBLIC_URL}/lists/${minha.id}">`);
    expect(mail.html).toContain('lang="pt-BR"');
    // RFC 8058: a one-click unsubscribe URL on the API, and the POST it takes.
    expect(unsubscribeUrlOf(mail)).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/v1/digest/unsubscribe\\?token=[A-Za-z0-9_.-]+$`),
    );
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The body's own link opens the web's confirm page.
    expect(mail.links.some((l) => l.startsWith(`${PUBLIC_URL}/digest/unsubscribe/`))).toBe(true);

    // Sent: nothing more until something new happens and another day passes.
    await daysPass(ana);
    expect(await run()).toEqual({ sent: 0, skipped: 1 });
    await addItem(ctx.app, bia, series.id, { name: 'Cidade Invisível' });
    await daysPass(ana);
    expect(await run()).toEqual({ sent: 1, skipped: 0 });
    const [, second] = await inbox.deliver(ctx.db, ana.user_email, 2);
    expect(second?.text).toContain('Bia adicionou um item a “Séries”');
    // What the first digest told is not told again.
    expect(second?.text).not.toContain('Bia curtiu');
    expect(second?.text).not.toContain('Filmes para chorar');
  });

  it('writes in English, lists at most ten unread notices and counts the rest', async () => {
    const ben = await person('Ben', { locale: 'en' });
    const bia = await person('Bia', { digest: 'off' });
    for (let i = 1; i <= DIGEST_NOTICES + 2; i += 1) {
      const c = await createCollection(ctx.app, ben, { name: `List ${i}` });
      await ok('PUT', `/api/v1/collection/${c.id}/like`, bia);
    }
    await daysPass(ben);
    await run();

    const mail = await digestOf(ben);
    expect(mail.subject).toBe('Your Acervo daily digest');
    expect(mail.text).toContain('Hello, Ben!');
    expect(mail.text).toContain('Unread notifications');
    expect(mail.text.match(/Bia liked your collection/g)).toHaveLength(DIGEST_NOTICES);
    expect(mail.text).toContain('and 2 more notifications');
    expect(mail.html).toContain('lang="en"');
    expect(mail.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Notices read in the app meanwhile are not news.
    await ok('PUT', `/api/v1/collection/${(await createCollection(ctx.app, ben)).id}/like`, bia);
    await ok('POST', '/api/v1/notification/read', ben, {});
    await daysPass(ben);
    expect(await run()).toEqual({ sent: 0, skipped: 1 });
  });

  it('sends nothing to unverified e-mails, suspended accounts, people who left it off, or when nothing is new', async () => {
    const bia = await person('Bia', { digest: 'off' });
    const unverified = await person('Sem E-mail', { verified: false });
    const suspended = await person('Suspensa');
    const off = await person('Desligada', { digest: 'off' });
    const quiet = await person('Quieta');
    for (const who of [unverified, suspended, off]) {
      await ok('PUT', `/api/v1/user/${who.user_id}/follow`, bia);
      await daysPass(who);
    }
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [suspended.user_id]);
    await daysPass(quiet);
    await createCollection(ctx.app, bia, { name: 'Novidades' });

    // Only the quiet one is looked at, and has nothing to hear.
    expect(await run()).toEqual({ sent: 0, skipped: 1 });
    expect(await queuedDigests()).toEqual([]);
  });

  it('sends weekly digests a week apart', async () => {
    const ana = await person('Ana', { digest: 'weekly' });
    const bia = await person('Bia', { digest: 'off' });
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, bia);
    await daysPass(ana, 6);
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    await daysPass(ana, 1);
    expect(await run()).toEqual({ sent: 1, skipped: 0 });
    expect((await digestOf(ana)).subject).toBe('Seu resumo da semana no Acervo');
  });

  it('tells of a notice from the very millisecond the digest was turned on', async () => {
    // PGlite's clock counts whole milliseconds: a follow right after the setting can share its
    // instant, as it does here on purpose.
    const ana = await person('Ana');
    const bia = await person('Bia', { digest: 'off' });
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, bia);
    await ctx.db.query(
      `UPDATE notifications n SET created_at = u.digest_since FROM users u
       WHERE u.id = $1 AND n.recipient_id = u.id`,
      [ana.user_id],
    );
    await daysPass(ana);
    expect(await run()).toEqual({ sent: 1, skipped: 0 });
    expect((await digestOf(ana)).text).toContain('Bia começou a seguir você.');
  });

  it('queues one digest per person however many runs or nodes race for it', async () => {
    const bia = await person('Bia', { digest: 'off' });
    const people = [];
    for (const name of ['Ana', 'Caio', 'Duda', 'Enzo']) {
      const who = await person(name);
      await ok('PUT', `/api/v1/user/${who.user_id}/follow`, bia);
      await daysPass(who);
      people.push(who);
    }
    // Four runs at once (on PostgreSQL, over separate connections of the pool, as nodes would).
    const reports = await Promise.all([run(), run(), run(), run()]);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(people.length);
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
    expect(await queuedDigests()).toEqual(people.map((p) => p.user_email).sort());
  });

  it('never tells of what the person may not read', async () => {
    const ana = await person('Ana');
    const bia = await person('Bia', { digest: 'off' });
    const carla = await person('Carla', { digest: 'off' });
    await ok('PUT', `/api/v1/user/${bia.user_id}/follow`, ana);
    await ok('PUT', `/api/v1/user/${carla.user_id}/follow`, ana);
    const segredos = await createCollection(ctx.app, bia, { name: 'Segredos da Bia', private: true });
    await addItem(ctx.app, bia, segredos.id, { name: 'Diário secreto' });
    await createCollection(ctx.app, bia, { name: 'Lista pública' });
    // A collection made private after the fact, and a person Ana blocked since.
    const depois = await createCollection(ctx.app, bia, { name: 'Fechada depois' });
    await ok('PUT', `/api/v1/collection/${depois.id}`, bia, {
      category_id: FILMES,
      name: 'Fechada depois',
      private: true,
    });
    await createCollection(ctx.app, carla, { name: 'Da Carla' });
    await ok('PUT', `/api/v1/user/${carla.user_id}/block`, ana);
    await daysPass(ana);
    await run();

    const mail = await digestOf(ana);
    expect(mail.text).toContain('Lista pública');
    for (const secret of ['Segredos', 'Diário', 'Fechada depois', 'Carla']) {
      expect(mail.text).not.toContain(secret);
      expect(mail.html).not.toContain(secret);
    }
    expect(mail.links).not.toContain(`${PUBLIC_URL}/lists/${segredos.id}`);
  });
});

describe('unsubscribing', () => {
  async function mailedAna() {
    const ana = await person('Ana');
    const bia = await person('Bia', { digest: 'off' });
    await ok('PUT', `/api/v1/user/${ana.user_id}/follow`, bia);
    await daysPass(ana);
    await run();
    return { ana, bia, mail: await digestOf(ana) };
  }
  const setting = async (who: Session) =>
    ((await ok('GET', `/api/v1/user/${who.user_id}/digest`, who)).json() as { data: { digest: string } }).data
      .digest;

  it('turns the digest off with the one-click POST, without a session; a GET only leads to the confirm page', async () => {
    const { ana, mail } = await mailedAna();
    const url = unsubscribeUrlOf(mail);
    const token = new URL(url).searchParams.get('token') ?? '';

    // A scanner's GET changes nothing: it is sent to the web's page, whose button POSTs.
    const opened = await ctx.app.inject({ method: 'GET', url: localPath(url) });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${PUBLIC_URL}/digest/unsubscribe/${token}`);
    expect(await setting(ana)).toBe('daily');

    // What a mail client sends (RFC 8058 section 3.2): no cookie, no Authorization.
    const posted = await ctx.app.inject({
      method: 'POST',
      url: localPath(url),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual({ data: { digest: 'off' } });
    expect(await setting(ana)).toBe('off');
    // Twice is the same as once; the web page's POST (no body) works too.
    const again = await ctx.app.inject({ method: 'POST', url: localPath(url) });
    expect(again.statusCode).toBe(200);

    await daysPass(ana);
    expect(await run()).toEqual({ sent: 0, skipped: 0 });
  });

  it('refuses forged tokens with 400 and a code, and changes nothing', async () => {
    const { ana, bia, mail } = await mailedAna();
    const token = new URL(unsubscribeUrlOf(mail)).searchParams.get('token') ?? '';
    const [, sig = ''] = token.split('.');
    await ok('PUT', `/api/v1/user/${bia.user_id}/digest`, bia, { digest: 'weekly' });
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${ana.user_id}.${flipped}`,
      // Ana's signature does not turn Bia's digest off.
      `${bia.user_id}.${sig}`,
      'garbage',
      `${ana.user_id}.`,
      `${'x'.repeat(64)}.${'y'.repeat(43)}`,
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/digest/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(res.statusCode, forged).toBe(400);
      expect(res.json().error.code).toBe('UNSUBSCRIBE_TOKEN_INVALID');
    }
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/v1/digest/unsubscribe' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('VALIDATION_FAILED');
    expect(await setting(ana)).toBe('daily');
    expect(await setting(bia)).toBe('weekly');
  });

  it('keeps tokens out of the logs and limits how often a stranger may try', async () => {
    const { mail } = await mailedAna();
    const url = localPath(unsubscribeUrlOf(mail));
    const token = new URL(unsubscribeUrlOf(mail)).searchParams.get('token') ?? '';
    const logs: string[] = [];
    const app = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_IP: '3' }, logs);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(303);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await app.inject({ method: 'POST', url })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(token.split('.')[1]);
  });
});

describe('the setting', () => {
  it('is off by default, the person’s own to change, and refuses other values', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    const bia = await signUp(ctx.app, { name: 'Bia' });
    const url = `/api/v1/user/${ana.user_id}/digest`;
    expect((await ctx.request('GET', url, ana)).json()).toEqual({ data: { digest: 'off' } });
    expect((await ctx.request('PUT', url, ana, { digest: 'weekly' })).json()).toEqual({
      data: { digest: 'weekly' },
    });
    expect((await ctx.request('GET', url, ana)).json()).toEqual({ data: { digest: 'weekly' } });
    expect((await ctx.request('PUT', url, bia, { digest: 'off' })).statusCode).toBe(403);
    expect((await ctx.request('GET', url, bia)).statusCode).toBe(403);
    expect((await ctx.request('GET', url)).statusCode).toBe(401);
    const bad = await ctx.request('PUT', url, ana, { digest: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { digest: 'invalid' } });
  });
});
