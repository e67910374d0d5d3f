import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  type Session,
} from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const order = (id: string, who: Session, body: object) =>
  ctx.request('PUT', `/api/v1/collection/${id}/items/order`, who, body);
const namesIn = async (id: string, who: Session) =>
  (
    (await ctx.request('GET', `/api/v1/collection/${id}`, who)).json().data as Collection
  ).collection_items.map((i) => i.name);

/** A collection with items A, B, C, D (in that order) and an editor. */
async function scene() {
  const owner = await signUp(ctx.app, { name: 'Joana Reis' });
  const editor = await signUp(ctx.app, { name: 'Kauã Freitas' });
  const col = await createCollection(ctx.app, owner);
  await addCollaborator(ctx.app, owner, col.id, editor, 'editor');
  const items: Record<string, CollectionItem> = {};
  for (const name of ['A', 'B', 'C', 'D']) items[name] = await addItem(ctx.app, owner, col.id, { name });
  const ids = (...names: string[]) => names.map((n) => items[n]!.id);
  return { owner, editor, col, items, ids };
}

describe('PUT /api/v1/collection/{id}/items/order', () => {
  it('puts the items in the new order, answered with the collection, and keeps it everywhere', async () => {
    const { owner, col, ids } = await scene();
    const res = await order(col.id, owner, { item_ids: ids('C', 'A', 'D', 'B') });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as Collection;
    expect(data.collection_items.map((i) => [i.name, i.position])).toEqual([
      ['C', 1],
      ['A', 2],
      ['D', 3],
      ['B', 4],
    ]);
    expect(await namesIn(col.id, owner)).toEqual(['C', 'A', 'D', 'B']);
    // Cards carry the first three in the same order.
    const cards = (await ctx.request('GET', `/api/v1/collection/by_user/${owner.user_id}`, owner)).json()
      .data;
    expect(cards[0].collection_items.map((i: CollectionItem) => i.name)).toEqual(['C', 'A', 'D']);
    // A new item still goes last.
    await addItem(ctx.app, owner, col.id, { name: 'E' });
    expect(await namesIn(col.id, owner)).toEqual(['C', 'A', 'D', 'B', 'E']);
  });

  it('lets an editor reorder; the viewer of a collection or anyone else may not (403)', async () => {
    const { owner, editor, col, ids } = await scene();
    expect((await order(col.id, editor, { item_ids: ids('D', 'C', 'B', 'A') })).statusCode).toBe(200);
    const viewer = await signUp(ctx.app);
    await addCollaborator(ctx.app, owner, col.id, viewer, 'viewer');
    expect((await order(col.id, viewer, { item_ids: ids('A', 'B', 'C', 'D') })).statusCode).toBe(403);
    expect(await namesIn(col.id, owner)).toEqual(['D', 'C', 'B', 'A']);
  });

  it.each([
    ['an item missing', ['A', 'B', 'C'], []],
    ['an unknown item', ['A', 'B', 'C', 'D'], ['naoexiste0000000']],
    ['an item twice', ['A', 'B', 'C', 'D', 'A'], []],
    ['one item twice instead of another', ['A', 'B', 'C', 'C'], []],
    ['no items at all', [], []],
  ])('answers 409 with the current order for %s, changing nothing', async (_case, names, extra) => {
    const { owner, col, ids, items } = await scene();
    const res = await order(col.id, owner, { item_ids: [...ids(...names), ...extra] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'ORDER_CONFLICT',
        message: 'Os itens da coleção mudaram. Confira a ordem atual e tente de novo.',
        current: [items.A!.id, items.B!.id, items.C!.id, items.D!.id],
      },
    });
    expect(await namesIn(col.id, owner)).toEqual(['A', 'B', 'C', 'D']);
  });

  it("refuses another collection's item in the list with 409", async () => {
    const { owner, col, ids } = await scene();
    const other = await createCollection(ctx.app, owner, { name: 'Outra' });
    const stray = await addItem(ctx.app, owner, other.id, { name: 'Intrusa' });
    const res = await order(col.id, owner, { item_ids: [...ids('A', 'B', 'C'), stray.id] });
    expect(res.statusCode).toBe(409);
    expect(await namesIn(other.id, owner)).toEqual(['Intrusa']);
  });

  it('answers 409 when previous_item_ids is not the current order (someone reordered meanwhile)', async () => {
    const { owner, col, ids } = await scene();
    await order(col.id, owner, { item_ids: ids('B', 'A', 'C', 'D') });
    const stale = await order(col.id, owner, {
      item_ids: ids('D', 'C', 'B', 'A'),
      previous_item_ids: ids('A', 'B', 'C', 'D'),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.current).toEqual(ids('B', 'A', 'C', 'D'));
    const fresh = await order(col.id, owner, {
      item_ids: ids('D', 'C', 'B', 'A'),
      previous_item_ids: ids('B', 'A', 'C', 'D'),
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('two editors reordering at once: one wins, the other gets 409, no item lost or duplicated', async () => {
    const { owner, editor, col, ids } = await scene();
    const before = ids('A', 'B', 'C', 'D');
    const [first, second] = await Promise.all([
      order(col.id, owner, { item_ids: ids('D', 'C', 'B', 'A'), previous_item_ids: before }),
      order(col.id, editor, { item_ids: ids('B', 'D', 'A', 'C'), previous_item_ids: before }),
    ]);
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const winner = first!.statusCode === 200 ? ['D', 'C', 'B', 'A'] : ['B', 'D', 'A', 'C'];
    const loser = first!.statusCode === 200 ? second! : first!;
    expect(loser.json().error.current).toEqual(ids(...winner));
    expect(await namesIn(col.id, owner)).toEqual(winner);
  });

  it('a reorder racing an added and a deleted item never loses or duplicates one', async () => {
    const { owner, editor, col, ids, items } = await scene();
    const [reorder, added, deleted] = await Promise.all([
      order(col.id, owner, { item_ids: ids('D', 'C', 'B', 'A') }),
      ctx.request('POST', '/api/v1/collection_items', editor, { collection_id: col.id, name: 'E' }),
      ctx.request('DELETE', `/api/v1/collection_items/${items.B!.id}`, editor),
    ]);
    expect(added!.statusCode).toBe(201);
    expect(deleted!.statusCode).toBe(200);
    expect([200, 409]).toContain(reorder!.statusCode);
    const names = await namesIn(col.id, owner);
    expect([...names].sort()).toEqual(['A', 'C', 'D', 'E']);
    // The new item is last whichever came first.
    expect(names.at(-1)).toBe('E');
  });

  it('lets an editor order the items they are shown while one is hidden: it keeps its place, its id never reaches them', async () => {
    const { owner, editor, col, ids, items } = await scene();
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [items.B!.id]);
    expect(await namesIn(col.id, editor)).toEqual(['A', 'C', 'D']);

    // A conflict tells the editor the order they are shown, never the hidden item's id.
    for (const body of [
      { item_ids: ids('A', 'C') },
      { item_ids: ids('A', 'B', 'C', 'D') },
      { item_ids: ids('D', 'C', 'A'), previous_item_ids: ids('A', 'B', 'C', 'D') },
    ]) {
      const refused = await order(col.id, editor, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.current).toEqual(ids('A', 'C', 'D'));
    }

    const res = await order(col.id, editor, {
      item_ids: ids('D', 'C', 'A'),
      previous_item_ids: ids('A', 'C', 'D'),
    });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Collection).collection_items.map((i) => i.name)).toEqual(['D', 'C', 'A']);
    // The hidden item stays second, where its owner put it; the others took the places around it.
    expect(await namesIn(col.id, owner)).toEqual(['D', 'B', 'C', 'A']);
    expect(await namesIn(col.id, editor)).toEqual(['D', 'C', 'A']);

    // The owner still orders every item, the hidden one included.
    const partial = await order(col.id, owner, { item_ids: ids('A', 'C', 'D') });
    expect(partial.statusCode).toBe(409);
    expect(partial.json().error.current).toEqual(ids('D', 'B', 'C', 'A'));
    expect((await order(col.id, owner, { item_ids: ids('B', 'A', 'C', 'D') })).statusCode).toBe(200);
    expect(await namesIn(col.id, editor)).toEqual(['A', 'C', 'D']);
  });

  it('answers 400 for a body without a list, 404 for an unknown collection, 401 anonymous', async () => {
    const { owner, col, ids } = await scene();
    expect((await order(col.id, owner, {})).statusCode).toBe(400);
    expect((await order(col.id, owner, { item_ids: 'A,B' })).statusCode).toBe(400);
    expect((await order('naoexiste0000000', owner, { item_ids: ids('A') })).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${col.id}/items/order`,
      payload: { item_ids: ids('A', 'B', 'C', 'D') },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
