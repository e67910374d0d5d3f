// API load benchmark: `npm run bench:api` (PostgreSQL via scripts/with-postgres.mjs, then PGlite).
// For GET /api/v1/collection/by_category/{id}, GET /api/v1/collection/recommended?limit=20 (for a
// reader with the likes and follows of the median seeded person), GET /api/v1/collection/{id} and
// GET /api/v1/search?q=<the commonest word of collection names> and GET /api/v1/user/{id}/stats
// (a person with 5,000 rated items, issue 28; its first, uncached read is timed once) on a seeded database
// (10k collections, ~55k items), prints requests/s and p99 next to baselines measured in the same
// run: the same Fastify app answering a fixed in-memory copy of the same JSON, and a bare
// `node:http` server answering that JSON (and, once per database, a fixed ~1.4 KB buffer).
// Not a test.
//
// Options (env): BENCH_DB=pg|pglite|both (default: pg when TEST_DATABASE_URL or DATABASE_URL is
// set, then pglite too unless BENCH_DB=pg), BENCH_DURATION seconds per target (10),
// BENCH_CONNECTIONS (50), BENCH_COLLECTIONS (10000), BENCH_TARGETS (comma-separated subset of
// by_category,recommended,collection,search,stats), BENCH_CPU_PROF=<dir> (a CPU profile of the server
// while each real target is measured, see bench/cpu-profile.ts), BENCH_PROBE=1 (before the load,
// each target 200 times one at a time: its mean time and that of each statement it ran; and the
// recommended strip computed, uncached, before and after the pass of table maintenance).
import type { ChildProcess } from 'node:child_process';
import autocannon, { type Result } from 'autocannon';
import { spawnBenchServer } from './spawn-bench-server.ts';

const ALL_TARGETS = ['by_category', 'recommended', 'collection', 'search', 'stats'] as const;
type Target = (typeof ALL_TARGETS)[number];
const TARGETS = process.env.BENCH_TARGETS
  ? ALL_TARGETS.filter((t) => process.env.BENCH_TARGETS!.split(',').includes(t))
  : ALL_TARGETS;

interface Ready {
  db: string;
  port: number;
  barePort: number;
  fixedSize: number;
  token: string;
  paths: Record<Target, string>;
  sizes: Record<Target, number>;
  categoryCollections: number;
  collectionItems: number;
  searchWord: string;
  searchMatches: number;
  statsRated: number;
  statsColdMs: number;
  seeded: { people: number; collections: number; items: number };
}

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PROFILE = Boolean(process.env.BENCH_CPU_PROF);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const which = process.env.BENCH_DB ?? (pgUrl ? 'both' : 'pglite');
const runs = [...(which !== 'pglite' && pgUrl ? ['postgres'] : []), ...(which !== 'pg' ? ['pglite'] : [])];
if (runs.length === 0) {
  console.error(
    'BENCH_DB=pg needs a PostgreSQL server: run through `npm run bench:api` or set DATABASE_URL.',
  );
  process.exit(2);
}

async function startServer(kind: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const server = spawnBenchServer<Ready>(
    new URL('./api-server.ts', import.meta.url),
    kind === 'postgres' ? (pgUrl ?? '') : '',
  );
  return { child: server.child, ready: await server.ready };
}

async function load(url: string, headers: Record<string, string>, duration: number): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration, headers });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const rows: string[][] = [];

const ratio = (a: Result, b: Result) => `${((a.requests.average / b.requests.average) * 100).toFixed(1)}%`;

/** A target that answered anything but 2xx measured something else: the run exits 1 at the end. */
let failed = false;
function report(r: Result): void {
  if (r.non2xx || r.errors || r.timeouts) {
    failed = true;
    console.error(`failures: non2xx=${r.non2xx} errors=${r.errors} timeouts=${r.timeouts}`);
  }
}

for (const kind of runs) {
  console.log(`\n== ${kind}: seeding and starting the server ==`);
  const { child, ready } = await startServer(kind);
  const base = `http://127.0.0.1:${ready.port}`;
  const bare = `http://127.0.0.1:${ready.barePort}`;
  const auth = { authorization: `Bearer ${ready.token}` };
  console.log(
    `seeded ${fmt(ready.seeded.collections)} collections, ${fmt(ready.seeded.items)} items, ` +
      `${fmt(ready.seeded.people)} people; category has ${fmt(ready.categoryCollections)} public collections`,
  );
  const labels: Record<Target, string> = {
    by_category: 'GET /collection/by_category/{id} (20 cards)',
    recommended: 'GET /collection/recommended?limit=20',
    collection: 'GET /collection/{id}',
    search: `GET /search?q=${ready.searchWord} (20 of ${fmt(ready.searchMatches)} hits)`,
    stats: `GET /user/{id}/stats (${fmt(ready.statsRated)} rated, cached; cold ${fmt(ready.statsColdMs)} ms)`,
  };
  // The floor: Node answering a fixed buffer, nothing else.
  await load(`${bare}/fixed`, {}, 2);
  const floor = await load(`${bare}/fixed`, {}, DURATION);
  report(floor);
  rows.push([
    kind,
    'bare node:http, fixed buffer',
    `${(ready.fixedSize / 1024).toFixed(1)} KB`,
    fmt(floor.requests.average),
    `${floor.latency.p99} ms`,
    '',
    '',
    '',
    '',
    '',
  ]);
  console.log(rows.at(-1)!.join(' | '));
  for (const target of TARGETS) {
    const real = `${base}${ready.paths[target]}`;
    const fixed = `${base}/bench/baseline/${target}`;
    const bareJson = `${bare}/json/${target}`;
    // Each warmed up just before it is measured (JIT, caches; for the real route the connection
    // pool, which closes connections idle for 10 s, and the statements prepared on them).
    await load(bareJson, {}, 2);
    const bareResult = await load(bareJson, {}, DURATION);
    await load(fixed, {}, 2);
    const baseline = await load(fixed, {}, DURATION);
    await load(real, auth, 2);
    if (PROFILE) await fetch(`${base}/bench/profile/start`, { method: 'POST' });
    const measured = await load(real, auth, DURATION);
    if (PROFILE) await fetch(`${base}/bench/profile/stop/${target}`, { method: 'POST' });
    for (const r of [bareResult, baseline, measured]) report(r);
    rows.push([
      kind,
      labels[target],
      `${(ready.sizes[target] / 1024).toFixed(1)} KB`,
      fmt(measured.requests.average),
      `${measured.latency.p99} ms`,
      fmt(baseline.requests.average),
      `${baseline.latency.p99} ms`,
      fmt(bareResult.requests.average),
      `${bareResult.latency.p99} ms`,
      `${ratio(measured, baseline)} / ${ratio(measured, bareResult)} / ${ratio(baseline, bareResult)}`,
    ]);
    console.log(rows.at(-1)!.join(' | '));
  }
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

const header = [
  'db',
  'route',
  'body',
  'req/s',
  'p99',
  'fastify in-memory req/s',
  'p99',
  'bare node:http req/s',
  'p99',
  'app/fastify / app/bare / fastify/bare',
];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(`\n${CONNECTIONS} connections, ${DURATION} s per target, autocannon on the same machine`);
console.log(
  'Baselines in the same run: the same Fastify app answering an in-memory copy of the JSON, and a ' +
    'bare node:http server answering the same JSON (JSON.stringify per request).',
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
if (failed) {
  console.error('\nSome targets answered errors: their rows are not figures.');
  process.exitCode = 1;
}
