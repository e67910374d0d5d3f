import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { createCollection, FILMES, type Session } from '../collection/collection.test-helpers.ts';
import { purgeExpiredIdempotencyKeys } from './idempotency.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

const post = (who: Session | null, url: string, payload: object, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(who ? who.auth : {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const count = async (sql: string, params: unknown[]) =>
  (await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

const newList = { category_id: FILMES, name: 'Para rever', description: 'Uma vez só' };

describe('Idempotency-Key on creating writes', () => {
  it('a retry with the same key answers the first answer again and writes nothing', async () => {
    const ana = await signUp(ctx.app);
    const key = randomUUID();
    const first = await post(ana, '/api/v1/collection', newList, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const retry = await post(ana, '/api/v1/collection', newList, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await count('collections WHERE user_id = $1', [ana.user_id])).toBe(1);

    // Without a key, or with a new one, every request is a new write.
    expect((await post(ana, '/api/v1/collection', newList)).statusCode).toBe(201);
    expect((await post(ana, '/api/v1/collection', newList, randomUUID())).statusCode).toBe(201);
    expect(await count('collections WHERE user_id = $1', [ana.user_id])).toBe(3);
  });

  it('covers adding an item, saving copies and the contact form', async () => {
    const ana = await signUp(ctx.app);
    const bia = await signUp(ctx.app);
    const list = await createCollection(ctx.app, ana, { private: false });
    const mine = await createCollection(ctx.app, bia);

    const cases: [Session | null, string, object, string][] = [
      [
        ana,
        '/api/v1/collection_items',
        { collection_id: list.id, name: 'Central do Brasil', description: '' },
        'collection_items WHERE collection_id = $1',
      ],
      [bia, `/api/v1/collection/${list.id}/save`, {}, 'collections WHERE saved_from_id = $1'],
      [
        null,
        '/api/v1/contact',
        { inputName: 'Fernanda', inputEmail: 'f@acervo.example', textMessage: 'Olá, equipe' },
        'contact_messages WHERE $1::text IS NOT NULL',
      ],
    ];
    for (const [who, url, payload, table] of cases) {
      const key = randomUUID();
      const answers = [await post(who, url, payload, key), await post(who, url, payload, key)];
      expect(
        answers.map((a) => a.statusCode),
        url,
      ).toEqual([201, 201]);
      expect(answers[1]!.json(), url).toEqual(answers[0]!.json());
      expect(await count(table, [list.id]), url).toBe(1);
    }

    const [item] = await ctx.db.query<{ id: string }>(
      'SELECT id FROM collection_items WHERE collection_id = $1',
      [list.id],
    );
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const res = await post(
        bia,
        `/api/v1/collection_items/${item!.id}/save`,
        { collection_id: mine.id },
        key,
      );
      expect(res.statusCode).toBe(201);
    }
    expect(await count('collection_items WHERE collection_id = $1', [mine.id])).toBe(1);
  });

  it('concurrent requests with one key write once and all get the same answer', async () => {
    const ana = await signUp(ctx.app);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(ana, '/api/v1/collection', newList, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(await count('collections WHERE user_id = $1', [ana.user_id])).toBe(1);
  });

  it('refuses the same key with another body or path (422), and a key that is not a UUID (400)', async () => {
    const ana = await signUp(ctx.app);
    const key = randomUUID();
    expect((await post(ana, '/api/v1/collection', newList, key)).statusCode).toBe(201);
    const other = await post(ana, '/api/v1/collection', { ...newList, name: 'Outra' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const list = (await ctx.db.query<{ id: string }>('SELECT id FROM collections'))[0]!;
    const elsewhere = await post(
      ana,
      '/api/v1/collection_items',
      { collection_id: list.id, name: 'X', description: '' },
      key,
    );
    expect(elsewhere.statusCode).toBe(422);

    const bad = await post(ana, '/api/v1/collection', newList, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'idempotency-key': expect.any(String) },
    });
    expect(await count('collections WHERE user_id = $1', [ana.user_id])).toBe(1);
  });

  it('keys belong to one person: the same key from someone else is their own write', async () => {
    const [ana, bia] = [await signUp(ctx.app), await signUp(ctx.app)];
    const key = randomUUID();
    const a = await post(ana, '/api/v1/collection', newList, key);
    const b = await post(bia, '/api/v1/collection', newList, key);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().data.id).not.toBe(a.json().data.id);
  });

  it('a refused write stores nothing, so the same key may try again', async () => {
    const ana = await signUp(ctx.app);
    const key = randomUUID();
    const missing = await post(
      ana,
      '/api/v1/collection_items',
      { collection_id: 'nao-existe-0000', name: 'X', description: '' },
      key,
    );
    expect(missing.statusCode).toBe(404);
    expect(await count('idempotency_keys WHERE key = $1', [key])).toBe(0);
  });

  it('answers expire after 24 hours: purged, and an old key counts as new', async () => {
    const ana = await signUp(ctx.app);
    const key = randomUUID();
    expect((await post(ana, '/api/v1/collection', newList, key)).statusCode).toBe(201);
    await ctx.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
    const again = await post(ana, '/api/v1/collection', newList, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await count('collections WHERE user_id = $1', [ana.user_id])).toBe(2);

    await ctx.db.query("UPDATE idempotency_keys SET created_at = now() - interval '25 hours'");
    expect(await purgeExpiredIdempotencyKeys(ctx.db)).toBe(1);
    expect(await count('idempotency_keys WHERE key = $1', [key])).toBe(0);
  });
});

describe('GET /api/v1/health', () => {
  it('answers 200 while the database answers', async () => {
    const res = await ctx.request('GET', '/api/v1/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', database: 'ok' } });
  });
});
