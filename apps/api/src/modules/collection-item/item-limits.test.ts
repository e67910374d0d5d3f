import { ITEMS_PER_COLLECTION_MAX } from '@acervo/contract/collection-item';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../lib/ids.ts';
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
