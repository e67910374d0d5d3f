import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '@acervo/contract/user';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { concurrently, createCollection, type Session } from '../collection/collection.test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const send = (method: 'PUT' | 'DELETE', url: string, who?: Session) => ctx.request(method, url, who);
const follow = (who: Session, whom: Session) => send('PUT', `/api/v1/user/${whom.user_id}/follow`, who);
const profile = async (of: Session, as: Session) =>
  (await get(`/api/v1/user/${of.user_id}`, as)).json().data as UserProfile;
const names = (people: UserProfile[]) => people.map((p) => p.name);

describe('PUT|DELETE /api/v1/user/{user_id}/follow', () => {
  it('follows and unfollows, answering the state and total; profiles show both sides', async () => {
    const ana = await signUp(ctx.app, { name: 'Ana' });
    const bia = await signUp(ctx.app, { name: 'Bia' });
    const res = await follow(ana, bia);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { following: true, total_followers: 1 } });
    expect(await profile(bia, ana)).toMatchObject({
      total_followers: 1,
      total_following: 0,
      followed_by_me: true,
    });
    expect(await profile(ana, bia)).toMatchObject({
      total_followers: 0,
      total_following: 1,
      followed_by_me: false,
    });
    expect(await profile(ana, ana)).toMatchObject({ total_following: 1, followed_by_me: false });

    const off = await send('DELETE', `/api/v1/user/${bia.user_id}/follow`, ana);
    expect(off.json()).toEqual({ data: { following: false, total_followers: 0 } });
    expect(await profile(bia, ana)).toMatchObject({ total_followers: 0, followed_by_me: false });
    expect(await profile(ana, ana)).toMatchObject({ total_following: 0 });
  });

  it('refuses following oneself with 400, an unknown person with 404, anonymous with 401', async () => {
    const ana = await signUp(ctx.app);
    const self = await follow(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { user_id: 'followSelf' },
    });
    expect((await send('PUT', '/api/v1/user/naoexiste0000000/follow', ana)).statusCode).toBe(404);
    expect((await send('PUT', `/api/v1/user/${ana.user_id}/follow`)).statusCode).toBe(401);
  });

  it('counts 50 concurrent follows by one person once; two people following each other at once both count', async () => {
    const ana = await signUp(ctx.app);
    const bia = await signUp(ctx.app);
    const statuses = await concurrently(50, () => follow(ana, bia));
    expect(statuses).toEqual(Array(50).fill(200));
    expect(await profile(bia, bia)).toMatchObject({ total_followers: 1 });
    // Crossed follows lock the same two accounts in opposite directions: neither may deadlock.
    for (let round = 0; round < 10; round++) {
      const method = round % 2 ? 'DELETE' : 'PUT';
      const crossed = await Promise.all([
        send(method, `/api/v1/user/${bia.user_id}/follow`, ana),
        send(method, `/api/v1/user/${ana.user_id}/follow`, bia),
      ]);
      expect(crossed.map((r) => r.statusCode)).toEqual([200, 200]);
    }
    await Promise.all([follow(ana, bia), follow(bia, ana)]);
    expect(await profile(ana, ana)).toMatchObject({ total_followers: 1, total_following: 1 });
    expect(await profile(bia, bia)).toMatchObject({ total_followers: 1, total_following: 1 });
  });

  it('counts 50 people following at once exactly 50 times', async () => {
    const star = await signUp(ctx.app);
    const fans: Session[] = [];
    for (let i = 0; i < 50; i++) fans.push(await signUp(ctx.app));
    await concurrently(50, (i) => follow(fans[i]!, star));
    expect(await profile(star, star)).toMatchObject({ total_followers: 50 });
    expect(await profile(fans[0]!, fans[0]!)).toMatchObject({ total_following: 1 });
  });
});

describe('GET /api/v1/user/{user_id}/followers and /following', () => {
  it('lists people newest follow first, as profiles the caller sees, paged with a cursor', async () => {
    const star = await signUp(ctx.app, { name: 'Estrela' });
    const fans: Session[] = [];
    for (const name of ['Fã 1', 'Fã 2', 'Fã 3']) {
      const fan = await signUp(ctx.app, { name });
      await follow(fan, star);
      fans.push(fan);
    }
    await createCollection(ctx.app, fans[0]!, { name: 'Pública' });
    await createCollection(ctx.app, fans[0]!, { name: 'Secreta', private: true });
    await follow(fans[2]!, fans[0]!);

    const first = await get(`/api/v1/user/${star.user_id}/followers?limit=2`, fans[2]!);
    expect(first.statusCode).toBe(200);
    expect(names(first.json().data)).toEqual(['Fã 3', 'Fã 2']);
    expect(first.json().next_cursor).toEqual(expect.any(String));
    const rest = await get(
      `/api/v1/user/${star.user_id}/followers?limit=2&cursor=${first.json().next_cursor}`,
      fans[2]!,
    );
    expect(rest.json()).toEqual({
      data: [
        {
          id: fans[0]!.user_id,
          name: 'Fã 1',
          picture: null,
          // The caller sees only the public collection.
          total_collections: 1,
          total_likes: 0,
          total_followers: 1,
          total_following: 1,
          followed_by_me: true,
        },
      ],
      next_cursor: null,
    });

    const following = await get(`/api/v1/user/${fans[2]!.user_id}/following`, star);
    expect(names(following.json().data)).toEqual(['Fã 1', 'Estrela']);
  });

  it('answers an empty page for nobody, 404 for an unknown person, 400 for a forged cursor', async () => {
    const ana = await signUp(ctx.app);
    expect((await get(`/api/v1/user/${ana.user_id}/followers`, ana)).json()).toEqual({
      data: [],
      next_cursor: null,
    });
    expect((await get('/api/v1/user/naoexiste0000000/following', ana)).statusCode).toBe(404);
    expect((await get(`/api/v1/user/${ana.user_id}/followers?cursor=abc`, ana)).statusCode).toBe(400);
    expect((await get(`/api/v1/user/${ana.user_id}/followers`)).statusCode).toBe(401);
  });
});

describe('GET /api/v1/user/popular and /user/network', () => {
  it('lists the most followed people other than the caller, with followed_by_me', async () => {
    const [me, a, b, c] = [
      await signUp(ctx.app, { name: 'Eu' }),
      await signUp(ctx.app, { name: 'A' }),
      await signUp(ctx.app, { name: 'B' }),
      await signUp(ctx.app, { name: 'C' }),
    ];
    await follow(a, b);
    await follow(c, b);
    await follow(me, c);
    await follow(b, me);
    const res = await get('/api/v1/user/popular?limit=2', me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: UserProfile) => [p.name, p.total_followers, p.followed_by_me])).toEqual([
      ['B', 2, false],
      ['C', 1, true],
    ]);
  });

  it('lists people followed by those the caller follows, most shared first, without those already followed', async () => {
    const [me, a, b, x, y, z] = [
      await signUp(ctx.app, { name: 'Eu' }),
      await signUp(ctx.app, { name: 'A' }),
      await signUp(ctx.app, { name: 'B' }),
      await signUp(ctx.app, { name: 'X' }),
      await signUp(ctx.app, { name: 'Y' }),
      await signUp(ctx.app, { name: 'Z' }),
    ];
    await follow(me, a);
    await follow(me, b);
    await follow(a, x);
    await follow(b, x);
    await follow(a, y);
    await follow(a, b); // already followed by me: not suggested
    await follow(a, me); // myself: never suggested
    await follow(z, x); // z is not among those I follow
    const res = await get('/api/v1/user/network', me);
    expect(names(res.json().data)).toEqual(['X', 'Y']);
    expect((await get('/api/v1/user/network', z)).json().data).toEqual([]);
  });
});
