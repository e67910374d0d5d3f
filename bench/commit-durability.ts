// What durable commits cost on the embedded database: `npm run bench:durability`.
// Opens PGlite under a fresh directory twice, as `npm start` does (durable: the WAL is fsync'ed
// before a commit returns) and as PGlite does by default (no fsync), and times single-row commits
// in alternating rounds, so both modes see the same machine load. Prints commits/s of each and the
// ratio. Not a test.
//
// Options (env): BENCH_COMMITS per round (300), BENCH_ROUNDS (3), BENCH_DIR where the databases go
// (default: a temporary directory under ./bench; use the disk DATA_DIR lives on).
import { mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '../apps/api/src/db/client.ts';

const COMMITS = Number(process.env.BENCH_COMMITS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const root = resolve(process.env.BENCH_DIR ?? fileURLToPath(new URL('.', import.meta.url)));
const base = mkdtempSync(join(root, '.durability-'));

async function open(durable: boolean): Promise<Db> {
  const db = await openDb({ dataDir: join(base, durable ? 'durable' : 'relaxed'), durable });
  await db.exec('CREATE TABLE IF NOT EXISTS bench_commit (id serial PRIMARY KEY, body text NOT NULL)');
  return db;
}

/** Commits per second over COMMITS single-row INSERTs, each its own transaction. */
async function round(db: Db): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < COMMITS; i += 1) {
    await db.query('INSERT INTO bench_commit (body) VALUES ($1)', [`item ${i} `.repeat(10)]);
  }
  return COMMITS / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const durable = await open(true);
  const relaxed = await open(false);
  const rates = { durable: [] as number[], relaxed: [] as number[] };
  await round(durable); // warm-up: first statements plan and allocate
  await round(relaxed);
  for (let r = 0; r < ROUNDS; r += 1) {
    rates.durable.push(await round(durable));
    rates.relaxed.push(await round(relaxed));
  }
  await durable.close();
  await relaxed.close();
  const d = median(rates.durable);
  const x = median(rates.relaxed);
  console.log(`PGlite commits under ${base} (${COMMITS} per round, median of ${ROUNDS} rounds):`);
  console.log(`  durable (fsync before the answer): ${d.toFixed(0)} commits/s`);
  console.log(`  without fsync (PGlite's default):  ${x.toFixed(0)} commits/s`);
  console.log(`  durable / without: ${(d / x).toFixed(2)}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
