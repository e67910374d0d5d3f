import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification, NotificationPage } from '@acervo/contract/notification';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, type Session } from '../collection/collection.test-helpers.ts';
import { notify } from './notification.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(() => ctx.reset());
afterAll(() => ctx.close());

const completeAccount = {
  alias_name: 'Nanda',
  cellular: '11 98765-4321',
  birthday: '23/04/1990',
  address: 'Rua Augusta, 1500',
  country: 'Brasil',
  state: 'São Paulo',
  city: 'São Paulo',
  postal_code: '01304-001',
};

/** A signed-up person whose account data is complete, so only real notices are listed. */
async function person(name: string): Promise<Session> {
  const who = await signUp(ctx.app, { name });
  const res = await ctx.request('PUT', `/api/v1/user/${who.user_id}`, who, { name, ...completeAccount });
  expect(res.statusCode).toBe(200);
  return who;
}

async function notifications(who: Session, query = ''): Promise<NotificationPage> {
  const res = await ctx.request('GET', `/api/v1/notification${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationPage;
}

const summary = (n: Notification) => [n.kind, n.actor?.name ?? null, n.collection?.name ?? null, n.read];

async function follow(who: Session, collectionId: string) {
  const res = await ctx.request('PUT', `/api/v1/collection/${collectionId}/follow`, who);
  expect(res.statusCode).toBe(200);
}

const setPrivate = (owner: Session, id: string, isPrivate: boolean) =>
  ctx.request('PUT', `/api/v1/collection/${id}`, owner, {
    category_id: 'wtt0fgHceRL46Hhk',
    name: 'Filmes para rever',
    private: isPrivate,
  });

/** Moves every notice of `who` back in time, as if `minutes` had passed. */
const age = (who: Session, minutes: number) =>
  ctx.db.query(
    `UPDATE notifications SET created_at = created_at - make_interval(mins => $2) WHERE recipient_id = $1`,
    [who.user_id, minutes],
  );

describe('GET /api/v1/notification', () => {
  it('answers 401 without a session, on both routes', async () => {
    expect((await ctx.request('GET', '/api/v1/notification')).statusCode).toBe(401);
    const res = await ctx.request('POST', '/api/v1/notification/read', undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lists "complete your registration" while account data is missing, and no more once it is filled in', async () => {
    const me = await signUp(ctx.app, { name: 'Fernanda Oliveira' });
    const before = await notifications(me);
    expect(before).toEqual({
      data: [
        {
          id: 'complete_profile',
          kind: 'complete_profile',
          actor: null,
          collection: null,
          created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
          read: false,
        },
      ],
      next_cursor: null,
      unread: 1,
    });
    // Marking everything as read does not dismiss it: only completing the account does.
    const read = await ctx.request('POST', '/api/v1/notification/read', me, {});
    expect(read.json()).toEqual({ data: { unread: 1 } });

    const put = await ctx.request('PUT', `/api/v1/user/${me.user_id}`, me, {
      name: 'Fernanda Oliveira',
      ...completeAccount,
    });
    expect(put.statusCode).toBe(200);
    expect(await notifications(me)).toEqual({ data: [], next_cursor: null, unread: 0 });
  });

  it('tells the followers of a collection, not its owner nor strangers, that an item was added or changed', async () => {
    const owner = await person('Carla Dias');
    const fan = await person('Diego Melo');
    const stranger = await person('Eva Lima');
    const col = await createCollection(ctx.app, owner);
    await follow(fan, col.id);

    await addItem(ctx.app, owner, col.id);
    const page = await notifications(fan);
    expect(page.unread).toBe(1);
    expect(page.data).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        kind: 'item_added',
        actor: { id: owner.user_id, name: 'Carla Dias' },
        collection: { id: col.id, name: col.name },
        created_at: expect.any(String),
        read: false,
      },
    ]);
    expect((await notifications(owner)).data).toEqual([]);
    expect((await notifications(stranger)).data).toEqual([]);
  });

  it('coalesces item notices: one unread per collection and actor an hour', async () => {
    const owner = await person('Carla Dias');
    const fan = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner);
    const other = await createCollection(ctx.app, owner, { name: 'Livros' });
    await follow(fan, col.id);
    await follow(fan, other.id);

    const item = await addItem(ctx.app, owner, col.id);
    await addItem(ctx.app, owner, col.id, { name: 'Bacurau' });
    const edit = await ctx.request('PUT', `/api/v1/collection_items/${item.id}`, owner, { name: 'Outro' });
    expect(edit.statusCode).toBe(200);
    await addItem(ctx.app, owner, other.id);
    expect((await notifications(fan)).data.map(summary)).toEqual([
      ['item_added', 'Carla Dias', 'Livros', false],
      ['item_added', 'Carla Dias', 'Filmes para rever', false],
    ]);

    // Once read, the next change is news again.
    await ctx.request('POST', '/api/v1/notification/read', fan, {});
    await ctx.request('PUT', `/api/v1/collection_items/${item.id}`, owner, { name: 'De novo' });
    expect((await notifications(fan)).data.map(summary)).toEqual([
      ['item_changed', 'Carla Dias', 'Filmes para rever', false],
      ['item_added', 'Carla Dias', 'Livros', true],
      ['item_added', 'Carla Dias', 'Filmes para rever', true],
    ]);

    // An hour later, a change brings the unread notice back to the top instead of adding another.
    await age(fan, 61);
    await addItem(ctx.app, owner, other.id, { name: 'Antes' });
    await addItem(ctx.app, owner, col.id, { name: 'Depois' });
    const later = await notifications(fan);
    expect(later.unread).toBe(2);
    expect(later.data.map(summary)).toEqual([
      ['item_added', 'Carla Dias', 'Filmes para rever', false],
      ['item_added', 'Carla Dias', 'Livros', false],
      ['item_added', 'Carla Dias', 'Livros', true],
      ['item_added', 'Carla Dias', 'Filmes para rever', true],
    ]);
    expect(Date.now() - Date.parse(later.data[0]!.created_at)).toBeLessThan(60_000);
  });

  it('never shows a private collection to a recipient who may not read it', async () => {
    const owner = await person('Carla Dias');
    const fan = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner);
    await follow(fan, col.id);
    await addItem(ctx.app, owner, col.id);
    expect((await notifications(fan)).unread).toBe(1);

    // Made private: the notice disappears from the list and from the count...
    expect((await setPrivate(owner, col.id, true)).statusCode).toBe(200);
    expect(await notifications(fan)).toEqual({ data: [], next_cursor: null, unread: 0 });
    // ...and changes while private reach nobody who may not read it.
    await addItem(ctx.app, owner, col.id, { name: 'Segredo' });
    await age(fan, 61);
    await addItem(ctx.app, owner, col.id, { name: 'Outro segredo' });
    expect(await notifications(fan)).toEqual({ data: [], next_cursor: null, unread: 0 });

    // Public again: only the notice from before it was private is there.
    await setPrivate(owner, col.id, false);
    const page = await notifications(fan);
    expect(page.data.map(summary)).toEqual([['item_added', 'Carla Dias', 'Filmes para rever', false]]);
    expect(Date.now() - Date.parse(page.data[0]!.created_at)).toBeGreaterThan(60 * 60_000);
  });

  it('pages newest first with an opaque cursor; the registration notice only on the first page', async () => {
    const me = await signUp(ctx.app, { name: 'Fernanda Oliveira' });
    const actors = [await person('Ana'), await person('Bruno'), await person('Caio')];
    for (const actor of actors) {
      // A minute apart: notices of the same millisecond (PGlite's clock) have no "newest".
      await age(me, 1);
      await notify(ctx.db, { kind: 'new_follower', actorId: actor.user_id, recipientId: me.user_id });
    }
    const first = await notifications(me, '?limit=2');
    expect(first.unread).toBe(4);
    expect(first.data.map(summary)).toEqual([
      ['complete_profile', null, null, false],
      ['new_follower', 'Caio', null, false],
      ['new_follower', 'Bruno', null, false],
    ]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await notifications(me, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map(summary)).toEqual([['new_follower', 'Ana', null, false]]);
    expect(second.next_cursor).toBeNull();
  });

  it.each([
    ['a cursor it did not issue', '?cursor=abc'],
    ['a forged cursor', `?cursor=${Buffer.from('["x",1]').toString('base64url')}`],
    ['a limit of 0', '?limit=0'],
  ])('answers 400 for %s', async (_why, query) => {
    const me = await person('Ana');
    const res = await ctx.request('GET', `/api/v1/notification${query}`, me);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('notify()', () => {
  it('tells the owner of a collection about likes and saves, each once while unread', async () => {
    const owner = await person('Carla Dias');
    const fan = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner);
    await notify(ctx.db, { kind: 'like', actorId: fan.user_id, collectionId: col.id });
    await notify(ctx.db, { kind: 'like', actorId: fan.user_id, collectionId: col.id });
    await age(owner, 1);
    await notify(ctx.db, { kind: 'save', actorId: fan.user_id, collectionId: col.id });
    expect((await notifications(owner)).data.map(summary)).toEqual([
      ['save', 'Diego Melo', 'Filmes para rever', false],
      ['like', 'Diego Melo', 'Filmes para rever', false],
    ]);
    expect((await notifications(fan)).data).toEqual([]);
  });

  it('tells a new follower and a new collaborator', async () => {
    const owner = await person('Carla Dias');
    const friend = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner);
    await notify(ctx.db, { kind: 'new_follower', actorId: owner.user_id, recipientId: friend.user_id });
    await age(friend, 1);
    await notify(ctx.db, {
      kind: 'collaborator_added',
      actorId: owner.user_id,
      recipientId: friend.user_id,
      collectionId: col.id,
    });
    expect((await notifications(friend)).data.map(summary)).toEqual([
      ['collaborator_added', 'Carla Dias', 'Filmes para rever', false],
      ['new_follower', 'Carla Dias', null, false],
    ]); // Someone whose account is gone meanwhile is nobody to tell, not an error.
    await expect(
      notify(ctx.db, { kind: 'new_follower', actorId: owner.user_id, recipientId: 'deleted-account' }),
    ).resolves.toBeUndefined();
  });

  it('never notifies anyone of their own actions', async () => {
    const owner = await person('Carla Dias');
    const col = await createCollection(ctx.app, owner);
    await notify(ctx.db, { kind: 'like', actorId: owner.user_id, collectionId: col.id });
    await notify(ctx.db, { kind: 'save', actorId: owner.user_id, collectionId: col.id });
    await notify(ctx.db, { kind: 'new_follower', actorId: owner.user_id, recipientId: owner.user_id });
    await notify(ctx.db, { kind: 'item_added', actorId: owner.user_id, collectionId: col.id });
    expect(await notifications(owner)).toEqual({ data: [], next_cursor: null, unread: 0 });
  });

  it('does not tell someone about a private collection they may not read', async () => {
    const owner = await person('Carla Dias');
    const friend = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner, { private: true });
    await notify(ctx.db, {
      kind: 'collaborator_added',
      actorId: owner.user_id,
      recipientId: friend.user_id,
      collectionId: col.id,
    });
    await setPrivate(owner, col.id, false);
    expect((await notifications(friend)).data).toEqual([]);
  });
});

describe('social actions notify the people they concern', () => {
  const ok = async (method: 'PUT' | 'POST', url: string, who: Session, body?: object) => {
    const res = await ctx.request(method, url, who, body);
    expect(res.statusCode, res.body).toBeLessThan(300);
  };

  it('a follow tells the person followed, once, and never the follower', async () => {
    const ana = await person('Ana Souza');
    const bruno = await person('Bruno Reis');
    await ok('PUT', `/api/v1/user/${bruno.user_id}/follow`, ana);
    await ok('PUT', `/api/v1/user/${bruno.user_id}/follow`, ana);
    expect((await notifications(bruno)).data.map(summary)).toEqual([
      ['new_follower', 'Ana Souza', null, false],
    ]);
    expect((await notifications(ana)).data).toEqual([]);
  });

  it("a like and a save tell the collection's owner; one's own like tells nobody", async () => {
    const owner = await person('Carla Dias');
    const fan = await person('Diego Melo');
    const col = await createCollection(ctx.app, owner);
    await ok('PUT', `/api/v1/collection/${col.id}/like`, fan);
    await ok('POST', `/api/v1/collection/${col.id}/save`, fan, { private: false });
    await ok('PUT', `/api/v1/collection/${col.id}/like`, owner);
    expect((await notifications(owner)).data.map(summary)).toEqual([
      ['save', 'Diego Melo', 'Filmes para rever', false],
      ['like', 'Diego Melo', 'Filmes para rever', false],
    ]);
    expect((await notifications(fan)).data).toEqual([]);
  });

  it('adding a collaborator tells them, private collection included; items they add tell the owner and followers', async () => {
    const owner = await person('Carla Dias');
    const editor = await person('Diego Melo');
    const fan = await person('Eva Lima');
    const stranger = await person('Fábio Rocha');
    const secret = await createCollection(ctx.app, owner, { private: true, name: 'Presentes' });
    await ok('PUT', `/api/v1/collection/${secret.id}/collaborators/${editor.user_id}`, owner, {
      role: 'editor',
    });
    expect((await notifications(editor)).data.map(summary)).toEqual([
      ['collaborator_added', 'Carla Dias', 'Presentes', false],
    ]);

    const viewer = await person('Gabi Nunes');
    await ok('PUT', `/api/v1/collection/${secret.id}/collaborators/${viewer.user_id}`, owner, {
      role: 'viewer',
    });
    await addItem(ctx.app, editor, secret.id, { name: 'Livro de receitas' });
    expect((await notifications(owner)).data.map(summary)).toEqual([
      ['item_added', 'Diego Melo', 'Presentes', false],
    ]);
    expect((await notifications(viewer)).data.map(summary)).toEqual([
      ['item_added', 'Diego Melo', 'Presentes', false],
      ['collaborator_added', 'Carla Dias', 'Presentes', false],
    ]);
    // The editor is not told of their own item; nobody outside the collection hears of it.
    expect((await notifications(editor)).data.map(summary)).toEqual([
      ['collaborator_added', 'Carla Dias', 'Presentes', false],
    ]);
    expect((await notifications(stranger)).data).toEqual([]);
    expect((await notifications(fan)).data).toEqual([]);
  });
});

describe('POST /api/v1/notification/read', () => {
  async function threeNotices() {
    const me = await person('Fernanda Oliveira');
    const others = [await person('Ana'), await person('Bruno'), await person('Caio')];
    for (const actor of others) {
      await notify(ctx.db, { kind: 'new_follower', actorId: actor.user_id, recipientId: me.user_id });
    }
    return { me, others, ids: (await notifications(me)).data.map((n) => n.id) };
  }

  it('marks the given notifications as read and answers what is still unread', async () => {
    const { me, ids } = await threeNotices();
    const res = await ctx.request('POST', '/api/v1/notification/read', me, { ids: [ids[0], ids[2]] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { unread: 1 } });
    expect((await notifications(me)).data.map((n) => n.read)).toEqual([true, false, true]);
  });

  it('marks all of them when ids is absent, with or without a body', async () => {
    for (const body of [undefined, {}]) {
      const { me } = await threeNotices();
      const res = await ctx.request('POST', '/api/v1/notification/read', me, body);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { unread: 0 } });
      expect((await notifications(me)).data.map((n) => n.read)).toEqual([true, true, true]);
    }
  });

  it("ignores someone else's notifications", async () => {
    const { me, others, ids } = await threeNotices();
    const res = await ctx.request('POST', '/api/v1/notification/read', others[0], { ids });
    expect(res.json()).toEqual({ data: { unread: 0 } });
    expect((await notifications(me)).unread).toBe(3);
  });

  it.each([
    ['ids that is not a list', { ids: 'abc' }],
    ['an id that is not one', { ids: ['a b'] }],
    ['too many ids', { ids: Array.from({ length: 101 }, (_, i) => `id${i}`) }],
  ])('answers 400 for %s', async (_why, body) => {
    const me = await person('Ana');
    const res = await ctx.request('POST', '/api/v1/notification/read', me, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: expect.any(Object) });
  });
});
