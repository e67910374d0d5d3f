import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addCollaborator, addItem, createCollection, type Session } from './collection.test-helpers.ts';

/**
 * The role matrix (issue 8): every collection and item route, as the owner, an editor, a viewer,
 * another signed-in person and an anonymous visitor, on a public and on a private collection.
 * What each may do is decided by access.policy.ts alone; this table is what clients see.
 */

type Who = 'owner' | 'editor' | 'viewer' | 'other' | 'anonymous';
const EVERYONE: Who[] = ['owner', 'editor', 'viewer', 'other', 'anonymous'];

interface Target {
  collection: Collection;
  item: CollectionItem;
}

interface RouteCase {
  route: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (t: Target, as: Session) => string;
  body?: (t: Target, as: Session) => object;
  /** A fresh collection for every attempt, for requests that change who may do what next. */
  fresh?: boolean;
  /** Statuses on a public collection for owner, editor, viewer and other; anonymous is 401. */
  expected: [number, number, number, number];
  /** Anonymous callers read it too (issue 12): 200 on a public collection, 404 on a private one. */
  anonymousRead?: true;
}

let ctx: TestContext;
let app: FastifyInstance;
const people = {} as Record<Exclude<Who, 'anonymous'>, Session> & { invitee: Session };
/** Each person's own collection, where they may copy items. */
const ownCollections = new Map<string, Collection>();
const shared: Record<'public' | 'private', Target> = {} as never;

async function makeTarget(isPrivate: boolean): Promise<Target> {
  const collection = await createCollection(app, people.owner, { name: 'Da dona', private: isPrivate });
  const item = await addItem(app, people.owner, collection.id, { name: 'Primeiro', rating: 4 });
  await addCollaborator(app, people.owner, collection.id, people.editor, 'editor');
  await addCollaborator(app, people.owner, collection.id, people.viewer, 'viewer');
  return { collection, item };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Building many fresh collections adds many collaborators: lift the owner's daily caps.
  app = await ctx.buildApp({
    SOCIAL_DAILY_INVITES: '100000',
    SOCIAL_DAILY_SAVES: '100000',
    SOCIAL_DAILY_LIKES: '100000',
    SOCIAL_DAILY_FOLLOWS: '100000',
  });
  for (const who of ['owner', 'editor', 'viewer', 'other', 'invitee'] as const) {
    people[who] = await signUp(app, { name: who });
    ownCollections.set(people[who].user_id, await createCollection(app, people[who], { name: `De ${who}` }));
  }
  shared.public = await makeTarget(false);
  shared.private = await makeTarget(true);
});
afterAll(() => ctx.close());

const ROUTES: RouteCase[] = [
  {
    route: 'GET /collection/{id}',
    method: 'GET',
    url: (t) => `/api/v1/collection/${t.collection.id}`,
    expected: [200, 200, 200, 200],
    anonymousRead: true,
  },
  {
    route: 'PUT /collection/{id}',
    method: 'PUT',
    url: (t) => `/api/v1/collection/${t.collection.id}`,
    body: (t) => ({ category_id: t.collection.category_id, name: 'Renomeada' }),
    expected: [200, 403, 403, 403],
  },
  {
    route: 'DELETE /collection/{id}',
    method: 'DELETE',
    url: (t) => `/api/v1/collection/${t.collection.id}`,
    fresh: true,
    expected: [200, 403, 403, 403],
  },
  {
    route: 'POST /collection_items',
    method: 'POST',
    url: () => '/api/v1/collection_items',
    body: (t) => ({ collection_id: t.collection.id, name: 'Novo item' }),
    expected: [201, 201, 403, 403],
  },
  {
    route: 'GET /collection_items/{item}',
    method: 'GET',
    url: (t) => `/api/v1/collection_items/${t.item.id}`,
    expected: [200, 200, 200, 200],
    anonymousRead: true,
  },
  {
    route: 'PUT /collection_items/{item}',
    method: 'PUT',
    url: (t) => `/api/v1/collection_items/${t.item.id}`,
    body: () => ({ name: 'Editado' }),
    expected: [200, 200, 403, 403],
  },
  {
    route: 'DELETE /collection_items/{item}',
    method: 'DELETE',
    url: (t) => `/api/v1/collection_items/${t.item.id}`,
    fresh: true,
    expected: [200, 200, 403, 403],
  },
  {
    route: 'PUT /collection/{id}/items/order',
    method: 'PUT',
    url: (t) => `/api/v1/collection/${t.collection.id}/items/order`,
    // The complete list of the (fresh) collection's items: only the role can refuse it.
    body: (t) => ({ item_ids: [t.item.id] }),
    fresh: true,
    expected: [200, 200, 403, 403],
  },
  {
    route: 'PUT /collection/{id}/like',
    method: 'PUT',
    url: (t) => `/api/v1/collection/${t.collection.id}/like`,
    expected: [200, 200, 200, 200],
  },
  {
    route: 'DELETE /collection/{id}/like',
    method: 'DELETE',
    url: (t) => `/api/v1/collection/${t.collection.id}/like`,
    expected: [200, 200, 200, 200],
  },
  {
    route: 'PUT /collection/{id}/follow',
    method: 'PUT',
    url: (t) => `/api/v1/collection/${t.collection.id}/follow`,
    expected: [400, 200, 200, 200],
  },
  {
    route: 'DELETE /collection/{id}/follow',
    method: 'DELETE',
    url: (t) => `/api/v1/collection/${t.collection.id}/follow`,
    expected: [400, 200, 200, 200],
  },
  {
    route: 'POST /collection/{id}/save',
    method: 'POST',
    url: (t) => `/api/v1/collection/${t.collection.id}/save`,
    body: () => ({}),
    expected: [201, 201, 201, 201],
  },
  {
    route: 'POST /collection_items/{item}/save (from this collection to one of mine)',
    method: 'POST',
    url: (t) => `/api/v1/collection_items/${t.item.id}/save`,
    body: (_t, as) => ({ collection_id: ownCollections.get(as.user_id)!.id }),
    expected: [201, 201, 201, 201],
  },
  {
    route: 'POST /collection_items/{item}/save (from a public item into this collection)',
    method: 'POST',
    url: () => `/api/v1/collection_items/${shared.public.item.id}/save`,
    body: (t) => ({ collection_id: t.collection.id }),
    expected: [201, 201, 403, 403],
  },
  {
    route: 'GET /collection/{id}/collaborators',
    method: 'GET',
    url: (t) => `/api/v1/collection/${t.collection.id}/collaborators`,
    expected: [200, 200, 200, 403],
  },
  {
    route: 'PUT /collection/{id}/collaborators/{user_id}',
    method: 'PUT',
    url: (t) => `/api/v1/collection/${t.collection.id}/collaborators/${people.invitee.user_id}`,
    body: () => ({ role: 'viewer' }),
    fresh: true,
    expected: [200, 403, 403, 403],
  },
  {
    route: 'POST /collection/{id}/collaborators (by e-mail)',
    method: 'POST',
    url: (t) => `/api/v1/collection/${t.collection.id}/collaborators`,
    body: () => ({ email: people.invitee.user_email, role: 'editor' }),
    fresh: true,
    expected: [200, 403, 403, 403],
  },
  {
    route: 'DELETE /collection/{id}/collaborators/{user_id} (someone else)',
    method: 'DELETE',
    url: (t, as) =>
      `/api/v1/collection/${t.collection.id}/collaborators/${(as === people.viewer ? people.editor : people.viewer).user_id}`,
    fresh: true,
    expected: [200, 403, 403, 403],
  },
  {
    route: 'DELETE /collection/{id}/collaborators/{user_id} (oneself: leaving)',
    method: 'DELETE',
    url: (t, as) => `/api/v1/collection/${t.collection.id}/collaborators/${as.user_id}`,
    fresh: true,
    expected: [200, 200, 200, 403],
  },
  {
    route: 'POST /collection/{id}/invite_link',
    method: 'POST',
    url: (t) => `/api/v1/collection/${t.collection.id}/invite_link`,
    body: () => ({ role: 'viewer' }),
    expected: [201, 403, 403, 403],
  },
  {
    route: 'DELETE /collection/{id}/invite_link',
    method: 'DELETE',
    url: (t) => `/api/v1/collection/${t.collection.id}/invite_link`,
    expected: [200, 403, 403, 403],
  },
];

/** On a private collection, whoever may not read it gets 404 for everything: it does not exist. */
const onPrivate = ([owner, editor, viewer]: RouteCase['expected']): RouteCase['expected'] => [
  owner,
  editor,
  viewer,
  404,
];

describe.each(['public', 'private'] as const)('on a %s collection', (visibility) => {
  it.each(ROUTES)('$route', async (c) => {
    const expected = visibility === 'public' ? c.expected : onPrivate(c.expected);
    const seen: Record<string, number> = {};
    for (const who of EVERYONE) {
      const target = c.fresh ? await makeTarget(visibility === 'private') : shared[visibility];
      const as = who === 'anonymous' ? people.other : people[who];
      const payload = c.body?.(target, as);
      const res = await app.inject({
        method: c.method,
        url: c.url(target, as),
        ...(who === 'anonymous' ? {} : { headers: as.auth }),
        ...(payload ? { payload } : {}),
      });
      seen[who] = res.statusCode;
    }
    expect(seen).toEqual({
      owner: expected[0],
      editor: expected[1],
      viewer: expected[2],
      other: expected[3],
      anonymous: c.anonymousRead ? (visibility === 'public' ? 200 : 404) : 401,
    });
  });
});

describe('what a refused request leaves behind', () => {
  it('nothing: after the whole matrix, the shared private collection keeps its owner and roles', async () => {
    const res = await app.inject({
      url: `/api/v1/collection/${shared.private.collection.id}/collaborators`,
      headers: people.owner.auth,
    });
    expect(
      (res.json().data as { user_id: string; role: string }[]).map((c) => [c.user_id, c.role]).sort(),
    ).toEqual(
      [
        [people.editor.user_id, 'editor'],
        [people.viewer.user_id, 'viewer'],
      ].sort(),
    );
    const col = await app.inject({
      url: `/api/v1/collection/${shared.private.collection.id}`,
      headers: people.viewer.auth,
    });
    expect(col.json().data).toMatchObject({
      user_id: people.owner.user_id,
      my_role: 'viewer',
      private: true,
    });
  });
});
