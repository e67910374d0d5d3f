import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { DEMO_LOGIN, loadDemo } from './demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo data (npm run demo)', () => {
  it('loads about 20 people and 100 collections, some private, and refuses a second load', async () => {
    const first = await loadDemo(ctx.db);
    expect(first).toMatchObject({ loaded: true, people: 20, collections: 100 });
    if (!first.loaded) throw new Error('not loaded');
    expect(first.private).toBeGreaterThan(0);
    expect(first.private).toBeLessThan(40);
    expect(first.items).toBeGreaterThan(200);

    const [counts] = await ctx.db.query<{
      users: number;
      collections: number;
      categories: number;
      bad: number;
    }>(
      `SELECT (SELECT count(*)::int FROM users) AS users,
              (SELECT count(*)::int FROM collections) AS collections,
              (SELECT count(DISTINCT category_id)::int FROM collections) AS categories,
              (SELECT count(*)::int FROM collection_items WHERE name = '' OR rating < 0.5 OR rating > 5) AS bad`,
    );
    expect(counts).toEqual({ users: 20, collections: 100, categories: 20, bad: 0 });

    expect(await loadDemo(ctx.db)).toEqual({ loaded: false, reason: 'already-loaded' });
    const [again] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM collections');
    expect(again!.n).toBe(100);
  });

  it('signs in with the printed demo login and shows a feed of rated, described items', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: DEMO_LOGIN },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json().data.access_token}` };
    const popular = await ctx.app.inject({ url: '/api/v1/collection/by_followers?limit=5', headers: auth });
    const cards = popular.json().data as Collection[];
    expect(cards).toHaveLength(5);
    expect(cards[0]!.followers).toBeGreaterThan(0);
    const full = await ctx.app.inject({ url: `/api/v1/collection/${cards[0]!.id}`, headers: auth });
    const items = (full.json().data as Collection).collection_items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i) => i.rating !== null && i.description.length > 0)).toBe(true);
    const me = await ctx.app.inject({ url: `/api/v1/user/${login.json().data.user_id}`, headers: auth });
    expect(me.json().data).toMatchObject({ name: 'Ana Ribeiro', country: 'Brasil' });
    expect(me.json().data.total_collections).toBeGreaterThan(0);
  });
});
