import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { testConfig } from '../env.ts';
import { createCollection } from '../modules/collection/collection.test-helpers.ts';
import { openStream } from '../modules/notification/live.test-helpers.ts';
import { openNodeDatabases, type NodeDatabases } from './node-databases.ts';
import { signUp, TEST_DEFAULTS } from './test-context.ts';

/**
 * Several API nodes over one database (issue 14, decision 025). Under scripts/with-postgres.mjs two
 * apps run on two connection pools to one PostgreSQL database, as two processes behind nginx would:
 * a session and a like made through one are seen through the other, and a limit counts requests
 * through both. On the embedded database (one process) the same apps share one PGlite: sessions and
 * likes still hold, and limits count in memory, writing nothing.
 */
const PER_IP = 6;
const PER_PERSON = 5;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let databases: NodeDatabases;
let dbs: Db[];
let a: FastifyInstance;
let b: FastifyInstance;

const node = async (name: string, db: Db) => {
  const app = await buildApp({
    config: testConfig({
      ...TEST_DEFAULTS,
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
      ITEM_WRITES_PER_MINUTE: String(PER_PERSON),
      TRUST_PROXY: '127.0.0.1',
      API_NODE_NAME: name,
    }),
    db,
  });
  await app.ready();
  return app;
};

beforeAll(async () => {
  databases = await openNodeDatabases('acervo_nodes');
  dbs = databases.dbs;
  await migrate(dbs[0]!);
  a = await node('a', dbs[0]!);
  b = await node('b', dbs[1]!);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await databases.close();
});

/** A sign-in attempt with an empty body (400): the per-IP limit counts it before validation. */
const attempt = (app: FastifyInstance, client: string, from = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/session',
    payload: {},
    remoteAddress: from,
    headers: { 'x-forwarded-for': client },
  });

/** Requests alternating between the nodes until the first 429; how many got through. */
async function throughBothUntilLimited(send: (app: FastifyInstance) => Promise<{ statusCode: number }>) {
  for (let n = 0; n < 3 * PER_IP; n += 1) {
    const res = await send(n % 2 === 0 ? a : b);
    if (res.statusCode === 429) return n;
  }
  return Infinity;
}

describe('two API nodes over one database', () => {
  it('serve each other’s sessions: signed in through one, served and signed out through the other', async () => {
    const ana = await signUp(a);
    const fromB = await b.inject({ url: '/api/v1/sessions', headers: ana.auth });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['x-acervo-node']).toBe('b');

    const out = await b.inject({ method: 'DELETE', url: '/api/v1/session', headers: ana.auth });
    expect(out.statusCode).toBeLessThan(300);
    expect((await a.inject({ url: '/api/v1/sessions', headers: ana.auth })).statusCode).toBe(401);
  });

  it('agree on a like: made through one, counted and shown as mine through the other', async () => {
    const owner = await signUp(a);
    const bia = await signUp(b);
    const collection = await createCollection(a, owner);
    const like = await a.inject({
      method: 'PUT',
      url: `/api/v1/collection/${collection.id}/like`,
      headers: bia.auth,
    });
    expect(like.json().data).toEqual({ liked: true, total_likes: 1 });

    const seen = (await b.inject({ url: `/api/v1/collection/${collection.id}`, headers: bia.auth })).json()
      .data;
    expect(seen.likes).toBe(1);
    expect(seen.liked_by_me).toBe(true);
    const byOwner = (
      await b.inject({ url: `/api/v1/collection/${collection.id}`, headers: owner.auth })
    ).json().data;
    expect(byOwner.liked_by_me).toBe(false);
  });

  it('carry the live bell across: a like through one reaches a stream open on the other, and a sign-out ends it', async () => {
    const [ana, bia] = [await signUp(a), await signUp(a)];
    const collection = await createCollection(a, bia);
    const streamOnB = await openStream(await b.listen({ port: 0, host: '127.0.0.1' }), bia.auth);
    try {
      expect(streamOnB.status).toBe(200);
      const before = await streamOnB.nextOf('notification');
      const likedAt = performance.now();
      const like = await a.inject({
        method: 'PUT',
        url: `/api/v1/collection/${collection.id}/like`,
        headers: ana.auth,
      });
      expect(like.statusCode).toBe(200);
      const after = await streamOnB.nextOf('notification');
      expect(after.data).toEqual({ unread: (before.data as { unread: number }).unread + 1 });
      expect(after.at - likedAt).toBeLessThan(2000);

      const signOut = await a.inject({ method: 'DELETE', url: '/api/v1/session', headers: bia.auth });
      expect(signOut.statusCode).toBe(200);
      await streamOnB.ended();
    } finally {
      streamOnB.close();
    }
  });

  it('read the client’s address from X-Forwarded-For only when the proxy is a trusted one', async () => {
    // Through the trusted proxy: each client has its own count.
    for (let n = 0; n < PER_IP; n += 1) expect((await attempt(a, '203.0.113.10')).statusCode).toBe(400);
    expect((await attempt(a, '203.0.113.10')).statusCode).toBe(429);
    expect((await attempt(a, '203.0.113.11')).statusCode).toBe(400);

    // Anyone else naming a new address in the header each time is still one address.
    const direct = '198.51.100.20';
    for (let n = 0; n < PER_IP; n += 1)
      expect((await attempt(a, `192.0.2.${n}`, direct)).statusCode).toBe(400);
    expect((await attempt(a, '192.0.2.99', direct)).statusCode).toBe(429);
  });

  it('refuse a TRUST_PROXY that is neither a switch nor addresses', () => {
    expect(() => testConfig({ TRUST_PROXY: 'nginx' })).toThrow(/TRUST_PROXY/);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
  });
});

if (onPostgres) {
  describe('on PostgreSQL, limits count requests through every node', () => {
    it('a per-IP limit answers 429 at the same total as on one node, wherever the requests land', async () => {
      expect(await throughBothUntilLimited((app) => attempt(app, '203.0.113.30'))).toBe(PER_IP);
      // Both nodes now refuse that client, and only that client.
      expect((await attempt(a, '203.0.113.30')).statusCode).toBe(429);
      expect((await attempt(b, '203.0.113.30')).statusCode).toBe(429);
      expect((await attempt(b, '203.0.113.31')).statusCode).toBe(400);
    });

    it('a per-person limit too: item writes through both nodes stop at the one-node total', async () => {
      const ana = await signUp(a);
      const mine = await createCollection(a, ana);
      const add = (app: FastifyInstance) =>
        app.inject({
          method: 'POST',
          url: '/api/v1/collection_items',
          headers: ana.auth,
          payload: { collection_id: mine.id, name: 'Central do Brasil' },
        });
      expect(await throughBothUntilLimited(add)).toBe(PER_PERSON);
      const items = (await b.inject({ url: `/api/v1/collection/${mine.id}`, headers: ana.auth })).json().data;
      expect(items.items_count).toBe(PER_PERSON);
    });
  });
} else {
  describe('on the embedded database (one process), limits count in memory', () => {
    it('a per-IP limit holds in the process without writing a row per request', async () => {
      for (let n = 0; n < PER_IP; n += 1) expect((await attempt(a, '203.0.113.40')).statusCode).toBe(400);
      expect((await attempt(a, '203.0.113.40')).statusCode).toBe(429);
      const [rows] = await dbs[0]!.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limits');
      expect(rows!.n).toBe(0);
    });
  });
}
