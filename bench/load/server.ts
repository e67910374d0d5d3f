// The server side of `npm run bench:load` (started by bench/load/run.ts, not on its own): seeds
// the load community into a new database (a scratch database on BENCH_DATABASE_URL's PostgreSQL
// server, or PGlite on disk in a temporary DATA_DIR with durable commits, as `npm start` runs it),
// starts the real app on a free port, signs in the accounts the load uses, prints one JSON line
// when ready, then a sample a second (process.memoryUsage(), which includes PGlite's WebAssembly
// memory in `rss`, and the event loop's delay) until killed. Bench code only: nothing here is in the app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../apps/api/src/app.ts';
import { openDb, type Db, type Queryable } from '../../apps/api/src/db/client.ts';
import {
  maintainTables,
  startTableMaintenance,
  type MaintenanceStep,
} from '../../apps/api/src/db/maintenance.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../../apps/api/src/db/scratch-database.ts';
import { loadConfig } from '../../apps/api/src/env.ts';
import { hashPassword } from '../../apps/api/src/lib/passwords.ts';
import { createSession } from '../../apps/api/src/modules/auth/auth.service.ts';
import { refreshRecommendations } from '../../apps/api/src/modules/recommendation/recommendation.job.ts';
import { serveUntilStopped } from '../serve-until-stopped.ts';
import { FULL_SCALE, scaleBy, seedLoad } from './seed.ts';
import type { Account, Ready, Rebuild, ServerSample, StatementTime } from './protocol.ts';

const adminUrl = process.env.BENCH_DATABASE_URL;
const scale = process.env.BENCH_SCALE ? scaleBy(Number(process.env.BENCH_SCALE)) : FULL_SCALE;
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 200);
const POOL_SIZE = 10;

const log = (message: string) => process.stderr.write(`[load-server] ${message}\n`);

async function open(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'acervo_load');
    return { db: await openDb({ databaseUrl: scratch.url, poolSize: POOL_SIZE }), drop: scratch.drop };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'acervo-load-'));
  return {
    // BENCH_PGLITE_DURABLE=0: without the fsync before each commit's answer, to see its cost.
    // BENCH_DB_CPU_PROF=<file>: a CPU profile of the database's own thread (bench/db-thread-profile.ts).
    // BENCH_DB_THREAD_TIMES=<file>: the database's busy time per statement (bench/db-thread-statements.ts).
    db: await openDb({
      dataDir,
      durable: process.env.BENCH_PGLITE_DURABLE !== '0',
      threadPreload: [
        ...(process.env.BENCH_DB_CPU_PROF ? [new URL('../db-thread-profile.ts', import.meta.url).href] : []),
        ...(process.env.BENCH_DB_THREAD_TIMES
          ? [new URL('../db-thread-statements.ts', import.meta.url).href]
          : []),
      ],
    }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const { db, drop } = await open();
await migrate(db);
log(`seeding ${JSON.stringify(scale)} on ${db.kind}`);
const seeded = await seedLoad(db, scale, await hashPassword('Carga2026senha!'));
log(`seeded in ${seeded.seconds.toFixed(1)} s: ${JSON.stringify(seeded)}`);

// BENCH_NEIGHBOURS=1: the recommendation job's neighbours built before the mix (its full rebuild,
// without pauses or cap, then a maintenance pass so the planner knows the new rows), as on a site
// whose job has run. Without it the mix's strip scores with no neighbour list: cheaper than real.
let neighbours: Ready['neighbours'] = null;
if (process.env.BENCH_NEIGHBOURS === '1') {
  const started = performance.now();
  const built = await refreshRecommendations(db, { full: true, maxCollections: Infinity, pause: 0 });
  await maintainTables(db, { all: true });
  const [count] = await db.query<{ rows: number }>('SELECT count(*)::int AS rows FROM collection_neighbors');
  neighbours = {
    collections: built.collections,
    rows: count!.rows,
    seconds: (performance.now() - started) / 1000,
  };
  log(`neighbours built: ${JSON.stringify(neighbours)}`);
}

// The accounts the load signs in as, spread over the people; sessions through the auth service.
const people = await db.query<{ id: string; name: string; email: string }>(
  `SELECT id, name, email FROM users ORDER BY id LIMIT $1`,
  [ACCOUNTS],
);
const accounts: Account[] = [];
for (const person of people) {
  const session = await createSession(db, { ...person, picture: null, email_verified: true }, 30, {
    userAgent: 'bench:load',
  });
  const own = await db.query<{ id: string }>('SELECT id FROM collections WHERE user_id = $1 LIMIT 10', [
    person.id,
  ]);
  accounts.push({ token: session.access_token, userId: person.id, collections: own.map((c) => c.id) });
}

// What the reads pick from: public collections and people, sampled across the whole table.
const collections = await db.query<{ id: string; user_id: string }>(
  `SELECT id, user_id FROM collections WHERE NOT private ORDER BY md5(id) LIMIT 5000`,
);
const persons = await db.query<{ id: string }>('SELECT id FROM users ORDER BY md5(id) LIMIT 2000');
const categories = await db.query<{ id: string }>('SELECT id FROM categories ORDER BY id');

const config = loadConfig({
  LOG_LEVEL: 'warn',
  CAPTCHA_PROVIDER: 'off',
  DATABASE_POOL_SIZE: String(POOL_SIZE),
  // Daily abuse caps are not under test here: 200 accounts liking, following and commenting for as long as
  // BENCH_DURATION says would reach them. The per-minute item write limit stays as deployed.
  SOCIAL_DAILY_LIKES: '1000000',
  SOCIAL_DAILY_FOLLOWS: '1000000',
  SOCIAL_DAILY_COMMENTS: '1000000',
  // As deployed unless the run asks otherwise (HEAVY_READS_AT_ONCE=50: no lane, decision 059).
  HEAVY_READS_AT_ONCE: process.env.HEAVY_READS_AT_ONCE,
});
// Every statement the app runs is timed by name (or its first words): run.ts reads the totals
// before and after its one-request-at-a-time phase, where no statement waits for a connection.
const statements: Record<string, StatementTime> = {};
/** The same for the recommendation job's statements, kept apart (GET /bench/rebuild reports them). */
const jobStatements: Record<string, StatementTime> = {};
const timed = (q: Queryable, totals = statements): Queryable => ({
  exec: (script) => q.exec(script),
  async query(text, params, name) {
    const started = performance.now();
    try {
      return await q.query(text, params, name);
    } finally {
      const key = name ?? text.replace(/\s+/g, ' ').trim().slice(0, 60);
      const time = (totals[key] ??= { count: 0, ms: 0, max: 0 });
      const took = performance.now() - started;
      time.count += 1;
      time.ms += took;
      time.max = Math.max(time.max, took);
    }
  },
});
/** The database with every statement, in or out of a transaction, timed into `totals`. */
const timedDb = (totals: Record<string, StatementTime>): Db => ({
  ...db,
  ...timed(db, totals),
  transaction: (fn) => db.transaction((tx) => fn(timed(tx, totals))),
});
const app = await buildApp({ config, db: timedDb(statements) });
// As `npm start` does: on PGlite, a pass of table maintenance every minute (decision 063).
// Its steps are kept for GET /bench/rebuild: each holds the one connection while it runs.
const maintenance: MaintenanceStep[] = [];
startTableMaintenance(db, app.log, { onSteps: (steps) => void maintenance.push(...steps) });
// Bench-only routes, never in production code: run.ts starts the recommendation job's rebuild beside
// its one-at-a-time probe and polls it. The job runs as `npm start` runs it (its own connection use,
// pausing between slices as long as each took); without the deployed cap of 5,000 collections a
// run, so one run here is what the deployed job does in several consecutive runs.
type RebuildState = Omit<Rebuild, 'statements' | 'maintenance'>;
let rebuild: RebuildState | undefined;
const jobDb = timedDb(jobStatements);
app.post('/bench/rebuild', async (request, reply) => {
  if (rebuild && !rebuild.done) return reply.status(409).send({});
  const state: RebuildState = (rebuild = { done: false, progress: undefined });
  const full = (request.body as { full?: boolean } | undefined)?.full === true;
  refreshRecommendations(jobDb, {
    full,
    pause: 1,
    maxCollections: Infinity,
    onSlice: (report) => (state.progress = { ...report }),
  }).then(
    (report) => Object.assign(state, { done: true, report }),
    (err: unknown) => Object.assign(state, { done: true, error: String(err) }),
  );
  return {};
});
app.get('/bench/rebuild', async () => ({ ...rebuild, statements: jobStatements, maintenance }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const ready: Ready = {
  ready: true,
  db: db.kind,
  port: typeof address === 'object' && address ? address.port : 0,
  seeded,
  neighbours,
  accounts,
  collections: collections.map((c) => ({ id: c.id, owner: c.user_id })),
  people: persons.map((p) => p.id),
  categories: categories.map((c) => c.id),
};
process.stdout.write(`${JSON.stringify(ready)}\n`);

// How late the event loop runs timers: the thread that serves HTTP (PGlite runs on a thread of its
// own since decision 042; before, every statement ran on this one).
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const sample = () => {
  const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
  const serverSample: ServerSample = {
    rss,
    heapUsed,
    heapTotal,
    external,
    loopDelayMeanMs: loopDelay.mean / 1e6,
    loopDelayMaxMs: loopDelay.max / 1e6,
    statements,
  };
  loopDelay.reset();
  process.stdout.write(`${JSON.stringify({ serverSample })}\n`);
};
sample();
const sampler = setInterval(sample, 1000);

// If run.ts dies, the next sample cannot be written: stop as if told to, dropping the database.
process.stdout.on('error', () => process.kill(process.pid, 'SIGTERM'));
serveUntilStopped(app, db, async () => {
  clearInterval(sampler);
  await drop();
});
