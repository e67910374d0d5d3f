import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  LIVROS,
  type Session,
} from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const save = (id: string, who: Session | undefined, body?: object) =>
  ctx.request('POST', `/api/v1/collection/${id}/save`, who, body);
const saveItem = (itemId: string, who: Session, collectionId: string) =>
  ctx.request('POST', `/api/v1/collection_items/${itemId}/save`, who, { collection_id: collectionId });
const collectionAs = async (id: string, who: Session) => {
  const res = await ctx.request('GET', `/api/v1/collection/${id}`, who);
  return res.statusCode === 200 ? (res.json().data as Collection) : res.statusCode;
};

/** Luana's public "Livros de 2025" with three rated items, reordered; Mário saves things. */
async function scene() {
  const owner = await signUp(ctx.app, { name: 'Luana Costa' });
  const saver = await signUp(ctx.app, { name: 'Mário Teixeira' });
  const original = await createCollection(ctx.app, owner, {
    category_id: LIVROS,
    name: 'Livros de 2025',
    description: 'Os que mais gostei',
  });
  const a = await addItem(ctx.app, owner, original.id, {
    name: 'Torto Arado',
    description: 'Itamar',
    rating: 5,
  });
  const b = await addItem(ctx.app, owner, original.id, { name: 'O Avesso da Pele', rating: 4.5 });
  const c = await addItem(ctx.app, owner, original.id, { name: 'Sem nota', rating: null });
  await ctx.request('PUT', `/api/v1/collection/${original.id}/items/order`, owner, {
    item_ids: [c.id, a.id, b.id],
  });
  return { owner, saver, original, items: { a, b, c } };
}

describe('POST /api/v1/collection/{id}/save', () => {
  it("copies name, category, description and items (ratings, order) into the caller's private collection", async () => {
    const { owner, saver, original } = await scene();
    const res = await save(original.id, saver, {});
    expect(res.statusCode).toBe(201);
    const copy = res.json().data as Collection;
    expect(copy).toMatchObject({
      user_id: saver.user_id,
      owner_name: 'Mário Teixeira',
      name: 'Livros de 2025',
      description: 'Os que mais gostei',
      category_id: LIVROS,
      private: true,
      likes: 0,
      followers: 0,
      items_count: 3,
      my_role: 'owner',
      saved_from: {
        id: original.id,
        name: 'Livros de 2025',
        user_id: owner.user_id,
        user_name: 'Luana Costa',
      },
    });
    expect(copy.id).not.toBe(original.id);
    expect(copy.collection_items.map((i) => [i.name, i.rating, i.position, i.collection_id])).toEqual([
      ['Sem nota', null, 1, copy.id],
      ['Torto Arado', 5, 2, copy.id],
      ['O Avesso da Pele', 4.5, 3, copy.id],
    ]);
    const originalIds = (await collectionAs(original.id, owner)) as Collection;
    expect(copy.collection_items.map((i) => i.id)).not.toContain(originalIds.collection_items[0]!.id);
    expect(originalIds.saved_from).toBeNull();
    expect(await collectionAs(copy.id, saver)).toEqual(copy);
    // Private by default: the original's owner cannot see the copy.
    expect(await collectionAs(copy.id, owner)).toBe(404);
  });

  it('makes a public copy when asked, private by default even without a body', async () => {
    const { saver, original } = await scene();
    const pub = await save(original.id, saver, { private: false });
    expect(pub.json().data.private).toBe(false);
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/collection/${original.id}/save`,
      headers: saver.auth,
    });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().data.private).toBe(true);
    expect((await save(original.id, saver, { private: 'não' })).statusCode).toBe(400);
  });

  it('keeps the copy apart: changing it leaves the original alone', async () => {
    const { owner, saver, original } = await scene();
    const copy = (await save(original.id, saver)).json().data as Collection;
    const item = copy.collection_items[0]!;
    await ctx.request('PUT', `/api/v1/collection_items/${item.id}`, saver, { name: 'Mudado' });
    await ctx.request('DELETE', `/api/v1/collection_items/${copy.collection_items[1]!.id}`, saver);
    const now = (await collectionAs(original.id, owner)) as Collection;
    expect(now.collection_items.map((i) => i.name)).toEqual(['Sem nota', 'Torto Arado', 'O Avesso da Pele']);
  });

  it('names the original’s owner on a copy only to whoever may see them: not across a block, nor once suspended', async () => {
    const { owner, saver, original } = await scene();
    const copy = (await save(original.id, saver, { private: false })).json().data as Collection;
    const third = await signUp(ctx.app);
    const shown = { id: original.id, user_id: owner.user_id, user_name: 'Luana Costa' };
    expect(((await collectionAs(copy.id, third)) as Collection).saved_from).toMatchObject(shown);
    expect((await ctx.request('PUT', `/api/v1/user/${third.user_id}/block`, owner)).statusCode).toBe(200);
    // The copy is the saver's: it stays readable, without the person who blocked its reader.
    expect(((await collectionAs(copy.id, third)) as Collection).saved_from).toBeNull();
    expect(((await collectionAs(copy.id, saver)) as Collection).saved_from).toMatchObject(shown);
    await ctx.request('DELETE', `/api/v1/user/${third.user_id}/block`, owner);
    await ctx.db.query('UPDATE users SET suspended_at = now() WHERE id = $1', [owner.user_id]);
    expect(((await collectionAs(copy.id, third)) as Collection).saved_from).toBeNull();
    expect(((await collectionAs(copy.id, saver)) as Collection).saved_from).toBeNull();
  });

  it('hides a private original behind its copy: the person stays, the link and name go; deleting it clears saved_from', async () => {
    const { owner, saver, original } = await scene();
    const copy = (await save(original.id, saver, { private: false })).json().data as Collection;
    await ctx.request('PUT', `/api/v1/collection/${original.id}`, owner, {
      category_id: LIVROS,
      name: 'Agora secreta',
      private: true,
    });
    const hidden = { id: null, name: null, user_id: owner.user_id, user_name: 'Luana Costa' };
    expect(((await collectionAs(copy.id, saver)) as Collection).saved_from).toEqual(hidden);
    const third = await signUp(ctx.app);
    expect(((await collectionAs(copy.id, third)) as Collection).saved_from).toEqual(hidden);
    // The original's owner still sees their own collection behind the link.
    expect(((await collectionAs(copy.id, owner)) as Collection).saved_from).toMatchObject({
      id: original.id,
      name: 'Agora secreta',
    });
    await ctx.request('DELETE', `/api/v1/collection/${original.id}`, owner);
    expect(((await collectionAs(copy.id, saver)) as Collection).saved_from).toBeNull();
  });

  it('refuses a private collection to whoever may not read it (404), lets its viewer save it', async () => {
    const { owner, saver } = await scene();
    const secret = await createCollection(ctx.app, owner, { name: 'Secreta', private: true });
    const res = await save(secret.id, saver);
    expect(res.statusCode).toBe(404);
    const [row] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM collections WHERE user_id = $1',
      [saver.user_id],
    );
    expect(row!.n).toBe(0);
    await addCollaborator(ctx.app, owner, secret.id, saver, 'viewer');
    const copy = await save(secret.id, saver);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data.saved_from).toMatchObject({ id: secret.id, name: 'Secreta' });
  });

  it('answers 404 for an unknown collection and 401 anonymous', async () => {
    const { saver, original } = await scene();
    expect((await save('naoexiste0000000', saver)).statusCode).toBe(404);
    expect((await save(original.id, undefined)).statusCode).toBe(401);
  });

  it('leaves out an item an operator hid: the copy never shows it, nor counts it', async () => {
    const { owner, saver, original, items } = await scene();
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [items.a.id]);
    const copy = (await save(original.id, saver, { private: false })).json().data as Collection;
    expect(copy.collection_items.map((i) => i.name)).toEqual(['Sem nota', 'O Avesso da Pele']);
    expect(copy.items_count).toBe(2);
    // Anyone reading the public copy sees no more than the original shows them.
    const third = await signUp(ctx.app);
    const read = (await collectionAs(copy.id, third)) as Collection;
    expect(read.collection_items.map((i) => i.name)).not.toContain('Torto Arado');
    // The original is untouched: its owner still sees the item, marked.
    const mine = (await collectionAs(original.id, owner)) as Collection;
    expect(mine.collection_items.find((i) => i.name === 'Torto Arado')).toMatchObject({
      hidden_reason: 'spam',
    });
  });
});

describe('copied items count against the item budget (issue 23)', () => {
  it('refuses a copy larger than what is left of ITEMS_COPIED_PER_HOUR: 429 RATE_LIMITED with Retry-After, nothing copied', async () => {
    const app = await ctx.buildApp({ ITEMS_COPIED_PER_HOUR: '5' });
    const owner = await signUp(app);
    const saver = await signUp(app);
    const three = await createCollection(app, owner, { name: 'Três' });
    for (const name of ['a', 'b', 'c']) await addItem(app, owner, three.id, { name });
    const two = await createCollection(app, owner, { name: 'Dois' });
    for (const name of ['d', 'e']) await addItem(app, owner, two.id, { name });
    const post = (id: string) =>
      app.inject({ method: 'POST', url: `/api/v1/collection/${id}/save`, headers: saver.auth });
    const mine = async () =>
      (await app.inject({ method: 'GET', url: `/api/v1/user/${saver.user_id}`, headers: saver.auth })).json()
        .data.total_collections as number;

    expect((await post(three.id)).statusCode).toBe(201);
    const refused = await post(three.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mine()).toBe(1);
    // What is left still takes a copy that fits, and then nothing more: not even one item.
    expect((await post(two.id)).statusCode).toBe(201);
    const [first] = (
      await app.inject({ method: 'GET', url: `/api/v1/collection/${two.id}`, headers: saver.auth })
    ).json().data.collection_items as { id: string }[];
    const own = await createCollection(app, saver, { name: 'Minha' });
    const item = await app.inject({
      method: 'POST',
      url: `/api/v1/collection_items/${first!.id}/save`,
      headers: saver.auth,
      payload: { collection_id: own.id },
    });
    expect(item.statusCode).toBe(429);
  });
});

describe('POST /api/v1/collection_items/{item}/save', () => {
  it('copies one item, rating included, last into one of my collections', async () => {
    const { saver, items } = await scene();
    const mine = await createCollection(ctx.app, saver, { name: 'Minha' });
    await addItem(ctx.app, saver, mine.id, { name: 'Já estava' });
    const res = await saveItem(items.b.id, saver, mine.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      collection_id: mine.id,
      name: 'O Avesso da Pele',
      rating: 4.5,
      position: 2,
    });
    expect(res.json().data.id).not.toBe(items.b.id);
    expect(((await collectionAs(mine.id, saver)) as Collection).collection_items.map((i) => i.name)).toEqual([
      'Já estava',
      'O Avesso da Pele',
    ]);
  });

  it("copies into a collection I edit, never into someone else's (403 public, 404 private)", async () => {
    const { owner, saver, original, items } = await scene();
    const shared = await createCollection(ctx.app, owner, { name: 'Compartilhada', private: true });
    await addCollaborator(ctx.app, owner, shared.id, saver, 'editor');
    expect((await saveItem(items.a.id, saver, shared.id)).statusCode).toBe(201);
    expect((await saveItem(items.a.id, saver, original.id)).statusCode).toBe(403);
    const secret = await createCollection(ctx.app, owner, { name: 'Secreta', private: true });
    expect((await saveItem(items.a.id, saver, secret.id)).statusCode).toBe(404);
    expect(((await collectionAs(original.id, owner)) as Collection).items_count).toBe(3);
  });

  it('refuses an item the caller may not read (404), an unknown target (404) and a missing target (400)', async () => {
    const { owner, saver } = await scene();
    const mine = await createCollection(ctx.app, saver);
    const secret = await createCollection(ctx.app, owner, { private: true });
    const hidden = await addItem(ctx.app, owner, secret.id, { name: 'Escondido' });
    const res = await saveItem(hidden.id, saver, mine.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Item não encontrado.');
    expect((await saveItem(hidden.id, owner, 'naoexiste0000000')).statusCode).toBe(404);
    const missing = await ctx.request('POST', `/api/v1/collection_items/${hidden.id}/save`, owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ collection_id: 'collectionRequired' });
  });

  it('refuses an item an operator hid even to its owner (404, as to anyone else): a copy would show it unmarked', async () => {
    const { owner, saver, original, items } = await scene();
    const mine = await createCollection(ctx.app, owner, { name: 'Outra pública' });
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [items.a.id]);
    const res = await saveItem(items.a.id, owner, mine.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Item não encontrado.' });
    // Nobody reading the owner's public collection meets the hidden item, nor does its owner.
    expect(((await collectionAs(mine.id, saver)) as Collection).collection_items).toEqual([]);
    expect(((await collectionAs(mine.id, owner)) as Collection).items_count).toBe(0);
    // The original still shows it to its owner, marked.
    const kept = (await collectionAs(original.id, owner)) as Collection;
    expect(kept.collection_items.find((i) => i.id === items.a.id)).toMatchObject({ hidden_reason: 'spam' });
  });
});
