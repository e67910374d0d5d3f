import { COLLECTION_ITEMS_PAGE } from '@acervo/contract/collection';
import { ITEMS_PER_COLLECTION_MAX, type CollectionItem } from '@acervo/contract/collection-item';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
import { encodeCursor } from '../collection/collection.service.ts';
import { addItem, createCollection } from '../collection/collection.test-helpers.ts';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';

/** Unbounded writes (issue 14): 300 items in under a second made one collection 695 KB. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.reset());

/** Fills the collection up to `count` items directly: the API's own limits would take minutes. */
async function fill(collectionId: string, count: number) {
  await ctx.db.query(
    `INSERT INTO collection_items (id, collection_id, name, description, position)
     SELECT $1 || n, $2, 'Item ' || n, '', n FROM generate_series(1, $3::int) AS n`,
    [newId().slice(0, 10), collectionId, count],
  );
}

describe('the items of a collection', () => {
  it('come a page at a time: the first with the collection, the rest by cursor, each once and in order', async () => {
    const ana = await signUp(ctx.app);
    const bia = await signUp(ctx.app);
    const mine = await createCollection(ctx.app, ana, { private: true });
    const total = COLLECTION_ITEMS_PAGE * 2 + 17;
    await fill(mine.id, total);

    const first = (await ctx.request('GET', `/api/v1/collection/${mine.id}`, ana)).json().data;
    expect(first.items_count).toBe(total);
    expect(first.collection_items).toHaveLength(COLLECTION_ITEMS_PAGE);
    const seen: CollectionItem[] = [...first.collection_items];
    let cursor: string | null = first.items_next_cursor;
    while (cursor) {
      const res = await ctx.request('GET', `/api/v1/collection/${mine.id}/items?cursor=${cursor}`, ana);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().data);
      cursor = res.json().next_cursor;
    }
    expect(seen.map((i) => i.name)).toEqual(Array.from({ length: total }, (_, n) => `Item ${n + 1}`));

    // A private collection's items are as private as it is; a forged cursor is a 400.
    expect((await ctx.request('GET', `/api/v1/collection/${mine.id}/items`, bia)).statusCode).toBe(404);
    const forged = encodeCursor(['1', 'x']);
    const bad = await ctx.request('GET', `/api/v1/collection/${mine.id}/items?cursor=${forged}`, ana);
    expect(bad.statusCode).toBe(400);
  });

  it('all fit in the first page of a small collection (no cursor)', async () => {
    const ana = await signUp(ctx.app);
    const small = await createCollection(ctx.app, ana);
    await addItem(ctx.app, ana, small.id);
    const res = (await ctx.request('GET', `/api/v1/collection/${small.id}`, ana)).json().data;
    expect(res.collection_items).toHaveLength(1);
    expect(res.items_next_cursor).toBeNull();
  });
});

describe('items per collection', () => {
  it(`stop at ${ITEMS_PER_COLLECTION_MAX}: adding or saving one more is 409 COLLECTION_FULL`, async () => {
    const ana = await signUp(ctx.app);
    const full = await createCollection(ctx.app, ana);
    await fill(full.id, ITEMS_PER_COLLECTION_MAX - 1);
    const last = await addItem(ctx.app, ana, full.id, { name: 'O último' });

    const add = await ctx.request('POST', '/api/v1/collection_items', ana, {
      collection_id: full.id,
      name: 'Um a mais',
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().error.code).toBe('COLLECTION_FULL');

    // Saving an item into it is adding one too.
    const other = await createCollection(ctx.app, ana, { name: 'Outra' });
    const source = await addItem(ctx.app, ana, other.id);
    const save = await ctx.request('POST', `/api/v1/collection_items/${source.id}/save`, ana, {
      collection_id: full.id,
    });
    expect(save.statusCode).toBe(409);

    // Room again after a deletion.
    expect((await ctx.request('DELETE', `/api/v1/collection_items/${last.id}`, ana)).statusCode).toBe(200);
    expect((await addItem(ctx.app, ana, full.id)).name).toBe('Central do Brasil');
  });
});

describe('item writes per person per minute', () => {
  it('answer 429 past the limit, counted per person across adds, edits, deletions and reorders', async () => {
    const app = await ctx.buildApp({ ITEM_WRITES_PER_MINUTE: '4' });
    const ana = await signUp(app);
    const bia = await signUp(app);
    const mine = await createCollection(app, ana);
    const item = await addItem(app, ana, mine.id);
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection_items/${item.id}`,
      headers: ana.auth,
      payload: { name: 'Outro nome' },
    });
    expect(put.statusCode).toBe(200);
    const order = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${mine.id}/items/order`,
      headers: ana.auth,
      payload: { item_ids: [item.id] },
    });
    expect(order.statusCode).toBe(200);
    await addItem(app, ana, mine.id);

    const fifth = await app.inject({
      method: 'POST',
      url: '/api/v1/collection_items',
      headers: ana.auth,
      payload: { collection_id: mine.id, name: 'Mais um' },
    });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('RATE_LIMITED');
    expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(0);

    // Someone else, from the same address, still writes.
    const hers = await createCollection(app, bia);
    expect((await addItem(app, bia, hers.id)).collection_id).toBe(hers.id);
    // Reading is not a write.
    const read = await app.inject({ url: `/api/v1/collection_items/${item.id}`, headers: ana.auth });
    expect(read.statusCode).toBe(200);
  });
});
