import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addItem,
  concurrently,
  createCollection,
  FILMES,
  type Session,
} from '../collection/collection.test-helpers.ts';

/** Abuse limits (issue 8): per person, per 24 hours, on likes, follows, saves and invites. */

let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildApp({
    SOCIAL_DAILY_LIKES: '2',
    SOCIAL_DAILY_FOLLOWS: '2',
    SOCIAL_DAILY_SAVES: '2',
    SOCIAL_DAILY_INVITES: '2',
  });
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Session, payload?: object) =>
  app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

async function expectCapped(res: {
  statusCode: number;
  json(): { error: { code: string; message: string } };
}) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error).toEqual({
    code: 'RATE_LIMITED',
    message: 'Você atingiu o limite diário para esta ação. Tente novamente amanhã.',
  });
}

describe('daily caps', () => {
  it('likes: the third new like of the day is 429 and not counted; repeating a like is free', async () => {
    const me = await signUp(app);
    const owner = await signUp(app);
    const [a, b, c] = [
      await createCollection(app, owner, { name: 'A' }),
      await createCollection(app, owner, { name: 'B' }),
      await createCollection(app, owner, { name: 'C' }),
    ];
    expect((await call('PUT', `/api/v1/collection/${a.id}/like`, me)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/collection/${b.id}/like`, me)).statusCode).toBe(200);
    // A double click on something already liked changes nothing and is not refused.
    expect((await call('PUT', `/api/v1/collection/${a.id}/like`, me)).statusCode).toBe(200);
    await expectCapped(await call('PUT', `/api/v1/collection/${c.id}/like`, me));
    expect((await call('GET', `/api/v1/collection/${c.id}`, me)).json().data).toMatchObject({
      likes: 0,
      liked_by_me: false,
    });
    // A refused like tells no one, though its notice and activity went to the database with the
    // charge (decision 079).
    const told = await ctx.db.query<{ collection_id: string }>(
      `SELECT collection_id FROM notifications WHERE recipient_id = $1 AND kind = 'like'`,
      [owner.user_id],
    );
    expect(told.map((row) => row.collection_id).sort()).toEqual([a.id, b.id].sort());
    const shown = await ctx.db.query<{ collection_id: string }>(
      `SELECT collection_id FROM activities WHERE actor_id = $1 AND kind = 'collection_liked'`,
      [me.user_id],
    );
    expect(shown.map((row) => row.collection_id).sort()).toEqual([a.id, b.id].sort());
    // Unliking and liking again does not give the like back.
    await call('DELETE', `/api/v1/collection/${a.id}/like`, me);
    await expectCapped(await call('PUT', `/api/v1/collection/${a.id}/like`, me));
    // The cap is per person: someone else still likes.
    const other = await signUp(app);
    expect((await call('PUT', `/api/v1/collection/${c.id}/like`, other)).statusCode).toBe(200);
  });

  it('holds under concurrency: 10 new likes at once by one person, exactly 2 pass', async () => {
    const me = await signUp(app);
    const owner = await signUp(app);
    const collections: Collection[] = [];
    for (let i = 0; i < 10; i++) collections.push(await createCollection(app, owner, { name: `C${i}` }));
    const statuses = await concurrently(10, (i) =>
      call('PUT', `/api/v1/collection/${collections[i]!.id}/like`, me),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    const [row] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM collection_likes WHERE user_id = $1',
      [me.user_id],
    );
    expect(row!.n).toBe(2);
  });

  it('follows: people and collections share one cap', async () => {
    const me = await signUp(app);
    const [x, y] = [await signUp(app), await signUp(app)];
    const col = await createCollection(app, x);
    expect((await call('PUT', `/api/v1/user/${x.user_id}/follow`, me)).statusCode).toBe(200);
    expect((await call('PUT', `/api/v1/collection/${col.id}/follow`, me)).statusCode).toBe(200);
    await expectCapped(await call('PUT', `/api/v1/user/${y.user_id}/follow`, me));
    expect((await call('GET', `/api/v1/user/${y.user_id}`, me)).json().data.total_followers).toBe(0);
    // Only the follow that passed told its person.
    const told = await ctx.db.query<{ recipient_id: string }>(
      `SELECT recipient_id FROM notifications WHERE actor_id = $1 AND kind = 'new_follower'`,
      [me.user_id],
    );
    expect(told).toEqual([{ recipient_id: x.user_id }]);
  });

  it('saves: collections and items share one cap; a refused copy leaves nothing behind', async () => {
    const me = await signUp(app);
    const owner = await signUp(app);
    const col = await createCollection(app, owner);
    const item = await addItem(app, owner, col.id);
    const mine = await createCollection(app, me, { name: 'Minha' });
    expect((await call('POST', `/api/v1/collection/${col.id}/save`, me, {})).statusCode).toBe(201);
    expect(
      (await call('POST', `/api/v1/collection_items/${item.id}/save`, me, { collection_id: mine.id }))
        .statusCode,
    ).toBe(201);
    await expectCapped(await call('POST', `/api/v1/collection/${col.id}/save`, me, {}));
    await expectCapped(
      await call('POST', `/api/v1/collection_items/${item.id}/save`, me, { collection_id: mine.id }),
    );
    const [row] = await ctx.db.query<{ collections: number; items: number }>(
      `SELECT count(DISTINCT c.id)::int AS collections, count(i.id)::int AS items
       FROM collections c LEFT JOIN collection_items i ON i.collection_id = c.id WHERE c.user_id = $1`,
      [me.user_id],
    );
    expect(row).toEqual({ collections: 2, items: 2 });
  });

  it('invites: new collaborators, e-mail attempts (found or not) and links share one cap; role changes are free', async () => {
    const owner = await signUp(app);
    const [a, b] = [await signUp(app), await signUp(app)];
    const col = await createCollection(app, owner, { private: true });
    expect(
      (
        await call('PUT', `/api/v1/collection/${col.id}/collaborators/${a.user_id}`, owner, {
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/v1/collection/${col.id}/collaborators/${a.user_id}`, owner, {
          role: 'editor',
        })
      ).statusCode,
    ).toBe(200);
    const miss = await call('POST', `/api/v1/collection/${col.id}/collaborators`, owner, {
      email: 'ninguem@exemplo.com.br',
      role: 'viewer',
    });
    expect(miss.statusCode).toBe(404);
    await expectCapped(
      await call('POST', `/api/v1/collection/${col.id}/invite_link`, owner, { role: 'viewer' }),
    );
    await expectCapped(
      await call('PUT', `/api/v1/collection/${col.id}/collaborators/${b.user_id}`, owner, { role: 'viewer' }),
    );
    await expectCapped(
      await call('POST', `/api/v1/collection/${col.id}/collaborators`, owner, {
        email: b.user_email,
        role: 'viewer',
      }),
    );
    expect((await call('GET', `/api/v1/collection/${col.id}`, b)).statusCode).toBe(404);
  });

  it('collections: the third new collection of the day is 429 and leaves nothing behind; deleting one does not give it back', async () => {
    const capped = await ctx.buildApp({ SOCIAL_DAILY_COLLECTIONS: '2' });
    const me = await signUp(capped);
    const create = (name: string, headers: Record<string, string> = {}) =>
      capped.inject({
        method: 'POST',
        url: '/api/v1/collection',
        headers: { ...me.auth, ...headers },
        payload: { name, category_id: FILMES, description: '', private: false },
      });
    expect((await create('Primeira')).statusCode).toBe(201);
    const second = await create('Segunda');
    expect(second.statusCode).toBe(201);
    await expectCapped(await create('Terceira'));
    // With an Idempotency-Key too (the write then runs in the key's transaction).
    await expectCapped(await create('Quarta', { 'idempotency-key': randomUUID() }));
    const del = await capped.inject({
      method: 'DELETE',
      url: `/api/v1/collection/${second.json().data.id}`,
      headers: me.auth,
    });
    expect(del.statusCode).toBe(200);
    await expectCapped(await create('Quinta'));
    const [row] = await ctx.db.query<{ collections: number; activities: number }>(
      `SELECT (SELECT count(*)::int FROM collections WHERE user_id = $1) AS collections,
              (SELECT count(*)::int FROM activities WHERE actor_id = $1) AS activities`,
      [me.user_id],
    );
    expect(row).toEqual({ collections: 1, activities: 1 });
    // Per person: someone else still creates one.
    const other = await signUp(capped);
    const theirs = await capped.inject({
      method: 'POST',
      url: '/api/v1/collection',
      headers: other.auth,
      payload: { name: 'Dela', category_id: FILMES, description: '', private: false },
    });
    expect(theirs.statusCode).toBe(201);
  });

  it('cannot be dodged by acting for someone else: ids in bodies are ignored, the token decides', async () => {
    const me = await signUp(app);
    const victim = await signUp(app);
    const owner = await signUp(app);
    const col = await createCollection(app, owner);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${col.id}/like`,
      headers: me.auth,
      payload: { user_id: victim.user_id },
    });
    expect(res.statusCode).toBe(200);
    const likers = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM collection_likes');
    expect(likers).toEqual([{ user_id: me.user_id }]);
    const saved = await app.inject({
      method: 'POST',
      url: `/api/v1/collection/${col.id}/save`,
      headers: me.auth,
      payload: { user_id: victim.user_id, private: false },
    });
    expect(saved.json().data.user_id).toBe(me.user_id);
  });
});

describe('the follows ceiling (FOLLOWS_PER_PERSON)', () => {
  let ceiling: FastifyInstance;
  beforeAll(async () => {
    ceiling = await ctx.buildApp({ FOLLOWS_PER_PERSON: '3', SOCIAL_DAILY_FOLLOWS: '100' });
  });
  const follow = (on: boolean, url: string, who: Session) =>
    ceiling.inject({ method: on ? 'PUT' : 'DELETE', url: `/api/v1/${url}/follow`, headers: who.auth });

  it('people and collections count together: past it a new follow is 409 FOLLOWS_FULL and leaves nothing; unfollowing makes room', async () => {
    const me = await signUp(ceiling);
    const people = [await signUp(ceiling), await signUp(ceiling), await signUp(ceiling)];
    const col = await createCollection(ceiling, people[0]!);
    expect((await follow(true, `user/${people[0]!.user_id}`, me)).statusCode).toBe(200);
    expect((await follow(true, `user/${people[1]!.user_id}`, me)).statusCode).toBe(200);
    expect((await follow(true, `collection/${col.id}`, me)).statusCode).toBe(200);

    const refused = await follow(true, `user/${people[2]!.user_id}`, me);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'FOLLOWS_FULL',
      message: 'Você já segue o máximo de pessoas e coleções. Deixe de seguir alguma para seguir outra.',
    });
    const profile = await ceiling.inject({
      method: 'GET',
      url: `/api/v1/user/${people[2]!.user_id}`,
      headers: me.auth,
    });
    expect(profile.json().data).toMatchObject({ total_followers: 0 });
    // What was followed before stays followed, and following it again is no new follow.
    expect((await follow(true, `user/${people[0]!.user_id}`, me)).statusCode).toBe(200);

    expect((await follow(false, `collection/${col.id}`, me)).statusCode).toBe(200);
    expect((await follow(true, `user/${people[2]!.user_id}`, me)).statusCode).toBe(200);
    // Another person's follows are theirs: the ceiling is per person.
    expect((await follow(true, `user/${people[2]!.user_id}`, people[0]!)).statusCode).toBe(200);
  });

  it('holds under concurrency: 6 new follows at once with room for 3, exactly 3 pass', async () => {
    const me = await signUp(ceiling);
    const people: Session[] = [];
    for (let i = 0; i < 6; i++) people.push(await signUp(ceiling));
    const statuses = await concurrently(6, (i) => follow(true, `user/${people[i]!.user_id}`, me));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const [row] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_followers WHERE follower_id = $1',
      [me.user_id],
    );
    expect(row!.n).toBe(3);
  });
});
