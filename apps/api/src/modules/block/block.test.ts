import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

const get = (url: string, who?: Session) => ctx.request('GET', url, who);
const put = (url: string, who?: Session, body?: object) => ctx.request('PUT', url, who, body);
const del = (url: string, who?: Session) => ctx.request('DELETE', url, who);
const ids = (res: { json(): unknown }) =>
  ((res.json() as { data: { id: string }[] }).data ?? []).map((row) => row.id);

/**
 * Ana blocks Bruno; Carla looks on. Ana has a public collection with an item, follows Carla and
 * liked Bruno's collection before the block.
 */
async function scene() {
  const ana = await signUp(ctx.app, { name: 'Ana Bloqueadora' });
  const bruno = await signUp(ctx.app, { name: 'Bruno Bloqueado' });
  const carla = await signUp(ctx.app, { name: 'Carla Testemunha' });
  const anas = await createCollection(ctx.app, ana, { name: 'Cinema iraniano de Ana' });
  const item = await addItem(ctx.app, ana, anas.id, { name: 'Gosto de cereja' });
  const brunos = await createCollection(ctx.app, bruno, { name: 'Coleção de Bruno' });
  await put(`/api/v1/user/${carla.user_id}/follow`, ana);
  await put(`/api/v1/collection/${brunos.id}/like`, ana);
  return { ana, bruno, carla, anas, item, brunos };
}

describe('PUT|DELETE /api/v1/user/{user_id}/block', () => {
  it('hides each from the other on every route that shows a person or their content, and undoes', async () => {
    const { ana, bruno, carla, anas, item, brunos } = await scene();
    // Before: Bruno sees Ana everywhere, and hears of her like.
    expect((await get(`/api/v1/user/${ana.user_id}`, bruno)).statusCode).toBe(200);
    expect(
      (await get('/api/v1/notification', bruno))
        .json()
        .data.some((n: { actor: { id: string } | null }) => n.actor?.id === ana.user_id),
    ).toBe(true);

    const res = await put(`/api/v1/user/${bruno.user_id}/block`, ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { blocked: true, muted: false } });

    // What Bruno asks about Ana: as if she did not exist.
    const hidden = [
      `/api/v1/user/${ana.user_id}`,
      `/api/v1/collection/by_user/${ana.user_id}`,
      `/api/v1/user/${ana.user_id}/followers`,
      `/api/v1/user/${ana.user_id}/following`,
      `/api/v1/collection/${anas.id}`,
      `/api/v1/collection/${anas.id}/items`,
      `/api/v1/collection_items/${item.id}`,
    ];
    for (const url of hidden) expect([url, (await get(url, bruno)).statusCode]).toEqual([url, 404]);
    // And Ana asking about Bruno: the same, both ways.
    expect((await get(`/api/v1/user/${bruno.user_id}`, ana)).statusCode).toBe(404);
    expect((await get(`/api/v1/collection/${brunos.id}`, ana)).statusCode).toBe(404);

    // Listings: Ana's collection and Ana herself are nowhere for Bruno, still there for Carla.
    const listings = [
      '/api/v1/collection/by_category/wtt0fgHceRL46Hhk',
      '/api/v1/collection/by_category/wtt0fgHceRL46Hhk?sort=popular',
      '/api/v1/collection/by_followers?limit=50',
      '/api/v1/collection/recommended?limit=50',
      '/api/v1/search?q=iraniano&type=collection',
    ];
    for (const url of listings) {
      expect([url, ids(await get(url, bruno))]).not.toContainEqual([url, expect.arrayContaining([anas.id])]);
      expect(ids(await get(url, bruno))).not.toContain(anas.id);
      expect([url, ids(await get(url, carla))]).toEqual([url, expect.arrayContaining([anas.id])]);
    }
    expect(ids(await get('/api/v1/search?q=cereja&type=item', bruno))).not.toContain(item.id);
    expect(ids(await get('/api/v1/search?q=cereja&type=item', carla))).toContain(item.id);
    expect(ids(await get('/api/v1/search?q=Ana&type=user', bruno))).not.toContain(ana.user_id);
    expect(ids(await get('/api/v1/search?q=Bruno&type=user', ana))).not.toContain(bruno.user_id);
    expect(ids(await get('/api/v1/search?q=Ana&type=user', carla))).toContain(ana.user_id);
    expect(ids(await get(`/api/v1/user/${carla.user_id}/followers`, bruno))).not.toContain(ana.user_id);
    expect(ids(await get(`/api/v1/user/${carla.user_id}/followers`, carla))).toContain(ana.user_id);
    for (const url of ['/api/v1/user/popular?limit=50', '/api/v1/user/suggested?limit=50']) {
      expect(ids(await get(url, bruno))).not.toContain(ana.user_id);
      expect(ids(await get(url, ana))).not.toContain(bruno.user_id);
    }
    // Notices: Ana's like no longer reaches Bruno.
    const notices = (await get('/api/v1/notification', bruno)).json();
    expect(notices.data.some((n: { actor: { id: string } | null }) => n.actor?.id === ana.user_id)).toBe(
      false,
    );

    // Nothing Bruno can do to Ana or her collection.
    expect((await put(`/api/v1/user/${ana.user_id}/follow`, bruno)).statusCode).toBe(404);
    expect((await put(`/api/v1/collection/${anas.id}/like`, bruno)).statusCode).toBe(404);
    expect((await put(`/api/v1/collection/${anas.id}/follow`, bruno)).statusCode).toBe(404);
    expect((await ctx.request('POST', `/api/v1/collection/${anas.id}/save`, bruno, {})).statusCode).toBe(404);
    expect(
      (
        await ctx.request('POST', `/api/v1/collection_items/${item.id}/save`, bruno, {
          collection_id: brunos.id,
        })
      ).statusCode,
    ).toBe(404);
    // Nor Ana to Bruno: no invitation to her collection.
    expect(
      (await put(`/api/v1/collection/${anas.id}/collaborators/${bruno.user_id}`, ana, { role: 'editor' }))
        .statusCode,
    ).toBe(404);

    // Undo: everything is back (follows stay ended).
    const undo = await del(`/api/v1/user/${bruno.user_id}/block`, ana);
    expect(undo.json()).toEqual({ data: { blocked: false, muted: false } });
    for (const url of hidden) expect([url, (await get(url, bruno)).statusCode]).toEqual([url, 200]);
    expect(ids(await get('/api/v1/collection/by_category/wtt0fgHceRL46Hhk', bruno))).toContain(anas.id);
  });

  it('ends follows both ways, follows of each other’s collections and collaborations; the blocked is never told', async () => {
    const { ana, bruno, anas, brunos } = await scene();
    await put(`/api/v1/user/${ana.user_id}/follow`, bruno);
    await put(`/api/v1/user/${bruno.user_id}/follow`, ana);
    await put(`/api/v1/collection/${anas.id}/follow`, bruno);
    await put(`/api/v1/collection/${brunos.id}/follow`, ana);
    await addCollaborator(ctx.app, ana, anas.id, bruno, 'editor');
    const invite = await ctx.request('POST', `/api/v1/collection/${anas.id}/invite_link`, ana, {
      role: 'viewer',
    });
    const token = invite.json().data.token as string;
    const before = (await get('/api/v1/notification', bruno)).json().data.length;

    await put(`/api/v1/user/${bruno.user_id}/block`, ana);
    await del(`/api/v1/user/${bruno.user_id}/block`, ana);
    // After the undo the ties are still gone: the block ended them.
    expect((await get(`/api/v1/user/${ana.user_id}`, bruno)).json().data).toMatchObject({
      followed_by_me: false,
      total_followers: 0,
    });
    expect((await get(`/api/v1/user/${bruno.user_id}`, ana)).json().data).toMatchObject({
      followed_by_me: false,
    });
    expect((await get(`/api/v1/collection/${anas.id}`, bruno)).json().data).toMatchObject({
      followed_by_me: false,
      my_role: null,
      followers: 0,
    });
    expect((await get(`/api/v1/collection/${brunos.id}`, ana)).json().data).toMatchObject({
      followed_by_me: false,
    });
    // The block itself told Bruno nothing.
    expect((await get('/api/v1/notification', bruno)).json().data.length).toBe(before);

    // While blocked, an old invite link does not let Bruno in.
    await put(`/api/v1/user/${bruno.user_id}/block`, ana);
    const accept = await ctx.request('POST', `/api/v1/invite/${token}`, bruno);
    expect(accept.statusCode).toBe(404);
    expect(accept.json().error.code).toBe('INVITE_INVALID');
  });

  it('lists the blocked and muted on GET /user/blocked; refuses oneself, unknown people, strangers without a session', async () => {
    const { ana, bruno, carla } = await scene();
    await put(`/api/v1/user/${bruno.user_id}/block`, ana);
    await put(`/api/v1/user/${carla.user_id}/mute`, ana);
    const list = await get('/api/v1/user/blocked', ana);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: carla.user_id, name: 'Carla Testemunha', picture: null, blocked: false, muted: true },
      { id: bruno.user_id, name: 'Bruno Bloqueado', picture: null, blocked: true, muted: false },
    ]);
    // Bruno cannot tell he was blocked from his own list.
    expect((await get('/api/v1/user/blocked', bruno)).json().data).toEqual([]);

    const self = await put(`/api/v1/user/${ana.user_id}/block`, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({ user_id: 'blockSelf' });
    expect((await put('/api/v1/user/naoexiste0000000/block', ana)).statusCode).toBe(404);
    expect((await put(`/api/v1/user/${ana.user_id}/block`)).statusCode).toBe(401);
    expect((await get('/api/v1/user/blocked')).statusCode).toBe(401);
    // Blocked back: Bruno may block Ana too, and each undoes only their own.
    expect((await put(`/api/v1/user/${ana.user_id}/block`, bruno)).json().data.blocked).toBe(true);
    await del(`/api/v1/user/${bruno.user_id}/block`, ana);
    expect((await get(`/api/v1/user/${bruno.user_id}`, ana)).statusCode).toBe(404);
  });

  it('caps new blocks and mutes per person per day (429)', async () => {
    const app = await ctx.buildApp({ SOCIAL_DAILY_BLOCKS: '2' });
    const me = await signUp(app);
    const others = [await signUp(app), await signUp(app), await signUp(app)];
    const send = (who: Session, kind: string) =>
      app.inject({ method: 'PUT', url: `/api/v1/user/${who.user_id}/${kind}`, headers: me.auth });
    expect((await send(others[0]!, 'block')).statusCode).toBe(200);
    expect((await send(others[1]!, 'mute')).statusCode).toBe(200);
    // Repeating one is free; a new one is over the cap.
    expect((await send(others[0]!, 'block')).statusCode).toBe(200);
    const over = await send(others[2]!, 'block');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('PUT|DELETE /api/v1/user/{user_id}/mute', () => {
  it('hides the muted person’s activity from the muter only, without telling them', async () => {
    const { ana, carla, anas } = await scene();
    const carlas = await createCollection(ctx.app, carla, { name: 'Coleção de Carla' });
    await put(`/api/v1/collection/${carlas.id}/like`, ana);
    const fromAna = async () =>
      (await get('/api/v1/notification', carla))
        .json()
        .data.filter((n: { actor: { id: string } | null }) => n.actor?.id === ana.user_id).length;
    expect(await fromAna()).toBeGreaterThan(0);

    const res = await put(`/api/v1/user/${ana.user_id}/mute`, carla);
    expect(res.json()).toEqual({ data: { blocked: false, muted: true } });
    expect(await fromAna()).toBe(0);
    expect(ids(await get('/api/v1/collection/by_category/wtt0fgHceRL46Hhk', carla))).not.toContain(anas.id);
    expect(ids(await get('/api/v1/user/popular?limit=50', carla))).not.toContain(ana.user_id);
    // Her profile and collection still open when Carla goes to them, marked as muted for Carla.
    expect((await get(`/api/v1/user/${ana.user_id}`, carla)).json().data).toMatchObject({
      muted_by_me: true,
    });
    expect((await get(`/api/v1/collection/${anas.id}`, carla)).statusCode).toBe(200);
    // Ana sees nothing different.
    expect((await get(`/api/v1/user/${carla.user_id}`, ana)).json().data).toMatchObject({
      muted_by_me: false,
    });
    expect(ids(await get('/api/v1/collection/by_category/wtt0fgHceRL46Hhk', ana))).toContain(carlas.id);

    await del(`/api/v1/user/${ana.user_id}/mute`, carla);
    expect(await fromAna()).toBeGreaterThan(0);
  });
});
