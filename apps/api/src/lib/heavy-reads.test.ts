import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import type { Db, Queryable } from '../db/client.ts';
import { testConfig } from '../env.ts';
import { createCollection } from '../modules/collection/collection.test-helpers.ts';
import { createTestContext, signUp, TEST_DEFAULTS, type TestContext } from '../test/test-context.ts';
import { heavyReads } from './heavy-reads.ts';
import { newId } from './ids.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('heavyReads', () => {
  it('runs at most `atOnce` reads at a time, the next as soon as one ends, failed or not', async () => {
    const heavy = heavyReads(2);
    const started: number[] = [];
    const ends = [deferred<string>(), deferred<string>(), deferred<string>(), deferred<string>()];
    const reads = ends.map((end, i) =>
      heavy(() => {
        started.push(i);
        return end.promise;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);

    ends[0]!.reject(new Error('statement failed'));
    await expect(reads[0]).rejects.toThrow('statement failed');
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2]));

    ends[1]!.resolve('a');
    await expect(reads[1]).resolves.toBe('a');
    await vi.waitFor(() => expect(started).toEqual([0, 1, 2, 3]));
    ends[2]!.resolve('b');
    ends[3]!.resolve('c');
    await expect(Promise.all(reads.slice(2))).resolves.toEqual(['b', 'c']);
  });
});

/**
 * The app over the test database with one turn in the lane (HEAVY_READS_AT_ONCE 1), holding every
 * collection search at the database until `release`, and counting each named statement it runs
 * (`ran('name')`): a held search keeps the lane's only turn taken.
 */
async function appWithHeldSearches(ctx: TestContext) {
  const release = deferred();
  const counts = new Map<string, number>();
  const gate = (q: Queryable): Queryable => ({
    exec: (script) => q.exec(script),
    async query(text, params, name) {
      if (name) counts.set(name, (counts.get(name) ?? 0) + 1);
      if (name === 'search_collection') await release.promise;
      return q.query(text, params, name);
    },
  });
  const db: Db = {
    ...ctx.db,
    ...gate(ctx.db),
    transaction: (fn) => ctx.db.transaction((tx) => fn(gate(tx))),
  };
  const app = await buildApp({ config: testConfig({ ...TEST_DEFAULTS, HEAVY_READS_AT_ONCE: '1' }), db });
  await app.ready();
  return { app, release, ran: (name: string) => counts.get(name) ?? 0 };
}

describe('expensive reads under load (decision 059)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('a collection opens while searches fill their lane; the waiting search answers after', async () => {
    // The database holds every collection search until the test lets it go.
    const { app, release, ran } = await appWithHeldSearches(ctx);
    try {
      const me = await signUp(app, { name: 'Lia Paciente' });
      const collection = await createCollection(app, me, { name: 'Discos de vinil' });
      const other = await signUp(app, { name: 'Rui Apressado' });
      const get = (url: string, who = me) => app.inject({ method: 'GET', url, headers: who.auth });
      const recommended = '/api/v1/collection/recommended?limit=5';
      const figures = (who: typeof me) => `/api/v1/user/${who.user_id}/stats`;
      // Lia's suggestions and figures are computed once (in the lane, which is free) and kept.
      expect((await get(recommended)).statusCode).toBe(200);
      expect(ran('recommended_collections')).toBe(1);
      expect((await get(figures(me))).statusCode).toBe(200);
      expect(ran('stats_histogram')).toBe(1);

      const first = get('/api/v1/search?q=discos');
      await vi.waitFor(() => expect(ran('search_collection')).toBe(1));
      const second = get('/api/v1/search?q=vinil');

      // Not behind the searches: the collection answers while both are unanswered.
      const opened = await get(`/api/v1/collection/${collection.id}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.json().data.name).toBe('Discos de vinil');
      // The second search is waiting for its turn, not at the database.
      expect(ran('search_collection')).toBe(1);
      // What is already computed answers from its cache without a turn; computing Rui's waits for
      // one, and his two requests for suggestions compute them once.
      const kept = await get(recommended);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data).toEqual([]);
      const keptFigures = await get(figures(me));
      expect(keptFigures.statusCode).toBe(200);
      const waiting = [get(recommended, other), get(recommended, other), get(figures(other), other)];
      await new Promise((resolve) => setImmediate(resolve));
      const opened2 = await get(`/api/v1/collection/${collection.id}`);
      expect(opened2.statusCode).toBe(200);
      expect(ran('recommended_collections')).toBe(1);
      expect(ran('stats_histogram')).toBe(1);

      release.resolve();
      const [a, b, ...rui] = await Promise.all([first, second, ...waiting]);
      expect(rui.map((res) => res.statusCode)).toEqual([200, 200, 200]);
      expect(ran('recommended_collections')).toBe(2);
      expect(ran('stats_histogram')).toBe(2);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.json().data.map((hit: { id: string }) => hit.id)).toEqual([collection.id]);
      expect(ran('search_collection')).toBe(2);
    } finally {
      release.resolve();
      await app.close();
    }
  });

  it('a shared taste in common, a year and its best match compute in the lane too', async () => {
    const { app, release, ran } = await appWithHeldSearches(ctx);
    try {
      const ana = await signUp(app, { name: 'Ana Comparada' });
      const bia = await signUp(app, { name: 'Bia Comparada' });
      const collection = await createCollection(app, ana, { name: 'Discos de vinil' });
      const year = new Date().getUTCFullYear();
      const [tasteId, recapId] = [newId(), newId()];
      await ctx.db.query('INSERT INTO taste_shares (id, owner_id, other_id) VALUES ($1, $2, $3)', [
        tasteId,
        ana.user_id,
        bia.user_id,
      ]);
      await ctx.db.query('INSERT INTO recap_shares (id, user_id, year) VALUES ($1, $2, $3)', [
        recapId,
        ana.user_id,
        year,
      ]);
      const get = (url: string, who?: typeof ana) =>
        app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });

      // A search holds the only turn.
      const search = get('/api/v1/search?q=discos', ana);
      await vi.waitFor(() => expect(ran('search_collection')).toBe(1));
      const waiting = [
        get(`/api/v1/taste_shares/${tasteId}`),
        get(`/api/v1/recap_shares/${recapId}`),
        get(`/api/v1/user/${bia.user_id}/recap/${year}`, bia),
      ];
      // Their cheap reads run; the comparing and the figures wait for the turn.
      await vi.waitFor(() => expect(ran('taste_share_read')).toBe(1));
      await vi.waitFor(() => expect(ran('recap_figures')).toBe(2));
      for (let i = 0; i < 3; i++)
        expect((await get(`/api/v1/collection/${collection.id}`)).statusCode).toBe(200);
      expect(ran('taste_ratings')).toBe(0);
      expect(ran('stats_histogram')).toBe(0);

      release.resolve();
      const [taste, recap, own] = await Promise.all(waiting);
      // No items in common: the shared match has no number, so its link answers as taken down.
      expect(taste!.statusCode).toBe(404);
      expect(recap!.statusCode).toBe(200);
      expect(own!.statusCode).toBe(200);
      expect((await search).statusCode).toBe(200);
      expect(ran('taste_ratings')).toBe(2);
      expect(ran('stats_histogram')).toBe(2);
    } finally {
      release.resolve();
      await app.close();
    }
  });

  it('people in one’s network are counted in the lane, as suggested people are', async () => {
    const { app, release, ran } = await appWithHeldSearches(ctx);
    try {
      const [me, friend, theirs] = [await signUp(app), await signUp(app), await signUp(app)];
      const follow = (who: typeof me, whom: typeof me) =>
        app.inject({ method: 'PUT', url: `/api/v1/user/${whom.user_id}/follow`, headers: who.auth });
      expect((await follow(me, friend)).statusCode).toBe(200);
      expect((await follow(friend, theirs)).statusCode).toBe(200);
      const collection = await createCollection(app, me, { name: 'Discos de vinil' });
      const get = (url: string) => app.inject({ method: 'GET', url, headers: me.auth });

      const search = get('/api/v1/search?q=discos');
      await vi.waitFor(() => expect(ran('search_collection')).toBe(1));
      const network = get('/api/v1/user/network');
      for (let i = 0; i < 3; i++)
        expect((await get(`/api/v1/collection/${collection.id}`)).statusCode).toBe(200);
      expect(ran('people_network')).toBe(0);

      release.resolve();
      const answer = await network;
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data.map((p: { id: string }) => p.id)).toEqual([theirs.user_id]);
      expect((await search).statusCode).toBe(200);
      expect(ran('people_network')).toBe(1);
    } finally {
      release.resolve();
      await app.close();
    }
  });
});
