import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresServer, type PostgresServer } from '../../../../scripts/postgres-server.mjs';
import { buildApp } from '../app.ts';
import { testConfig } from '../env.ts';
import { createCollection, type Session } from '../modules/collection/collection.test-helpers.ts';
import { signUp, TEST_DEFAULTS } from '../test/test-context.ts';
import { DatabaseUnavailableError, openDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Issue 14, faults on PostgreSQL: this file starts a PostgreSQL server of its own and stops and
 * kills it under the API. It runs in the PostgreSQL suite (`npm run test:api:pg`) only, and fails
 * (with the install command) where no PostgreSQL server binaries are found.
 */
let pg: PostgresServer;
let db: Db;
let app: FastifyInstance;
let ana: Session;
let listId: string;

/** "Answered, not hung": an outage must be answered well within this. */
const ANSWER_WITHIN_MS = 3_000;

beforeAll(async () => {
  // Commits reach the kernel before they are answered, so a killed server keeps them.
  pg = await createPostgresServer({ synchronousCommit: true });
  await pg.start();
  db = await openDb({ databaseUrl: pg.url, poolSize: 4 });
  await migrate(db);
  app = await buildApp({ config: testConfig(TEST_DEFAULTS), db });
  await app.ready();
  ana = await signUp(app);
  listId = (await createCollection(app, ana)).id;
}, 120_000);

afterAll(async () => {
  await app?.close();
  await db?.close().catch(() => {});
  pg?.destroy();
});

const addItem = (key: string, name: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/collection_items',
    headers: { ...ana.auth, 'idempotency-key': key },
    payload: { collection_id: listId, name, description: '' },
  });

async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = Date.now();
  const answer = await request();
  return { answer, ms: Date.now() - started };
}

async function itemsNamed(name: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM collection_items WHERE collection_id = $1 AND name = $2',
    [listId, name],
  );
  return row!.n;
}

/** The API recovers by itself: the same app and pool, polled until the health route says so. */
async function waitForRecovery(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' });
    if (res.statusCode === 200) return Date.now() - started;
    expect(res.statusCode).toBe(503);
    if (Date.now() - started > 30_000) throw new Error('the API did not recover within 30 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('PostgreSQL stopped under the API', () => {
  it('answers 503 DATABASE_UNAVAILABLE quickly, recovers by itself, and a retried key writes once', async () => {
    pg.stop('immediate');
    for (const request of [
      () => app.inject({ method: 'GET', url: '/api/v1/health' }),
      () => app.inject({ method: 'GET', url: `/api/v1/collection/${listId}`, headers: ana.auth }),
      () => addItem(randomUUID(), 'nunca escrito'),
    ]) {
      const { answer, ms } = await timed(request);
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json().error.code).toBe('DATABASE_UNAVAILABLE');
      expect(answer.headers['retry-after']).toBe('2');
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    }
    const key = randomUUID();
    expect((await addItem(key, 'depois da volta')).statusCode).toBe(503);

    await pg.start();
    await waitForRecovery();
    const [first, again] = [await addItem(key, 'depois da volta'), await addItem(key, 'depois da volta')];
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await itemsNamed('depois da volta')).toBe(1);
    expect(await itemsNamed('nunca escrito')).toBe(0);
  }, 90_000);

  it('killed with -9 during writes: every write is answered (2xx or 503), and retries leave each exactly once', async () => {
    const writes = Array.from({ length: 24 }, (_, i) => ({ key: randomUUID(), name: `carga ${i}` }));
    const inFlight = writes.map((w, i) =>
      new Promise((r) => setTimeout(r, i * 15)).then(() => timed(() => addItem(w.key, w.name))),
    );
    await new Promise((r) => setTimeout(r, 150));
    await pg.kill();
    const answers = await Promise.all(inFlight);
    for (const { answer, ms } of answers) {
      expect([201, 503], answer.body).toContain(answer.statusCode);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS + 1_000);
    }
    expect(answers.some((a) => a.answer.statusCode === 503)).toBe(true);
    const acknowledged = writes.filter((_, i) => answers[i]!.answer.statusCode === 201);

    await pg.start();
    await waitForRecovery();
    // What was acknowledged survived, before any retry.
    for (const w of acknowledged) expect(await itemsNamed(w.name), w.name).toBe(1);
    // The client retries every write it is unsure of (here: all) with the same key.
    for (const w of writes) expect((await addItem(w.key, w.name)).statusCode).toBe(201);
    for (const w of writes) expect(await itemsNamed(w.name), w.name).toBe(1);
  }, 90_000);
});

describe('timeouts', () => {
  it('a statement past the statement timeout is DatabaseUnavailableError (503), not a wait', async () => {
    const slow = await openDb({ databaseUrl: pg.url, poolSize: 1, statementTimeoutMs: 300 });
    try {
      const { answer, ms } = await timed(() =>
        slow.query('SELECT pg_sleep(5)').then(
          () => 'answered',
          (err: unknown) => err,
        ),
      );
      expect(answer).toBeInstanceOf(DatabaseUnavailableError);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
      // The pool goes on serving after it.
      expect(await slow.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await slow.close();
    }
  });

  it('a server that accepts connections but never answers is given up on after the connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    try {
      const { answer, ms } = await timed(() =>
        openDb({ databaseUrl: `postgres://x@127.0.0.1:${port}/x`, connectTimeoutMs: 500 }).then(
          () => 'connected',
          (err: unknown) => err,
        ),
      );
      expect(answer).toBeInstanceOf(Error);
      expect(ms).toBeLessThan(ANSWER_WITHIN_MS);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
