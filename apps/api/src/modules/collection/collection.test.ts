import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addItem,
  createCollection,
  FILMES,
  LIVROS,
  SERIES,
  sleep,
  type Session,
} from './collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: Session | undefined, payload?: object) =>
  ctx.request(method, url, who, payload);

/** Owner, another signed-in user, and one public and one private collection of the owner. */
async function scene() {
  const owner = await signUp(ctx.app, { name: 'Ana Souza' });
  const other = await signUp(ctx.app, { name: 'Bruno Lima' });
  const pub = await createCollection(ctx.app, owner, { name: 'Pública' });
  const priv = await createCollection(ctx.app, owner, { name: 'Secreta', private: true });
  return { owner, other, pub, priv };
}

/** Public collections inserted straight into the database, for listings that need many. */
async function insertPublicCollections(userId: string, categoryId: string, count: number) {
  await ctx.db.query(
    `INSERT INTO collections (id, user_id, category_id, name, updated_at)
     SELECT 'bulk' || g, $1, $2, 'Coleção ' || g, now() - g * interval '1 minute'
     FROM generate_series(1, $3::int) g`,
    [userId, categoryId, count],
  );
}

describe('POST /api/v1/collection', () => {
  it('creates a collection owned by the caller and answers 201 with the whole object', async () => {
    const owner = await signUp(ctx.app, { name: 'Ana Souza' });
    const res = await send('POST', '/api/v1/collection', owner, {
      category_id: LIVROS,
      name: '  Livros de cabeceira ',
      description: 'Os que ficam na mesa',
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data as Collection;
    expect(data).toMatchObject({
      name: 'Livros de cabeceira',
      description: 'Os que ficam na mesa',
      user_id: owner.user_id,
      owner_name: 'Ana Souza',
      category_id: LIVROS,
      category_name: 'Livros',
      private: false,
      followers: 0,
      likes: 0,
      location: 'Brasil',
      items_count: 0,
      collection_items: [],
      liked_by_me: false,
      followed_by_me: false,
      my_role: 'owner',
      saved_from: null,
    });
    expect(data.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(data.last_updated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(data.last_updated) - Date.now())).toBeLessThan(60_000);
    expect((await get(`/api/v1/collection/${data.id}`, owner)).json().data).toEqual(data);
  });

  it('honours the private flag and defaults description to empty', async () => {
    const owner = await signUp(ctx.app);
    const res = await send('POST', '/api/v1/collection', owner, {
      category_id: FILMES,
      name: 'Só minha',
      private: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ private: true, description: '' });
  });

  it('ignores user_id, likes, followers and location sent in the body', async () => {
    const owner = await signUp(ctx.app);
    const other = await signUp(ctx.app);
    const res = await send('POST', '/api/v1/collection', owner, {
      category_id: FILMES,
      name: 'Tentativa',
      user_id: other.user_id,
      likes: 999,
      followers: 999,
      location: 'Marte',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      user_id: owner.user_id,
      likes: 0,
      followers: 0,
      location: 'Brasil',
    });
  });

  it.each([
    ['no category', { name: 'X' }, 'category_id', 'categoryRequired'],
    ['an empty category', { category_id: '', name: 'X' }, 'category_id', 'categoryRequired'],
    [
      'an unknown category',
      { category_id: 'naoexiste12345678', name: 'X' },
      'category_id',
      'categoryUnknown',
    ],
    ['a malformed category', { category_id: '../etc', name: 'X' }, 'category_id', 'categoryUnknown'],
    ['no name', { category_id: FILMES }, 'name', 'collectionNameRequired'],
    ['a blank name', { category_id: FILMES, name: '   ' }, 'name', 'collectionNameRequired'],
    ['a name too long', { category_id: FILMES, name: 'x'.repeat(121) }, 'name', 'tooLong'],
    [
      'a description too long',
      { category_id: FILMES, name: 'X', description: 'x'.repeat(2001) },
      'description',
      'tooLong',
    ],
    [
      'a non-boolean private',
      { category_id: FILMES, name: 'X', private: 'sim' },
      'private',
      'privateInvalid',
    ],
  ])('answers 400 naming the field and its validation code for %s', async (_why, body, field, code) => {
    const owner = await signUp(ctx.app);
    const res = await send('POST', '/api/v1/collection', owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields[field]).toBe(code);
    const mine = await get(`/api/v1/collection/by_user/${owner.user_id}`, owner);
    expect(mine.json().data).toEqual([]);
  });

  it('answers 400, not a database error, for text the database cannot store (NUL)', async () => {
    const owner = await signUp(ctx.app);
    for (const body of [{ name: 'a\u0000b' }, { name: 'ok', description: 'x\u0000' }]) {
      const res = await send('POST', '/api/v1/collection', owner, { category_id: FILMES, ...body });
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().error.fields)).toContain('invalidCharacter');
    }
  });

  it('answers 401 to an anonymous caller, even with an invalid body', async () => {
    expect(
      (await send('POST', '/api/v1/collection', undefined, { category_id: FILMES, name: 'X' })).statusCode,
    ).toBe(401);
    expect((await send('POST', '/api/v1/collection', undefined, {})).statusCode).toBe(401);
  });
});

describe('GET /api/v1/collection/{id}', () => {
  it('shows the owner both collections, a stranger and an anonymous visitor only the public one (404 for the private)', async () => {
    const { owner, other, pub, priv } = await scene();
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/v1/collection/${priv.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/v1/collection/${pub.id}`, other)).json().data).toMatchObject({
      name: 'Pública',
      my_role: null,
    });
    const hidden = await get(`/api/v1/collection/${priv.id}`, other);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.code).toBe('NOT_FOUND');
    // Indistinguishable from a collection that never existed.
    const missing = await get('/api/v1/collection/naoexiste0000000', other);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    // Issue 12: a shared public collection opens without an account; a private one stays hidden.
    expect((await get(`/api/v1/collection/${pub.id}`)).json().data).toMatchObject({
      name: 'Pública',
      my_role: null,
      liked_by_me: false,
      followed_by_me: false,
    });
    const anonymousHidden = await get(`/api/v1/collection/${priv.id}`);
    expect(anonymousHidden.statusCode).toBe(404);
    expect(anonymousHidden.json()).toEqual(missing.json());
  });

  it('still refuses a bad token on the public read (401), never reading on as a stranger', async () => {
    const { pub } = await scene();
    const res = await ctx.app.inject({
      url: `/api/v1/collection/${pub.id}`,
      headers: { authorization: 'Bearer naoeumtoken' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('answers 400 for a malformed id', async () => {
    const owner = await signUp(ctx.app);
    const res = await get('/api/v1/collection/n%C3%A3o!v%C3%A1lido', owner);
    expect(res.statusCode).toBe(400);
  });

  it('carries every item, in position order, with ratings as numbers', async () => {
    const { owner, other, pub } = await scene();
    await addItem(ctx.app, owner, pub.id, { name: 'Primeiro', rating: 4.5 });
    await addItem(ctx.app, owner, pub.id, { name: 'Segundo', rating: 3 });
    await addItem(ctx.app, owner, pub.id, { name: 'Terceiro' });
    await addItem(ctx.app, owner, pub.id, { name: 'Quarto', rating: 0.5 });
    const data = (await get(`/api/v1/collection/${pub.id}`, other)).json().data as Collection;
    expect(data.items_count).toBe(4);
    expect(data.collection_items.map((i) => [i.name, i.rating, i.position])).toEqual([
      ['Primeiro', 4.5, 1],
      ['Segundo', 3, 2],
      ['Terceiro', null, 3],
      ['Quarto', 0.5, 4],
    ]);
    expect(data.collection_items[0]!.collection_id).toBe(pub.id);
  });

  it('shows real followers and likes counts from the social tables', async () => {
    const { owner, other, pub } = await scene();
    const third = await signUp(ctx.app);
    await ctx.db.query('INSERT INTO collection_likes (collection_id, user_id) VALUES ($1, $2), ($1, $3)', [
      pub.id,
      other.user_id,
      third.user_id,
    ]);
    await ctx.db.query('INSERT INTO collection_followers (collection_id, user_id) VALUES ($1, $2)', [
      pub.id,
      other.user_id,
    ]);
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).json().data).toMatchObject({
      likes: 2,
      followers: 1,
    });
    await ctx.db.query('DELETE FROM collection_likes WHERE user_id = $1', [third.user_id]);
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).json().data).toMatchObject({
      likes: 1,
      followers: 1,
    });
  });
});

describe('PUT /api/v1/collection/{id}', () => {
  it('lets the owner change category, name, description and privacy, answering {data}', async () => {
    const { owner, other, pub } = await scene();
    await sleep(5);
    const res = await send('PUT', `/api/v1/collection/${pub.id}`, owner, {
      category_id: SERIES,
      name: 'Séries favoritas',
      description: 'Nova descrição',
      private: true,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Collection;
    expect(data).toMatchObject({
      id: pub.id,
      name: 'Séries favoritas',
      description: 'Nova descrição',
      category_id: SERIES,
      category_name: 'Séries',
      private: true,
    });
    expect(Date.parse(data.last_updated)).toBeGreaterThan(Date.parse(pub.last_updated));
    // Now private: gone for the stranger.
    expect((await get(`/api/v1/collection/${pub.id}`, other)).statusCode).toBe(404);
  });

  it('keeps description and privacy when the form does not send them', async () => {
    const { owner, priv } = await scene();
    const res = await send('PUT', `/api/v1/collection/${priv.id}`, owner, {
      category_id: FILMES,
      name: 'Renomeada',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Renomeada',
      description: 'Os que eu revejo',
      private: true,
    });
  });

  it('ignores user_id, likes and followers in the body', async () => {
    const { owner, other, pub } = await scene();
    const res = await send('PUT', `/api/v1/collection/${pub.id}`, owner, {
      category_id: FILMES,
      name: 'Minha',
      user_id: other.user_id,
      likes: 50,
      followers: 50,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ user_id: owner.user_id, likes: 0, followers: 0 });
  });

  it('refuses strangers: 403 on a public collection, 404 on a private one, 401 anonymous; nothing changes', async () => {
    const { owner, other, pub, priv } = await scene();
    const body = { category_id: FILMES, name: 'Invadida' };
    const forbidden = await send('PUT', `/api/v1/collection/${pub.id}`, other, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('FORBIDDEN');
    expect((await send('PUT', `/api/v1/collection/${priv.id}`, other, body)).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/collection/${pub.id}`, undefined, body)).statusCode).toBe(401);
    expect((await send('PUT', '/api/v1/collection/naoexiste0000000', owner, body)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).json().data.name).toBe('Pública');
    expect((await get(`/api/v1/collection/${priv.id}`, owner)).json().data.name).toBe('Secreta');
  });

  it.each([
    ['no name', { category_id: FILMES }, 'name', 'listNameRequired'],
    ['no category', { name: 'X' }, 'category_id', 'categoryRequired'],
    [
      'an unknown category',
      { category_id: 'naoexiste12345678', name: 'X' },
      'category_id',
      'categoryUnknown',
    ],
  ])('answers 400 naming the field and its validation code for %s', async (_why, body, field, code) => {
    const { owner, pub } = await scene();
    const res = await send('PUT', `/api/v1/collection/${pub.id}`, owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(code);
  });

  it('takes COLLECTION_WRITES_PER_MINUTE edits from one person, then 429 with Retry-After', async () => {
    const app = await ctx.buildApp({ COLLECTION_WRITES_PER_MINUTE: '2' });
    const [owner, other] = [await signUp(app), await signUp(app)];
    const [mine, theirs] = [await createCollection(app, owner), await createCollection(app, other)];
    const edit = (who: Session, id: string, name: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/collection/${id}`,
        headers: who.auth,
        payload: { category_id: FILMES, name },
      });
    expect((await edit(owner, mine.id, 'Um')).statusCode).toBe(200);
    expect((await edit(owner, mine.id, 'Dois')).statusCode).toBe(200);
    const refused = await edit(owner, mine.id, 'Três');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/collection/${mine.id}`,
      headers: owner.auth,
    });
    expect(read.json().data.name).toBe('Dois');
    // Per person: someone else still edits theirs.
    expect((await edit(other, theirs.id, 'Outra')).statusCode).toBe(200);
  });
});

describe('DELETE /api/v1/collection/{id}', () => {
  it('lets the owner delete, answering {data}, and takes the items, likes and follows with it', async () => {
    const { owner, other, pub } = await scene();
    const item = await addItem(ctx.app, owner, pub.id);
    await addItem(ctx.app, owner, pub.id, { name: 'Outro' });
    await ctx.db.query('INSERT INTO collection_likes (collection_id, user_id) VALUES ($1, $2)', [
      pub.id,
      other.user_id,
    ]);
    await ctx.db.query('INSERT INTO collection_followers (collection_id, user_id) VALUES ($1, $2)', [
      pub.id,
      other.user_id,
    ]);

    const res = await send('DELETE', `/api/v1/collection/${pub.id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: pub.id, deleted: true } });
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection_items/${item.id}`, owner)).statusCode).toBe(404);
    const [orphans] = await ctx.db.query<{ items: number; likes: number; follows: number }>(
      `SELECT (SELECT count(*)::int FROM collection_items WHERE collection_id = $1) AS items,
              (SELECT count(*)::int FROM collection_likes WHERE collection_id = $1) AS likes,
              (SELECT count(*)::int FROM collection_followers WHERE collection_id = $1) AS follows`,
      [pub.id],
    );
    expect(orphans).toEqual({ items: 0, likes: 0, follows: 0 });
    // A second delete finds nothing.
    expect((await send('DELETE', `/api/v1/collection/${pub.id}`, owner)).statusCode).toBe(404);
  });

  it('refuses strangers: 403 public, 404 private, 401 anonymous; the collections survive', async () => {
    const { owner, other, pub, priv } = await scene();
    expect((await send('DELETE', `/api/v1/collection/${pub.id}`, other)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v1/collection/${priv.id}`, other)).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/collection/${pub.id}`, undefined)).statusCode).toBe(401);
    expect((await get(`/api/v1/collection/${pub.id}`, owner)).statusCode).toBe(200);
    expect((await get(`/api/v1/collection/${priv.id}`, owner)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/collection/by_user/{user_id}', () => {
  it('gives the owner all their collections, newest first, and a stranger only the public ones', async () => {
    const { owner, other, pub, priv } = await scene();
    const mine = await get(`/api/v1/collection/by_user/${owner.user_id}`, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((c: Collection) => c.id)).toEqual([priv.id, pub.id]);
    expect(mine.json().next_cursor).toBeNull();
    const theirs = await get(`/api/v1/collection/by_user/${owner.user_id}`, other);
    expect(theirs.json().data.map((c: Collection) => c.id)).toEqual([pub.id]);
    expect((await get(`/api/v1/collection/by_user/${other.user_id}`, owner)).json().data).toEqual([]);
  });

  it('answers 401 anonymous and 404 for an unknown user', async () => {
    const { owner, other } = await scene();
    expect((await get(`/api/v1/collection/by_user/${owner.user_id}`)).statusCode).toBe(401);
    expect((await get('/api/v1/collection/by_user/naoexiste0000000', other)).statusCode).toBe(404);
  });

  it('pages with limit and cursor without repeating or skipping', async () => {
    const owner = await signUp(ctx.app);
    await insertPublicCollections(owner.user_id, FILMES, 7);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/v1/collection/by_user/${owner.user_id}?limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        owner,
      );
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data.map((c: Collection) => c.name));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(Array.from({ length: 7 }, (_, i) => `Coleção ${i + 1}`));
  });
});

describe('GET /api/v1/collection/by_category/{category_id}', () => {
  it("lists only a category's public collections, hiding private ones from everyone", async () => {
    const { owner, other, pub } = await scene();
    await createCollection(ctx.app, other, { category_id: LIVROS, name: 'Outra categoria' });
    for (const who of [owner, other]) {
      const res = await get(`/api/v1/collection/by_category/${FILMES}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: Collection) => c.id)).toEqual([pub.id]);
    }
  });

  it('carries the first 3 items by position and the item count on each card', async () => {
    const { owner, other, pub } = await scene();
    for (const name of ['Um', 'Dois', 'Três', 'Quatro', 'Cinco'])
      await addItem(ctx.app, owner, pub.id, { name });
    const [card] = (await get(`/api/v1/collection/by_category/${FILMES}`, other)).json().data as Collection[];
    expect(card!.items_count).toBe(5);
    expect(card!.collection_items.map((i) => i.name)).toEqual(['Um', 'Dois', 'Três']);
    expect(card).toMatchObject({ owner_name: 'Ana Souza', category_name: 'Filmes', location: 'Brasil' });
  });

  it('puts the most recently updated first and walks every page with the cursor', async () => {
    const owner = await signUp(ctx.app);
    await insertPublicCollections(owner.user_id, FILMES, 5);
    const first = await get(`/api/v1/collection/by_category/${FILMES}?limit=2`, owner);
    expect(first.json().data.map((c: Collection) => c.name)).toEqual(['Coleção 1', 'Coleção 2']);
    const second = await get(
      `/api/v1/collection/by_category/${FILMES}?limit=2&cursor=${first.json().next_cursor}`,
      owner,
    );
    expect(second.json().data.map((c: Collection) => c.name)).toEqual(['Coleção 3', 'Coleção 4']);
    const third = await get(
      `/api/v1/collection/by_category/${FILMES}?limit=2&cursor=${second.json().next_cursor}`,
      owner,
    );
    expect(third.json().data.map((c: Collection) => c.name)).toEqual(['Coleção 5']);
    expect(third.json().next_cursor).toBeNull();
  });

  it('sorts by popularity (followers + likes) with sort=popular, paging too', async () => {
    const owner = await signUp(ctx.app);
    const fans = [await signUp(ctx.app), await signUp(ctx.app), await signUp(ctx.app)];
    await insertPublicCollections(owner.user_id, FILMES, 4);
    // bulk3: 3 likes, bulk4: 1 like + 1 follower, bulk1 and bulk2: none (newest first among them).
    for (const fan of fans) {
      await ctx.db.query("INSERT INTO collection_likes (collection_id, user_id) VALUES ('bulk3', $1)", [
        fan.user_id,
      ]);
    }
    await ctx.db.query("INSERT INTO collection_likes (collection_id, user_id) VALUES ('bulk4', $1)", [
      fans[0]!.user_id,
    ]);
    await ctx.db.query("INSERT INTO collection_followers (collection_id, user_id) VALUES ('bulk4', $1)", [
      fans[0]!.user_id,
    ]);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(
        `/api/v1/collection/by_category/${FILMES}?sort=popular&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
        owner,
      );
      expect(res.statusCode).toBe(200);
      names.push(...res.json().data.map((c: Collection) => c.name));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(names).toEqual(['Coleção 3', 'Coleção 4', 'Coleção 1', 'Coleção 2']);
  });

  it('caps limit at 50 and refuses a limit below 1, a bad sort or a forged cursor with 400', async () => {
    const owner = await signUp(ctx.app);
    await insertPublicCollections(owner.user_id, FILMES, 55);
    const res = await get(`/api/v1/collection/by_category/${FILMES}?limit=500`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(50);
    expect(res.json().next_cursor).toEqual(expect.any(String));
    expect((await get(`/api/v1/collection/by_category/${FILMES}`, owner)).json().data).toHaveLength(20);
    for (const query of ['limit=0', 'limit=abc', 'sort=oldest', 'cursor=bm9wZQ', 'cursor=WyJ4IiwieSJd']) {
      const bad = await get(`/api/v1/collection/by_category/${FILMES}?${query}`, owner);
      expect(bad.statusCode, query).toBe(400);
      const param = query.split('=')[0]!;
      expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [param]: 'invalid' } });
    }
  });

  it('refuses forged cursors with 400, whatever they hold', async () => {
    const owner = await signUp(ctx.app);
    const forge = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const forged: [string, string][] = [
      ['newest', forge(['1', 'abc'])],
      ['newest', forge(['2026-99-99T00:00:00.000000Z', 'abc'])],
      ['newest', forge(['2026-01-01T00:00:00.000000Z', 'abc', 'extra'])],
      ['newest', forge({ a: 1 })],
      ['popular', forge([2 ** 40, '2026-01-01T00:00:00.000000Z', 'abc'])],
      ['popular', forge([-1, '2026-01-01T00:00:00.000000Z', 'abc'])],
      ['popular', forge(['1', '2026-01-01T00:00:00.000000Z', 'abc'])],
    ];
    for (const [sort, cursor] of forged) {
      const res = await get(`/api/v1/collection/by_category/${FILMES}?sort=${sort}&cursor=${cursor}`, owner);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields.cursor).toBe('invalid');
    }
    const byUser = await get(
      `/api/v1/collection/by_user/${owner.user_id}?cursor=${forge(['1', 'x'])}`,
      owner,
    );
    expect(byUser.statusCode).toBe(400);
  });

  it('answers 404 for an unknown category and 401 anonymous', async () => {
    const owner = await signUp(ctx.app);
    expect((await get('/api/v1/collection/by_category/naoexiste0000000', owner)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection/by_category/${FILMES}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/collection/by_followers', () => {
  it('lists the 5 most followed public collections by default, never private ones', async () => {
    const { owner, other, priv } = await scene();
    await insertPublicCollections(owner.user_id, LIVROS, 7);
    await ctx.db.query('INSERT INTO collection_followers (collection_id, user_id) VALUES ($1, $2)', [
      priv.id,
      other.user_id,
    ]);
    await ctx.db.query("INSERT INTO collection_followers (collection_id, user_id) VALUES ('bulk6', $1)", [
      other.user_id,
    ]);
    for (const who of [owner, other]) {
      const res = await get('/api/v1/collection/by_followers?limit=5', who);
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Collection[];
      expect(data).toHaveLength(5);
      expect(data[0]).toMatchObject({ name: 'Coleção 6', followers: 1 });
      expect(data.map((c) => c.id)).not.toContain(priv.id);
    }
    expect((await get('/api/v1/collection/by_followers', owner)).json().data).toHaveLength(5);
  });

  it('caps limit at 50 and answers 401 anonymous', async () => {
    const owner = await signUp(ctx.app);
    await insertPublicCollections(owner.user_id, FILMES, 52);
    expect((await get('/api/v1/collection/by_followers?limit=51', owner)).json().data).toHaveLength(50);
    expect((await get('/api/v1/collection/by_followers?limit=5')).statusCode).toBe(401);
  });
});

describe('OpenAPI document', () => {
  it('lists every collection, item and user route with its schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const expected: [string, string][] = [
      ['/api/v1/user/{user_id}', 'get'],
      ['/api/v1/user/{user_id}', 'put'],
      ['/api/v1/collection', 'post'],
      ['/api/v1/collection/{id}', 'get'],
      ['/api/v1/collection/{id}', 'put'],
      ['/api/v1/collection/{id}', 'delete'],
      ['/api/v1/collection/by_user/{user_id}', 'get'],
      ['/api/v1/collection/by_followers', 'get'],
      ['/api/v1/collection/by_category/{category_id}', 'get'],
      ['/api/v1/collection_items', 'post'],
      ['/api/v1/collection_items/{item}', 'get'],
      ['/api/v1/collection_items/{item}', 'put'],
      ['/api/v1/collection_items/{item}', 'delete'],
    ];
    for (const [path, method] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'] ?? op.responses['201'], `${method} ${path}`).toBeDefined();
      // Issue 12: the two public reads take the token when there is one.
      const optional =
        method === 'get' && ['/api/v1/collection/{id}', '/api/v1/collection_items/{item}'].includes(path);
      expect(op.security).toEqual(optional ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }]);
      if (method === 'post' || method === 'put') {
        expect(op.requestBody.content['application/json'].schema, `${method} ${path}`).toBeDefined();
      }
    }
  });

  it('lists every social route (issue 8) with its schemas, the reorder with its 409 body', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const expected: [string, string, 'body' | 'no body'][] = [
      ['/api/v1/collection/{id}/like', 'put', 'no body'],
      ['/api/v1/collection/{id}/like', 'delete', 'no body'],
      ['/api/v1/collection/{id}/follow', 'put', 'no body'],
      ['/api/v1/collection/{id}/follow', 'delete', 'no body'],
      ['/api/v1/user/{user_id}/follow', 'put', 'no body'],
      ['/api/v1/user/{user_id}/follow', 'delete', 'no body'],
      ['/api/v1/user/{user_id}/followers', 'get', 'no body'],
      ['/api/v1/user/{user_id}/following', 'get', 'no body'],
      ['/api/v1/user/popular', 'get', 'no body'],
      ['/api/v1/user/network', 'get', 'no body'],
      ['/api/v1/collection/{id}/save', 'post', 'body'],
      ['/api/v1/collection_items/{item}/save', 'post', 'body'],
      ['/api/v1/collection/{id}/collaborators', 'get', 'no body'],
      ['/api/v1/collection/{id}/collaborators', 'post', 'body'],
      ['/api/v1/collection/{id}/collaborators/{user_id}', 'put', 'body'],
      ['/api/v1/collection/{id}/collaborators/{user_id}', 'delete', 'no body'],
      ['/api/v1/collection/{id}/invite_link', 'post', 'body'],
      ['/api/v1/collection/{id}/invite_link', 'delete', 'no body'],
      ['/api/v1/invite/{token}', 'get', 'no body'],
      ['/api/v1/invite/{token}', 'post', 'no body'],
      ['/api/v1/collection/{id}/items/order', 'put', 'body'],
    ];
    for (const [path, method, body] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.responses['200'] ?? op.responses['201'], `${method} ${path}`).toBeDefined();
      expect(op.security).toEqual([{ bearerAuth: [] }]);
      if (body === 'body') {
        expect(op.requestBody.content['application/json'].schema, `${method} ${path}`).toBeDefined();
      }
    }
    const conflict = doc.paths['/api/v1/collection/{id}/items/order'].put.responses['409'];
    expect(Object.keys(conflict.content['application/json'].schema.properties.error.properties)).toEqual(
      expect.arrayContaining(['code', 'message', 'current']),
    );
  });
});
