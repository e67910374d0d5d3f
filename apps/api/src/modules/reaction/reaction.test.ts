import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  concurrently,
  createCollection,
  FILMES,
  type Session,
} from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const send = (method: 'PUT' | 'DELETE', url: string, who?: Session) => ctx.request(method, url, who);
const collectionAs = async (id: string, who: Session) =>
  (await get(`/api/v1/collection/${id}`, who)).json().data as Collection;

async function scene() {
  const owner = await signUp(ctx.app, { name: 'Helena Prado' });
  const fan = await signUp(ctx.app, { name: 'Igor Santos' });
  const pub = await createCollection(ctx.app, owner, { name: 'Pública' });
  const priv = await createCollection(ctx.app, owner, { name: 'Secreta', private: true });
  return { owner, fan, pub, priv };
}

describe('PUT|DELETE /api/v1/collection/{id}/like', () => {
  it('takes a like or follow back after the collection became private, revealing nothing (issue 23)', async () => {
    const { owner, fan, pub } = await scene();
    await send('PUT', `/api/v1/collection/${pub.id}/like`, fan);
    await send('PUT', `/api/v1/collection/${pub.id}/follow`, fan);
    const hide = await ctx.request('PUT', `/api/v1/collection/${pub.id}`, owner, {
      category_id: FILMES,
      name: 'Pública',
      private: true,
    });
    expect(hide.statusCode).toBe(200);
    expect((await get(`/api/v1/collection/${pub.id}`, fan)).statusCode).toBe(404);

    const unlike = await send('DELETE', `/api/v1/collection/${pub.id}/like`, fan);
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json()).toEqual({ data: { liked: false, total_likes: 0 } });
    const unfollow = await send('DELETE', `/api/v1/collection/${pub.id}/follow`, fan);
    expect(unfollow.statusCode).toBe(200);
    expect(unfollow.json()).toEqual({ data: { following: false, total_followers: 0 } });
    expect(await collectionAs(pub.id, owner)).toMatchObject({ likes: 0, followers: 0 });
    // Nothing left to take back: the same 404 as for a collection that does not exist.
    const again = await send('DELETE', `/api/v1/collection/${pub.id}/like`, fan);
    expect(again.statusCode).toBe(404);
    expect((await send('DELETE', '/api/v1/collection/naoexiste1234/like', fan)).statusCode).toBe(404);
  });

  it('likes and unlikes, answering the state and the new total, shown on the collection for the liker only', async () => {
    const { owner, fan, pub } = await scene();
    const liked = await send('PUT', `/api/v1/collection/${pub.id}/like`, fan);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ data: { liked: true, total_likes: 1 } });
    expect(await collectionAs(pub.id, fan)).toMatchObject({ likes: 1, liked_by_me: true });
    expect(await collectionAs(pub.id, owner)).toMatchObject({ likes: 1, liked_by_me: false });

    const unliked = await send('DELETE', `/api/v1/collection/${pub.id}/like`, fan);
    expect(unliked.json()).toEqual({ data: { liked: false, total_likes: 0 } });
    expect(await collectionAs(pub.id, fan)).toMatchObject({ likes: 0, liked_by_me: false });
  });

  it('lets owners like their own collections', async () => {
    const { owner, pub } = await scene();
    expect((await send('PUT', `/api/v1/collection/${pub.id}/like`, owner)).json().data).toEqual({
      liked: true,
      total_likes: 1,
    });
  });

  it('is idempotent: liking twice counts once, unliking what was never liked is a no-op', async () => {
    const { fan, pub } = await scene();
    await send('PUT', `/api/v1/collection/${pub.id}/like`, fan);
    expect((await send('PUT', `/api/v1/collection/${pub.id}/like`, fan)).json().data).toEqual({
      liked: true,
      total_likes: 1,
    });
    await send('DELETE', `/api/v1/collection/${pub.id}/like`, fan);
    const again = await send('DELETE', `/api/v1/collection/${pub.id}/like`, fan);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ liked: false, total_likes: 0 });
  });

  it('counts 50 concurrent likes by one person once', async () => {
    const { fan, pub } = await scene();
    const statuses = await concurrently(50, () => send('PUT', `/api/v1/collection/${pub.id}/like`, fan));
    expect(statuses).toEqual(Array(50).fill(200));
    expect((await collectionAs(pub.id, fan)).likes).toBe(1);
  });

  it('counts 50 people liking at once exactly 50 times', async () => {
    const { owner, pub } = await scene();
    const fans: Session[] = [];
    for (let i = 0; i < 50; i++) fans.push(await signUp(ctx.app));
    const statuses = await concurrently(50, (i) => send('PUT', `/api/v1/collection/${pub.id}/like`, fans[i]));
    expect(statuses).toEqual(Array(50).fill(200));
    expect((await collectionAs(pub.id, owner)).likes).toBe(50);
    const [row] = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM collection_likes WHERE collection_id = $1',
      [pub.id],
    );
    expect(row!.n).toBe(50);
    // And as many unlike at once: back to zero, never negative.
    await concurrently(50, (i) => send('DELETE', `/api/v1/collection/${pub.id}/like`, fans[i]));
    expect((await collectionAs(pub.id, owner)).likes).toBe(0);
  });

  it("keeps a private collection's likes from anyone who may not read it: 404, nothing counted", async () => {
    const { owner, fan, priv } = await scene();
    const res = await send('PUT', `/api/v1/collection/${priv.id}/like`, fan);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect((await send('DELETE', `/api/v1/collection/${priv.id}/like`, fan)).statusCode).toBe(404);
    expect((await collectionAs(priv.id, owner)).likes).toBe(0);
    // A stranger's profile view of the owner does not count the private collection's likes either.
    await send('PUT', `/api/v1/collection/${priv.id}/like`, owner);
    expect((await get(`/api/v1/user/${owner.user_id}`, fan)).json().data.total_likes).toBe(0);
    expect((await get(`/api/v1/user/${owner.user_id}`, owner)).json().data.total_likes).toBe(1);
  });

  it('lets a collaborator like a private collection they may read', async () => {
    const { owner, fan, priv } = await scene();
    await addCollaborator(ctx.app, owner, priv.id, fan, 'viewer');
    expect((await send('PUT', `/api/v1/collection/${priv.id}/like`, fan)).json().data).toEqual({
      liked: true,
      total_likes: 1,
    });
  });

  it('answers 404 for an unknown collection, 400 for a malformed id and 401 anonymous', async () => {
    const { pub } = await scene();
    const fan = await signUp(ctx.app);
    expect((await send('PUT', '/api/v1/collection/naoexiste0000000/like', fan)).statusCode).toBe(404);
    expect((await send('PUT', '/api/v1/collection/nao%20existe/like', fan)).statusCode).toBe(400);
    expect((await send('PUT', `/api/v1/collection/${pub.id}/like`)).statusCode).toBe(401);
  });

  it('shows liked_by_me on listing cards too', async () => {
    const { fan, pub } = await scene();
    await send('PUT', `/api/v1/collection/${pub.id}/like`, fan);
    const feed = (await get(`/api/v1/collection/by_category/${FILMES}`, fan)).json().data as Collection[];
    expect(feed.find((c) => c.id === pub.id)).toMatchObject({ liked_by_me: true, likes: 1 });
    const popular = (await get('/api/v1/collection/by_followers', fan)).json().data as Collection[];
    expect(popular.find((c) => c.id === pub.id)).toMatchObject({ liked_by_me: true });
  });
});

describe('PUT|DELETE /api/v1/collection/{id}/follow', () => {
  it('follows and unfollows, answering the state and the new total', async () => {
    const { owner, fan, pub } = await scene();
    const res = await send('PUT', `/api/v1/collection/${pub.id}/follow`, fan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { following: true, total_followers: 1 } });
    expect(await collectionAs(pub.id, fan)).toMatchObject({ followers: 1, followed_by_me: true });
    expect(await collectionAs(pub.id, owner)).toMatchObject({ followers: 1, followed_by_me: false });
    expect((await send('DELETE', `/api/v1/collection/${pub.id}/follow`, fan)).json().data).toEqual({
      following: false,
      total_followers: 0,
    });
  });

  it("refuses to follow one's own collection with 400", async () => {
    const { owner, pub } = await scene();
    const res = await send('PUT', `/api/v1/collection/${pub.id}/follow`, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { collection_id: 'followOwnCollection' },
    });
    expect((await collectionAs(pub.id, owner)).followers).toBe(0);
  });

  it('counts 50 concurrent follows by one person once, and 50 people at once 50 times', async () => {
    const { owner, fan, pub } = await scene();
    await concurrently(50, () => send('PUT', `/api/v1/collection/${pub.id}/follow`, fan));
    expect((await collectionAs(pub.id, owner)).followers).toBe(1);
    const others: Session[] = [];
    for (let i = 0; i < 49; i++) others.push(await signUp(ctx.app));
    await concurrently(49, (i) => send('PUT', `/api/v1/collection/${pub.id}/follow`, others[i]));
    expect((await collectionAs(pub.id, owner)).followers).toBe(50);
  });

  it("keeps a private collection's followers from anyone who may not read it", async () => {
    const { owner, fan, priv } = await scene();
    expect((await send('PUT', `/api/v1/collection/${priv.id}/follow`, fan)).statusCode).toBe(404);
    expect((await collectionAs(priv.id, owner)).followers).toBe(0);
  });

  it('sorts the popular strip by the followers it gains', async () => {
    const { owner, fan, pub } = await scene();
    const second = await createCollection(ctx.app, owner, { name: 'Segunda' });
    await send('PUT', `/api/v1/collection/${second.id}/follow`, fan);
    const popular = (await get('/api/v1/collection/by_followers', fan)).json().data as Collection[];
    expect(popular.map((c) => c.id)).toEqual([second.id, pub.id]);
    expect(popular[0]).toMatchObject({ followed_by_me: true, followers: 1 });
  });
});
