import { expectGuardedLikeSignIn } from '../../test/password-guard.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccountExport } from '@acervo/contract/account';
import { startSmtpInbox, type SmtpInbox } from '../../test/smtp-inbox.ts';
import {
  createTestContext,
  setAsideVerificationMails,
  signUp as register,
  type TestContext,
} from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  type Session,
} from '../collection/collection.test-helpers.ts';

/** This suite reads other mails: the verification mail each registration queues is set aside. */
async function signUp(...args: Parameters<typeof register>) {
  const session = await register(...args);
  await setAsideVerificationMails(ctx.db);
  return session;
}

let ctx: TestContext;
let app: FastifyInstance;
let mediaDir: string;
let inbox: SmtpInbox;
beforeAll(async () => {
  ctx = await createTestContext();
  mediaDir = await mkdtemp(join(tmpdir(), 'acervo-account-'));
  app = await ctx.buildApp({ MEDIA_DIR: mediaDir });
  inbox = await startSmtpInbox();
});
beforeEach(async () => {
  await ctx.reset();
  inbox.mails.length = 0;
});
afterAll(async () => {
  await inbox.stop();
  await ctx.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, who?: Session, payload?: object) =>
  app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });

async function uploadPicture(who: Session): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const boundary = 'acervo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'PUT',
    url: `/api/v1/user/${who.user_id}/picture`,
    headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().data.picture as string;
}

/** Ana's world: her collections and items, and Bia's, with follows, likes, a save and a collaboration both ways. */
async function twoPeople() {
  const ana = await signUp(app, { name: 'Ana Export' });
  const bia = await signUp(app, { name: 'Bia Outra' });
  const anas = await createCollection(app, ana, { name: 'Cafés de SP' });
  await addItem(app, ana, anas.id, { name: 'Café Girondino' });
  const biasPrivate = await createCollection(app, bia, { name: 'Segredos da Bia', private: true });
  const bias = await createCollection(app, bia, { name: 'Livros da Bia' });
  await addCollaborator(app, bia, biasPrivate.id, ana, 'editor');
  // Ana, as editor, adds an item to Bia's collection: it stays Bia's after Ana leaves.
  await addItem(app, ana, biasPrivate.id, { name: 'Item que a Ana pôs' });
  for (const [who, url] of [
    [ana, `/api/v1/user/${bia.user_id}/follow`],
    [bia, `/api/v1/user/${ana.user_id}/follow`],
    [ana, `/api/v1/collection/${bias.id}/like`],
    [ana, `/api/v1/collection/${bias.id}/follow`],
    [bia, `/api/v1/collection/${anas.id}/like`],
  ] as const) {
    const res = await call('PUT', url, who);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  const saved = await call('POST', `/api/v1/collection/${bias.id}/save`, ana);
  const biaSaved = await call('POST', `/api/v1/collection/${anas.id}/save`, bia);
  if (saved.statusCode !== 201 || biaSaved.statusCode !== 201) throw new Error('save failed');
  return { ana, bia, anas, bias, biasPrivate, anasCopy: saved.json().data, biasCopy: biaSaved.json().data };
}

describe('GET /api/v1/user/{user_id}/export', () => {
  it("downloads a JSON file of everything about the person, and only the person's", async () => {
    const { ana, bia, anas, bias, biasPrivate, anasCopy } = await twoPeople();
    const picture = await uploadPicture(ana);
    for (const [who, id, body] of [
      [ana, bias.id, 'Comentário da Ana'],
      [bia, anas.id, 'Comentário da Bia'],
    ] as const) {
      const res = await call('POST', `/api/v1/collection/${id}/comments`, who, { body });
      if (res.statusCode !== 201) throw new Error(`comment: ${res.statusCode} ${res.body}`);
    }
    const res = await call('GET', `/api/v1/user/${ana.user_id}/export`, ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="acervo-${ana.user_id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json() as AccountExport;
    expect(data.account).toMatchObject({
      id: ana.user_id,
      name: 'Ana Export',
      email: ana.user_email,
      picture,
      digest: 'off',
    });
    expect(JSON.stringify(data)).not.toMatch(/password|token_hash|\$argon2/);
    expect(data.sessions).toHaveLength(1);
    expect(data.collections.map((c) => c.name).sort()).toEqual([anasCopy.name, 'Cafés de SP'].sort());
    const cafes = data.collections.find((c) => c.id === anas.id) as { items: { name: string }[] };
    expect(cafes.items.map((i) => i.name)).toEqual(['Café Girondino']);
    expect(data.people_followed).toEqual([expect.objectContaining({ id: bia.user_id, name: 'Bia Outra' })]);
    expect(data.followers).toEqual([expect.objectContaining({ id: bia.user_id })]);
    expect(data.likes).toEqual([expect.objectContaining({ id: bias.id })]);
    expect(data.collections_followed).toEqual([expect.objectContaining({ id: bias.id })]);
    expect(data.saves).toEqual([expect.objectContaining({ copy_id: anasCopy.id, saved_from_id: bias.id })]);
    expect(data.collaborations).toEqual([
      expect.objectContaining({ id: biasPrivate.id, owner_name: 'Bia Outra', role: 'editor' }),
    ]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.notifications.map((n) => n.actor_name)).toContain('Bia Outra');
    expect(data.activity.map((a) => `${a.kind} ${a.collection_name}`)).toEqual([
      'collection_created Cafés de SP',
      'item_added Cafés de SP',
      'item_added Segredos da Bia',
      'collection_liked Livros da Bia',
      'collection_saved Livros da Bia',
      'comment_added Livros da Bia',
    ]);
    expect(data.comments).toEqual([
      expect.objectContaining({
        collection_id: bias.id,
        collection_name: 'Livros da Bia',
        body: 'Comentário da Ana',
      }),
    ]);
  });

  it('streams the file in pages (no Content-Length, every row there, in order) and allows one export per hour (issue 23)', async () => {
    const { ana, bia } = await twoPeople();
    // More notices than one page holds.
    await ctx.db.query(
      `INSERT INTO notifications (id, recipient_id, kind, actor_id, created_at, read_at)
       SELECT 'bulk' || lpad(n::text, 5, '0'), $1, 'new_follower', $2,
              now() - interval '1 day' + n * interval '1 second', now()
       FROM generate_series(1, 1234) AS n`,
      [ana.user_id, bia.user_id],
    );
    const res = await call('GET', `/api/v1/user/${ana.user_id}/export`, ana);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="acervo-/);
    const data = res.json() as AccountExport;
    const bulk = data.notifications.map((n) => n.id as string).filter((id) => id.startsWith('bulk'));
    expect(bulk).toHaveLength(1234);
    expect(bulk).toEqual([...bulk].sort());
    expect(data.account).toMatchObject({ id: ana.user_id });

    const again = await call('GET', `/api/v1/user/${ana.user_id}/export`, ana);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // Bia's budget is her own.
    expect((await call('GET', `/api/v1/user/${bia.user_id}/export`, bia)).statusCode).toBe(200);
  });

  it('names a liked or followed collection only while the person may still see it (issue 23)', async () => {
    const { ana, bia, bias } = await twoPeople();
    const hide = await call('PUT', `/api/v1/collection/${bias.id}`, bia, {
      category_id: bias.category_id,
      name: 'Presente surpresa da Ana',
      private: true,
    });
    expect(hide.statusCode).toBe(200);
    const res = await call('GET', `/api/v1/user/${ana.user_id}/export`, ana);
    const data = res.json() as AccountExport;
    expect(data.likes).toEqual([expect.objectContaining({ id: bias.id, name: null })]);
    expect(data.collections_followed).toEqual([expect.objectContaining({ id: bias.id, name: null })]);
    expect(res.body).not.toContain('Presente surpresa');
  });

  it('names a collection collaborated on only while the person may still read it: not once an operator hid it', async () => {
    const { ana, bia, biasPrivate } = await twoPeople();
    const renamed = await call('PUT', `/api/v1/collection/${biasPrivate.id}`, bia, {
      category_id: biasPrivate.category_id,
      name: 'Nome que um operador escondeu',
    });
    expect(renamed.statusCode).toBe(200);
    await ctx.db.query(`UPDATE collections SET hidden_reason = 'harassment' WHERE id = $1`, [biasPrivate.id]);
    const res = await call('GET', `/api/v1/user/${ana.user_id}/export`, ana);
    const data = res.json() as AccountExport;
    expect(data.collaborations).toEqual([
      expect.objectContaining({ id: biasPrivate.id, name: null, role: 'editor' }),
    ]);
    expect(res.body).not.toContain('Nome que um operador escondeu');
  });

  it("is 403 for someone else's account, 404 for nobody's, 401 signed out", async () => {
    const { ana, bia } = await twoPeople();
    expect((await call('GET', `/api/v1/user/${bia.user_id}/export`, ana)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/user/nobody123/export', ana)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/user/${ana.user_id}/export`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/v1/user/{user_id}', () => {
  it('mails the confirmation in the language the person chose', async () => {
    const eve = await signUp(app, { name: 'Eve English' });
    expect((await call('PUT', `/api/v1/user/${eve.user_id}/locale`, eve, { locale: 'en' })).statusCode).toBe(
      200,
    );
    expect(
      (await call('DELETE', `/api/v1/user/${eve.user_id}`, eve, { password: eve.password })).statusCode,
    ).toBe(200);
    const [mail] = await inbox.deliver(ctx.db, eve.user_email);
    expect(mail?.subject).toBe('Your Acervo account was deleted');
    expect(mail?.text).toContain('Hello, Eve English!');
  });

  it('asks for the right password, and only the person may delete their account', async () => {
    const { ana, bia } = await twoPeople();
    const none = await call('DELETE', `/api/v1/user/${ana.user_id}`, ana, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields).toEqual({ password: 'deletionPasswordRequired' });
    const wrong = await call('DELETE', `/api/v1/user/${ana.user_id}`, ana, { password: 'outraSenha123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'deletionPasswordWrong' });
    const notHers = await call('DELETE', `/api/v1/user/${bia.user_id}`, ana, { password: ana.password });
    expect(notHers.statusCode).toBe(403);
    const badBody = await call('DELETE', `/api/v1/user/${ana.user_id}`, ana, { password: 5 });
    expect(badBody.statusCode).toBe(400);
    // Nothing happened: she is still signed in, and no mail was queued.
    expect((await call('GET', `/api/v1/user/${ana.user_id}`, ana)).statusCode).toBe(200);
    expect(await ctx.db.query('SELECT 1 FROM mail_outbox')).toEqual([]);
  });

  it('counts wrong deletion passwords with sign-in failures, and answers 429 past the limit', async () => {
    const limited = await ctx.buildApp({ AUTH_RATE_LIMIT_PER_ACCOUNT: '3' });
    const ana = await signUp(limited);
    const remove = (password: string, ip = '10.0.0.1') =>
      limited.inject({
        method: 'DELETE',
        url: `/api/v1/user/${ana.user_id}`,
        headers: ana.auth,
        remoteAddress: ip,
        payload: { password },
      });
    await expectGuardedLikeSignIn(limited, ana, (password) => remove(password));
    // The account still exists; from a device that has not failed, the right password deletes it.
    expect((await remove(ana.password, '10.0.0.2')).statusCode).toBe(200);
  });

  it("removes the account and everything of hers; others' data stays consistent", async () => {
    const { ana, bia, anas, bias, biasPrivate, biasCopy } = await twoPeople();
    const picture = await uploadPicture(ana);
    expect((await call('GET', `/api/v1/collection/${bias.id}`, bia)).json().data).toMatchObject({
      likes: 1,
      followers: 1,
    });

    const res = await call('DELETE', `/api/v1/user/${ana.user_id}`, ana, { password: ana.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { deleted: true } });

    // Her session is gone, she cannot sign in, her profile, collections and photo are gone.
    expect((await call('GET', `/api/v1/user/${bia.user_id}`, ana)).statusCode).toBe(401);
    const login = await call('POST', '/api/v1/session', undefined, {
      user: { email: ana.user_email, password: ana.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await call('GET', `/api/v1/user/${ana.user_id}`, bia)).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/collection/${anas.id}`, bia)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);

    // Bia's counts follow: Ana's like, follow and following of her are gone.
    expect((await call('GET', `/api/v1/collection/${bias.id}`, bia)).json().data).toMatchObject({
      likes: 0,
      followers: 0,
    });
    expect((await call('GET', `/api/v1/user/${bia.user_id}`, bia)).json().data).toMatchObject({
      total_followers: 0,
      total_following: 0,
    });
    // The collection Ana edited stays Bia's, with the item Ana added; Bia's saved copy of Ana's stays.
    const edited = await call('GET', `/api/v1/collection/${biasPrivate.id}`, bia);
    expect(edited.statusCode).toBe(200);
    expect(JSON.stringify(edited.json())).toContain('Item que a Ana pôs');
    expect((await call('GET', `/api/v1/collection/${biasCopy.id}`, bia)).statusCode).toBe(200);
    const collaborators = await call('GET', `/api/v1/collection/${biasPrivate.id}/collaborators`, bia);
    expect(collaborators.json().data).toEqual([]);
    // Bia's notifications from Ana went with her.
    const bell = await call('GET', '/api/v1/notifications', bia);
    expect(JSON.stringify(bell.json())).not.toContain('Ana Export');
    // A confirmation reaches the address the account had, in its language; and only one.
    const [mail] = await inbox.deliver(ctx.db, ana.user_email);
    expect(mail?.subject).toBe('Sua conta no Acervo foi excluída');
    expect(mail?.text).toContain('Olá, Ana Export!');
    expect(inbox.mails).toHaveLength(1);

    // The e-mail is free again.
    const again = await signUp(app, { email: ana.user_email });
    expect(again.user_id).not.toBe(ana.user_id);
  });
});
