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
              (SELECT count(*)::int FROM collections WHERE saved_from_id IS NULL) AS collections,
              (SELECT count(DISTINCT category_id)::int FROM collections) AS categories,
              (SELECT count(*)::int FROM collection_items WHERE name = '' OR rating < 0.5 OR rating > 5) AS bad`,
    );
    expect(counts).toEqual({ users: 20, collections: 100, categories: 20, bad: 0 });

    const [before] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM collections');
    expect(await loadDemo(ctx.db)).toEqual({ loaded: false, reason: 'already-loaded' });
    const [again] = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM collections');
    expect(again!.n).toBe(before!.n);
  });

  it('signs in with the printed demo login and shows a feed of rated, described items', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: DEMO_LOGIN },
    });
    expect(login.statusCode).toBe(200);
    // A settled account: the header asks the demo person to confirm nothing.
    expect(login.json().data.user_email_verified).toBe(true);
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

  it('looks alive: the demo login follows and is followed, likes, saved copies and collaborates', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: DEMO_LOGIN },
    });
    const { user_id: me, access_token } = login.json().data as { user_id: string; access_token: string };
    const auth = { authorization: `Bearer ${access_token}` };
    const get = async (url: string) => (await ctx.app.inject({ url, headers: auth })).json();

    const mine = (await get(`/api/v1/collection/by_user/${me}`)).data as Collection[];
    const copies = mine.filter((c) => c.saved_from !== null);
    expect(copies.length).toBeGreaterThanOrEqual(2);
    expect(copies[0]!.saved_from).toMatchObject({ id: expect.any(String), user_name: expect.any(String) });
    expect(mine.some((c) => c.user_id === me && c.saved_from === null)).toBe(true);

    const [roles] = await ctx.db.query<{ editor: number; viewer: number; mine: number }>(
      `SELECT count(*) FILTER (WHERE user_id = $1 AND role = 'editor')::int AS editor,
              count(*) FILTER (WHERE user_id = $1 AND role = 'viewer')::int AS viewer,
              count(*) FILTER (WHERE collection_id IN (SELECT id FROM collections WHERE user_id = $1))::int AS mine
       FROM collection_collaborators`,
      [me],
    );
    expect(roles!.editor).toBeGreaterThanOrEqual(1);
    expect(roles!.viewer).toBeGreaterThanOrEqual(1);
    expect(roles!.mine).toBeGreaterThanOrEqual(1);
    const [edited] = await ctx.db.query<{ collection_id: string }>(
      "SELECT collection_id FROM collection_collaborators WHERE user_id = $1 AND role = 'editor'",
      [me],
    );
    expect((await get(`/api/v1/collection/${edited!.collection_id}`)).data.my_role).toBe('editor');

    const popular = (await get('/api/v1/user/popular?limit=5')).data as { total_followers: number }[];
    expect(popular[0]!.total_followers).toBeGreaterThan(0);
    const profile = (await get(`/api/v1/user/${me}`)).data as {
      total_followers: number;
      total_following: number;
    };
    expect(profile.total_followers + profile.total_following).toBeGreaterThan(0);
  });
});
