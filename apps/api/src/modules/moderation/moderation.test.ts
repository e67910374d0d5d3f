import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, FILMES, type Session } from '../collection/collection.test-helpers.ts';
import { putItemImage, solid } from '../media/media.test-helpers.ts';

const OPERATOR = 'moderacao@acervo.example';
let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({ ADMIN_EMAILS: OPERATOR, SOCIAL_DAILY_REPORTS: '5' });
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: Session, payload?: object) =>
  app.inject({ method, url, ...(who ? { headers: who.auth } : {}), ...(payload ? { payload } : {}) });
const ids = (res: { json(): unknown }) => (res.json() as { data: { id: string }[] }).data.map((r) => r.id);

/** An operator (verified e-mail in ADMIN_EMAILS), an owner with a public collection, a reporter, a bystander. */
async function scene() {
  const operator = await signUp(app, { name: 'Operadora', email: OPERATOR });
  await markVerified(operator);
  const owner = await signUp(app, { name: 'Dono do Conteúdo' });
  const reporter = await signUp(app, { name: 'Quem Denuncia' });
  const bystander = await signUp(app, { name: 'Quem Passa' });
  const collection = await createCollection(app, owner, { name: 'Coleção ofensiva' });
  const item = await addItem(app, owner, collection.id, { name: 'Item ofensivo' });
  return { operator, owner, reporter, bystander, collection, item };
}

/** Operators are accounts whose verified e-mail is listed (decision 040). */
async function markVerified(who: Session) {
  await ctx.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [who.user_id]);
}

const report = (
  who: Session,
  target_type: string,
  target_id: string,
  reason = 'harassment',
  details?: string,
) =>
  call('POST', '/api/v1/reports', who, { target_type, target_id, reason, ...(details ? { details } : {}) });

async function openReportId(operator: Session, targetId: string): Promise<string> {
  const queue = await call('GET', '/api/v1/admin/reports', operator);
  expect(queue.statusCode).toBe(200);
  const row = (queue.json().data as { id: string; target_id: string }[]).find(
    (r) => r.target_id === targetId,
  );
  return row!.id;
}
const resolve = (operator: Session, id: string, action: string, note?: string) =>
  call('POST', `/api/v1/admin/reports/${id}/resolve`, operator, { action, ...(note ? { note } : {}) });

const lastMailTo = async (email: string) => {
  const [row] = await ctx.db.query<{ subject: string; body_text: string }>(
    'SELECT subject, body_text FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  return row;
};

describe('POST /api/v1/reports', () => {
  it('takes one open report per person and target, refuses bad ones with a code, caps them per day', async () => {
    const { owner, reporter, collection, item } = await scene();
    const res = await report(reporter, 'collection', collection.id, 'spam', 'Propaganda em todos os itens');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      target_type: 'collection',
      target_id: collection.id,
      reason: 'spam',
      status: 'open',
      action: null,
    });
    const again = await report(reporter, 'collection', collection.id, 'hate');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_REPORTED');

    // Own content, something that does not exist, comments (none yet): 400 with the field's code.
    for (const [type, id, who] of [
      ['collection', collection.id, owner],
      ['item', 'naoexiste0000000', reporter],
      ['user', 'naoexiste0000000', reporter],
      ['comment', 'naoexiste0000000', reporter],
    ] as const) {
      const bad = await report(who, type, id);
      expect([type, bad.statusCode, bad.json().error.fields]).toEqual([
        type,
        400,
        { target_id: 'reportTargetInvalid' },
      ]);
    }
    const badReason = await report(reporter, 'item', item.id, 'boring');
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().error.fields).toEqual({ reason: 'reportReasonInvalid' });
    expect(
      (
        await call('POST', '/api/v1/reports', undefined, {
          target_type: 'item',
          target_id: item.id,
          reason: 'spam',
        })
      ).statusCode,
    ).toBe(401);

    // A private collection the reporter cannot see does not exist for them.
    const secret = await createCollection(app, owner, { name: 'Secreta', private: true });
    expect((await report(reporter, 'collection', secret.id)).statusCode).toBe(400);

    // The daily cap (5 in this app): one used above.
    const targets = [item.id];
    for (let i = 0; i < 3; i++)
      targets.push((await addItem(app, owner, collection.id, { name: `Outro ${i}` })).id);
    for (const id of targets) expect((await report(reporter, 'item', id)).statusCode).toBe(201);
    const extra = await addItem(app, owner, collection.id, { name: 'Mais um' });
    const over = await report(reporter, 'item', extra.id);
    expect(over.statusCode).toBe(429);
  });
});

describe('operators act on reports', () => {
  it('report → hide: gone for everyone but the owner, who sees why, by notice and mail', async () => {
    const { operator, owner, reporter, bystander, collection } = await scene();
    await report(reporter, 'collection', collection.id, 'harassment');
    await report(bystander, 'collection', collection.id, 'harassment');
    const id = await openReportId(operator, collection.id);
    const queue = (await call('GET', '/api/v1/admin/reports', operator)).json().data;
    expect(queue[0]).toMatchObject({
      reports_on_target: 2,
      target: { name: 'Coleção ofensiva', owner: { id: owner.user_id }, hidden: false },
    });

    const res = await resolve(operator, id, 'hide', 'Ataques a uma pessoa');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', action: 'hide' });
    // Both reports on it are resolved with the one decision.
    expect((await call('GET', '/api/v1/admin/reports', operator)).json().data).toEqual([]);

    // Everyone else: 404, and absent from listings and search.
    for (const who of [reporter, bystander, undefined]) {
      expect((await call('GET', `/api/v1/collection/${collection.id}`, who)).statusCode).toBe(404);
    }
    expect(ids(await call('GET', `/api/v1/collection/by_category/${FILMES}`, bystander))).not.toContain(
      collection.id,
    );
    expect(ids(await call('GET', '/api/v1/search?q=ofensiva&type=collection', bystander))).toEqual([]);
    expect(ids(await call('GET', `/api/v1/collection/by_user/${owner.user_id}`, bystander))).toEqual([]);
    // The owner still sees it, marked with the reason; a notice and a mail say so.
    const own = await call('GET', `/api/v1/collection/${collection.id}`, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.hidden_reason).toBe('harassment');
    const notices = (await call('GET', '/api/v1/notification', owner)).json().data;
    expect(notices.find((n: { kind: string }) => n.kind === 'content_hidden')).toMatchObject({
      actor: null,
      collection: { id: collection.id },
    });
    const mail = await lastMailTo(owner.user_email);
    expect(mail?.subject).toBe('Um conteúdo seu foi ocultado no Acervo');
    expect(mail?.body_text).toContain('assédio');
    expect(mail?.body_text).toContain(`/lists/${collection.id}`);

    // The audit log keeps it.
    const log = (await call('GET', '/api/v1/admin/audit', operator)).json().data;
    expect(log[0]).toMatchObject({
      action: 'hide',
      target_type: 'collection',
      target_id: collection.id,
      note: 'Ataques a uma pessoa',
      operator: { id: operator.user_id },
    });

    // The owner appeals once; the report comes back with the earlier decision; dismissing it shows the collection again.
    const appeal = await call('POST', '/api/v1/moderation/appeal', owner, {
      target_type: 'collection',
      target_id: collection.id,
      text: 'É uma crítica, não um ataque.',
    });
    expect(appeal.statusCode).toBe(200);
    const back = (await call('GET', '/api/v1/admin/reports', operator)).json().data;
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      status: 'open',
      earlier_action: 'hide',
      appeal_text: 'É uma crítica, não um ataque.',
    });
    const twice = await call('POST', '/api/v1/moderation/appeal', owner, {
      target_type: 'collection',
      target_id: collection.id,
      text: 'De novo',
    });
    expect(twice.statusCode).toBe(409);
    expect((await resolve(operator, back[0].id, 'dismiss')).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/collection/${collection.id}`, bystander)).statusCode).toBe(200);
    expect(
      (await call('GET', `/api/v1/collection/${collection.id}`, owner)).json().data.hidden_reason,
    ).toBeUndefined();
    expect((await resolve(operator, back[0].id, 'hide')).statusCode).toBe(409);
  });

  it('hides one item: the collection stays, the item is gone for others and marked for the owner', async () => {
    const { operator, owner, reporter, bystander, collection, item } = await scene();
    const keep = await addItem(app, owner, collection.id, { name: 'Item correto' });
    await report(reporter, 'item', item.id, 'copyright');
    await resolve(operator, await openReportId(operator, item.id), 'hide');
    expect((await call('GET', `/api/v1/collection_items/${item.id}`, bystander)).statusCode).toBe(404);
    const seen = (await call('GET', `/api/v1/collection/${collection.id}`, bystander)).json().data;
    expect(seen.collection_items.map((i: { id: string }) => i.id)).toEqual([keep.id]);
    expect(seen.items_count).toBe(1);
    expect(ids(await call('GET', `/api/v1/collection/${collection.id}/items`, bystander))).toEqual([keep.id]);
    expect(ids(await call('GET', '/api/v1/search?q=ofensivo&type=item', bystander))).toEqual([]);
    const mine = (await call('GET', `/api/v1/collection/${collection.id}`, owner)).json().data;
    expect(mine.collection_items.find((i: { id: string }) => i.id === item.id)).toMatchObject({
      hidden_reason: 'copyright',
    });
    expect((await call('GET', `/api/v1/collection_items/${item.id}`, owner)).json().data.hidden_reason).toBe(
      'copyright',
    );
  });

  it('hiding an item takes its picture off the cover it was, which no one is then served unsigned', async () => {
    const { operator, owner, reporter, bystander, collection, item } = await scene();
    const put = await putItemImage(app, owner, item.id, await solid(800, 600).png().toBuffer());
    expect(put.statusCode).toBe(200);
    const covered = await call('PUT', `/api/v1/collection/${collection.id}/cover`, owner, {
      item_id: item.id,
    });
    const cover = covered.json().data.cover as { url: string };
    expect((await call('GET', cover.url)).statusCode).toBe(200);

    await report(reporter, 'item', item.id, 'copyright');
    await resolve(operator, await openReportId(operator, item.id), 'hide');
    expect(
      (await call('GET', `/api/v1/collection/${collection.id}`, bystander)).json().data.cover,
    ).toBeNull();
    expect((await call('GET', cover.url)).statusCode).toBe(404);
  });

  it('suspend → 403 ACCOUNT_SUSPENDED, sessions end, public content hidden; appeal by the mailed link; undo', async () => {
    const { operator, owner, reporter, bystander, collection } = await scene();
    await report(reporter, 'user', owner.user_id, 'spam');
    const res = await resolve(operator, await openReportId(operator, owner.user_id), 'suspend');
    expect(res.statusCode).toBe(200);

    expect((await call('GET', '/api/v1/sessions', owner)).statusCode).toBe(401);
    const login = await call('POST', '/api/v1/session', undefined, {
      user: { email: owner.user_email, password: owner.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('ACCOUNT_SUSPENDED');
    // A wrong password still says only that the credentials are wrong.
    const wrong = await call('POST', '/api/v1/session', undefined, {
      user: { email: owner.user_email, password: 'Errada123' },
    });
    expect(wrong.statusCode).toBe(401);
    for (const url of [`/api/v1/user/${owner.user_id}`, `/api/v1/collection/${collection.id}`]) {
      expect([url, (await call('GET', url, bystander)).statusCode]).toEqual([url, 404]);
    }
    expect(ids(await call('GET', '/api/v1/search?q=Dono&type=user', bystander))).toEqual([]);

    // The mail carries the one appeal link.
    const mail = await lastMailTo(owner.user_email);
    expect(mail?.subject).toBe('Sua conta no Acervo foi suspensa');
    const token = /\/appeal\/([A-Za-z0-9_-]+)/.exec(mail!.body_text)![1]!;
    const appeal = await call('POST', '/api/v1/moderation/appeal/suspension', undefined, {
      token,
      text: 'Foi um engano.',
    });
    expect(appeal.statusCode).toBe(200);
    const reused = await call('POST', '/api/v1/moderation/appeal/suspension', undefined, {
      token,
      text: 'De novo',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('APPEAL_INVALID');
    const [back] = (await call('GET', '/api/v1/admin/reports', operator)).json().data;
    expect(back).toMatchObject({
      earlier_action: 'suspend',
      appeal_text: 'Foi um engano.',
      target: { suspended: true },
    });
    await resolve(operator, back.id, 'dismiss');

    const again = await call('POST', '/api/v1/session', undefined, {
      user: { email: owner.user_email, password: owner.password },
    });
    expect(again.statusCode).toBe(200);
    expect((await call('GET', `/api/v1/collection/${collection.id}`, bystander)).statusCode).toBe(200);
    const actions = (await call('GET', '/api/v1/admin/audit', operator))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['appeal_dismiss', 'suspend']);
  });

  it('lifts a suspension directly, and keeps the admin routes for operators only', async () => {
    const { operator, owner, reporter } = await scene();
    await report(reporter, 'user', owner.user_id, 'spam');
    await resolve(operator, await openReportId(operator, owner.user_id), 'suspend');
    expect((await call('POST', `/api/v1/admin/users/${owner.user_id}/unsuspend`, operator)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call('POST', '/api/v1/session', undefined, {
          user: { email: owner.user_email, password: owner.password },
        })
      ).statusCode,
    ).toBe(200);

    for (const [method, url, body] of [
      ['GET', '/api/v1/admin/reports', undefined],
      ['GET', '/api/v1/admin/audit', undefined],
      ['GET', '/api/v1/admin/blocked_terms', undefined],
      ['PUT', '/api/v1/admin/blocked_terms', { term: 'xingamento' }],
      ['POST', `/api/v1/admin/users/${owner.user_id}/unsuspend`, undefined],
    ] as const) {
      expect([url, (await call(method, url, reporter, body)).statusCode]).toEqual([url, 403]);
      expect([url, (await call(method, url, undefined, body)).statusCode]).toEqual([url, 401]);
    }
    // Hiding a person is not a thing: suspend them or dismiss.
    await report(reporter, 'user', owner.user_id, 'harassment');
    const bad = await resolve(operator, await openReportId(operator, owner.user_id), 'hide');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ action: 'moderationActionInvalid' });
  });
});

describe('blocked terms', () => {
  it('refuses names and descriptions holding an operator-listed term, whatever the case and accents', async () => {
    const { operator, owner, collection } = await scene();
    const add = await call('PUT', '/api/v1/admin/blocked_terms', operator, { term: '  Palavrão ' });
    expect(add.json().data).toEqual(['palavrão']);
    const refused = await call('POST', '/api/v1/collection', owner, {
      category_id: FILMES,
      name: 'Meu PALAVRAO favorito',
      description: 'ok',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ name: 'blockedTerm' });
    const item = await call('POST', '/api/v1/collection_items', owner, {
      collection_id: collection.id,
      name: 'Bom',
      description: 'um palavrão aqui',
    });
    expect(item.json().error.fields).toEqual({ description: 'blockedTerm' });
    const account = await call('PUT', `/api/v1/user/${owner.user_id}`, owner, { name: 'Palavrão da Silva' });
    expect(account.statusCode).toBe(400);
    // Nothing saved was lost; once removed, the term is fine.
    expect(
      (await call('DELETE', '/api/v1/admin/blocked_terms?term=palavr%C3%A3o', operator)).json().data,
    ).toEqual([]);
    expect(
      (
        await call('POST', '/api/v1/collection', owner, {
          category_id: FILMES,
          name: 'Meu PALAVRAO favorito',
          description: 'ok',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await call('GET', '/api/v1/admin/audit', operator))
        .json()
        .data.map((e: { action: string }) => e.action),
    ).toEqual(['remove_blocked_term', 'add_blocked_term']);
  });
});
