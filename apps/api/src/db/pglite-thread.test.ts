import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../env.ts';
import { asRequestArrivedAt } from '../lib/request-age.ts';
import { TEST_DEFAULTS } from '../test/test-context.ts';
import { openDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * The embedded database runs on a thread of its own (decision 042): while it works, the thread that
 * serves HTTP keeps answering; a transaction still holds it alone; rows and errors cross the
 * thread as PGlite made them. PGlite on disk, as `npm start` runs it (the PostgreSQL suite has
 * nothing to add here: a server never ran on this thread).
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database on its own thread', () => {
  let dir: string;
  let db: Db;
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'acervo-pglite-thread-'));
    db = await openDb({ dataDir: dir });
    await migrate(db);
    app = await buildApp({ config: testConfig(TEST_DEFAULTS), db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Asks for GET /api/v1/config (no database) one after another until `until` says stop. */
  async function configRequests(until: () => boolean) {
    const latencies: number[] = [];
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    while (!until()) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/config`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
    }
    delay.disable();
    const sorted = [...latencies].sort((a, b) => a - b);
    return { latencies, median: sorted[Math.floor(sorted.length / 2)]!, loopDelayMeanMs: delay.mean / 1e6 };
  }

  it('answers a request that needs no database while a slow statement runs, as fast as without it', async () => {
    // The same request, the same number of times, with the database idle.
    let count = 0;
    const idle = await configRequests(() => count++ >= 20);

    // A statement that keeps PGlite busy for a second; the requests run for as long as it does.
    let running = true;
    const started = performance.now();
    const slow = db.query('SELECT pg_sleep(1)').finally(() => (running = false));
    const busy = await configRequests(() => !running);
    await slow;
    const statementMs = performance.now() - started;

    // On the request thread (before decision 042) the statement held the event loop: one request
    // waited for all of it, and hardly another was answered meanwhile.
    // Medians and means, not the worst: one pause of a busy CI machine (a collection, another test
    // file starting) must not decide it.
    expect(busy.latencies.length).toBeGreaterThanOrEqual(idle.latencies.length / 2);
    expect(busy.median).toBeLessThan(idle.median + statementMs / 4);
    expect(busy.loopDelayMeanMs).toBeLessThan(idle.loopDelayMeanMs + statementMs / 4);
  }, 60_000);

  it('lets a transaction hold the database: a statement from outside waits for its commit', async () => {
    await db.exec('CREATE TABLE thread_isolation (n int)');
    let outside: Promise<{ n: number }[]> | undefined;
    let outsideDone = false;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO thread_isolation VALUES (1)');
      outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM thread_isolation');
      void outside.then(() => (outsideDone = true));
      // Statements of the transaction go on while the outside one waits.
      await tx.query('SELECT pg_sleep(0.1)');
      await tx.query('INSERT INTO thread_isolation VALUES (2)');
      expect(outsideDone).toBe(false);
    });
    expect(await outside).toEqual([{ n: 2 }]);

    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO thread_isolation VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.query('SELECT count(*)::int AS n FROM thread_isolation')).toEqual([{ n: 2 }]);
  });

  it('serves the oldest request first: work waiting for the database runs in the order its requests came in', async () => {
    await db.exec('CREATE SEQUENCE served_order');
    const now = performance.now();
    let served: Promise<Array<{ n: number }[]>> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      // While the transaction holds the database, three requests' statements wait, sent newest
      // request first: one that came in now, one 2 s ago, one 1 s ago.
      served = Promise.all(
        [now, now - 2000, now - 1000].map((arrivedAt) =>
          asRequestArrivedAt(arrivedAt, () =>
            db.query<{ n: number }>("SELECT nextval('served_order')::int AS n"),
          ),
        ),
      );
      // The transaction's own statements never wait behind them.
      await tx.query('SELECT 2');
    });
    const [newest, oldest, middle] = (await served!).map(([row]) => row!.n);
    expect([oldest, middle, newest]).toEqual([1, 2, 3]);
  });

  it('hands rows and errors over as PGlite made them', async () => {
    const [row] = await db.query<{ at: Date; bytes: Uint8Array; doc: unknown; big: bigint | string }>(
      `SELECT '2026-11-26T10:00:00Z'::timestamptz AS at, '\\x0102'::bytea AS bytes,
         '{"a":[1,"b"]}'::jsonb AS doc, 9007199254740993::int8 AS big`,
    );
    expect(row!.at).toEqual(new Date('2026-11-26T10:00:00Z'));
    expect(Array.from(row!.bytes)).toEqual([1, 2]);
    expect(row!.doc).toEqual({ a: [1, 'b'] });
    await db.exec('CREATE TABLE thread_unique (k text PRIMARY KEY)');
    await db.query('INSERT INTO thread_unique VALUES ($1)', ['x']);
    // Services tell a unique violation by its SQLSTATE (auth.service.ts: e-mail taken).
    await expect(db.query('INSERT INTO thread_unique VALUES ($1)', ['x'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'thread_unique_pkey',
    });
  });

  it('runs a named statement prepared, with the same rows, errors and notifications as an unnamed one', async () => {
    await db.exec('CREATE TABLE thread_named (k text PRIMARY KEY, tags text[], at timestamptz)');
    const insert = (k: string, tags: string[] | null) =>
      db.query<{ k: string; tags: string[] | null; at: Date }>(
        `INSERT INTO thread_named VALUES ($1, $2, '2026-11-28T12:00:00Z') RETURNING *`,
        [k, tags],
        'thread_named_insert',
      );
    // The first call prepares the statement, the next ones run it by name.
    for (const [k, tags] of [
      ["it's", ['a', 'b "c"']],
      ['back\\slash', null],
      ['third', []],
    ] as const) {
      expect(await insert(k, tags === null ? null : [...tags])).toEqual([
        { k, tags: tags === null ? null : [...tags], at: new Date('2026-11-28T12:00:00Z') },
      ]);
    }
    await expect(insert("it's", ['again'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'thread_named_pkey',
      query: expect.stringContaining('INSERT INTO thread_named'),
    });
    // The failed call left nothing behind: the next one runs.
    expect(await insert('fourth', ['d'])).toHaveLength(1);

    const heard: string[] = [];
    const stop = await db.listen('thread_named_channel', {
      onMessage: (payload) => heard.push(payload),
      onListening: () => {},
    });
    for (const payload of ['one', 'two']) {
      await db.query('SELECT pg_notify($1, $2)', ['thread_named_channel', payload], 'thread_named_notify');
    }
    await expect.poll(() => heard).toEqual(['one', 'two']);
    await stop();
  });
});
