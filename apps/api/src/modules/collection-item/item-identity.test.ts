import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CollectionItemDetail } from '@acervo/contract/collection-item';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, LIVROS, type Session } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

async function detail(itemId: string, who?: Session): Promise<CollectionItemDetail> {
  const res = await ctx.request('GET', `/api/v1/collection_items/${itemId}`, who);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const names = (d: CollectionItemDetail) => d.also_in.collections.map((c) => c.name).sort();

/**
 * Five people hold "Central do Brasil": Ana (1998, rated 5), Bia typed it with other accents and
 * spaces and no year (4), Caio keeps it private (1), Davi holds a namesake of 2020 (2), and Edu
 * holds a book of that name. Ana's film is the same work as Bia's and Caio's, not Davi's or Edu's.
 */
async function scene() {
  const [ana, bia, caio, davi, edu, vera] = await Promise.all(
    ['Ana', 'Bia', 'Caio', 'Davi', 'Edu', 'Vera'].map((name) => signUp(ctx.app, { name })),
  );
  const anaFilms = await createCollection(ctx.app, ana!, { name: 'Nacionais da Ana' });
  const item = await addItem(ctx.app, ana!, anaFilms.id, {
    name: 'Central do Brasil',
    rating: 5,
    year: 1998,
  });
  const biaFilms = await createCollection(ctx.app, bia!, { name: 'Chorei vendo' });
  await addItem(ctx.app, bia!, biaFilms.id, { name: '  central   do brasíl ', rating: 4 });
  const caioFilms = await createCollection(ctx.app, caio!, { name: 'Só do Caio', private: true });
  await addItem(ctx.app, caio!, caioFilms.id, { name: 'Central do Brasil', rating: 1, year: 1998 });
  const daviFilms = await createCollection(ctx.app, davi!, { name: 'Homônimos' });
  await addItem(ctx.app, davi!, daviFilms.id, { name: 'Central do Brasil', rating: 2, year: 2020 });
  const eduBooks = await createCollection(ctx.app, edu!, { name: 'Roteiros', category_id: LIVROS });
  await addItem(ctx.app, edu!, eduBooks.id, { name: 'Central do Brasil', rating: 3 });
  return { ana: ana!, bia: bia!, caio: caio!, vera: vera!, item, biaFilms };
}

describe('GET /api/v1/collection_items/{item}: where else the work appears', () => {
  it('lists the other collections holding the same work and its ratings, from what the viewer may read', async () => {
    const { ana, bia, caio, vera, item, biaFilms } = await scene();
    const seen = await detail(item.id, vera);
    expect(seen).toMatchObject({ name: 'Central do Brasil', year: 1998 });
    expect(seen.also_in).toEqual({
      count: 1,
      collections: [{ id: biaFilms.id, name: 'Chorei vendo', owner: { id: bia.user_id, name: 'Bia' } }],
    });
    // Ana's 5 and Bia's 4; Caio's private 1 and the namesakes are not this work for Vera.
    expect(seen.ratings_across).toEqual({ average: 4.5, count: 2 });
    // Signed out: the same, public only.
    expect((await detail(item.id)).also_in.count).toBe(1);
    // Caio reads his own private collection: it is where else the work appears for him.
    const forCaio = await detail(item.id, caio);
    expect(names(forCaio)).toEqual(['Chorei vendo', 'Só do Caio']);
    expect(forCaio.ratings_across).toEqual({ average: 3.33, count: 3 });
    // The owner sees the same as any reader of public collections.
    expect(names(await detail(item.id, ana))).toEqual(['Chorei vendo']);
  });

  it('leaves out the collections of someone who blocked the viewer, and collections made private', async () => {
    const { bia, vera, item, biaFilms } = await scene();
    expect((await ctx.request('PUT', `/api/v1/user/${vera.user_id}/block`, bia)).statusCode).toBeLessThan(
      300,
    );
    const blocked = await detail(item.id, vera);
    expect(blocked.also_in).toEqual({ count: 0, collections: [] });
    expect(blocked.ratings_across).toEqual({ average: 5, count: 1 });
    await ctx.request('DELETE', `/api/v1/user/${vera.user_id}/block`, bia);
    expect((await detail(item.id, vera)).also_in.count).toBe(1);
    const res = await ctx.request('PUT', `/api/v1/collection/${biaFilms.id}`, bia, {
      category_id: biaFilms.category_id,
      name: 'Chorei vendo',
      private: true,
    });
    expect(res.statusCode).toBe(200);
    expect((await detail(item.id, vera)).also_in.count).toBe(0);
  });

  it('tells namesakes apart by the year set later, and joins works of other names by their source', async () => {
    const { ana, vera, item } = await scene();
    // Ana says her film is of 2020: now it is Davi's work, no longer Caio's or the 1998 one.
    const res = await ctx.request('PUT', `/api/v1/collection_items/${item.id}`, ana, {
      name: 'Central do Brasil',
      year: 2020,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ year: 2020, rating: 5 });
    expect(names(await detail(item.id, vera))).toEqual(['Chorei vendo', 'Homônimos']);
    // An English title carrying the same Letterboxd address is the same work, whatever its name.
    const uri = 'https://boxd.it/2bQ8';
    const english = await createCollection(ctx.app, vera, { name: 'In English' });
    const station = await addItem(ctx.app, vera, english.id, { name: 'Central Station', rating: 4 });
    await ctx.db.query('UPDATE collection_items SET source_id = $1 WHERE id = ANY($2::text[])', [
      uri,
      [station.id, item.id],
    ]);
    const joined = await detail(station.id, vera);
    expect(names(joined)).toEqual(['Nacionais da Ana']);
    expect(joined).toMatchObject({ source_url: uri, ratings_across: { average: 4.5, count: 2 } });
  });
});
