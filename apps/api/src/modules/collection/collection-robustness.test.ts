import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, FILMES, type Session } from './collection.test-helpers.ts';

// A 5xx is always a bug: whatever a client sends to these routes, the answer is 2xx or 4xx.
let ctx: TestContext;
let owner: Session;
let collectionId: string;
let itemId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx.app);
  collectionId = (await createCollection(ctx.app, owner)).id;
  itemId = (await addItem(ctx.app, owner, collectionId)).id;
});
afterAll(() => ctx.close());

const GARBAGE: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(10_000),
  '\u0000',
  '\ud800',
  '😀'.repeat(50),
  "'; DROP TABLE collections; --",
  [],
  ['a'],
  {},
  { $gt: '' },
  '2026-02-30',
  '31/02/1990',
  '../../etc/passwd',
];

describe('malformed input never causes a 5xx', () => {
  it('survives garbage in every body field of every write route', async () => {
    const routes: { method: 'POST' | 'PUT'; url: () => string; valid: Record<string, unknown> }[] = [
      {
        method: 'POST',
        url: () => '/api/v1/collection',
        valid: { category_id: FILMES, name: 'N', description: 'D', private: false },
      },
      {
        method: 'PUT',
        url: () => `/api/v1/collection/${collectionId}`,
        valid: { category_id: FILMES, name: 'N' },
      },
      {
        method: 'POST',
        url: () => '/api/v1/collection_items',
        valid: { collection_id: collectionId, name: 'N', description: 'D', rating: 3 },
      },
      { method: 'PUT', url: () => `/api/v1/collection_items/${itemId}`, valid: { name: 'N', rating: 2.5 } },
      {
        method: 'PUT',
        url: () => `/api/v1/user/${owner.user_id}`,
        valid: {
          name: 'N',
          alias_name: 'A',
          cellular: '11987654321',
          birthday: '1990-01-01',
          address: 'Rua',
          country: 'Brasil',
          state: 'Bahia',
          city: 'Salvador',
          postal_code: '40020-000',
        },
      },
    ];
    for (const route of routes) {
      for (const field of Object.keys(route.valid)) {
        for (const value of GARBAGE) {
          const res = await ctx.app.inject({
            method: route.method,
            url: route.url(),
            headers: owner.auth,
            payload: { ...route.valid, [field]: value },
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url()} ${field}=${JSON.stringify(value)}`,
          ).toBeLessThan(500);
        }
      }
      for (const body of ['[]', '"x"', '42', 'null', '{"a":', '']) {
        const res = await ctx.app.inject({
          method: route.method,
          url: route.url(),
          headers: { ...owner.auth, 'content-type': 'application/json' },
          payload: body,
        });
        expect(res.statusCode, `${route.method} ${route.url()} body ${body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
  });

  it('survives garbage in every path segment and query parameter', async () => {
    const segments = ['%00', '%FF', 'a'.repeat(300), '..', '%27%3B', 'x%20y', '😀'];
    const urls = segments.flatMap((s) => [
      `/api/v1/collection/${s}`,
      `/api/v1/collection_items/${s}`,
      `/api/v1/user/${s}`,
      `/api/v1/collection/by_user/${s}`,
      `/api/v1/collection/by_category/${s}`,
      `/api/v1/collection/by_category/${FILMES}?limit=${s}`,
      `/api/v1/collection/by_category/${FILMES}?cursor=${s}`,
      `/api/v1/collection/by_category/${FILMES}?sort=${s}`,
      `/api/v1/collection/by_followers?limit=${s}`,
      `/api/v1/collection/by_user/${owner.user_id}?cursor=${s}&limit=1e400`,
    ]);
    for (const url of urls) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await ctx.app.inject({
          method,
          url,
          headers: owner.auth,
          payload: method === 'PUT' ? {} : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });
});
