// Load benchmark: `npm run bench:load` (PostgreSQL via scripts/with-postgres.mjs, then PGlite).
// Per database: seeds 10k people, 100k collections, 500k items (plus likes, follows, saved copies)
// with set-based SQL, starts the real server (bench/load/server.ts), then runs for BENCH_DURATION
// seconds a mix over 200 signed-in accounts on BENCH_CONNECTIONS keep-alive connections:
//   70% reads   feed (a category's page), a collection, a profile (person, their collections or
//               their statistics, a third each), one's recommended collections (5%, the /profile strip), search, one's "Seguindo"
//               (5%: its first page, or the next one half of the time)
//   20% social  a comment on a public collection (3%), like/unlike a collection,
//               follow/unfollow a collection or a person (toggles)
//   10% items   add an item to one's own collection, or delete one added before
// Prints requests/s, p50/p99 overall and per kind, errors, 5xx (exits 1 if any), 4xx by code and
// the server's RSS and heap, next to a baseline measured in the same run on the same connections:
// GET /api/v1/config, the cheapest route of the app (no database). During the mix a probe asks for
// that route on a connection of its own every 100 ms and prints its worst wait. Not a test.
//
// Then BENCH_ALONE seconds (15) of the same mix one request at a time, on one connection, and the
// statements that took the most of the database's time then (no request waits for a connection).
// Then the recommendation job's full rebuild starts in the server (as `npm start` runs it, pausing
// between slices) and the same BENCH_ALONE seconds of one-at-a-time mix run beside it: each kind's
// p50 and p99 next to the phase without it, and the job's longest slice and longest hold of the
// database (issue 25: no request waits more than 200 ms for the job). The rebuild is waited for to
// its end (its whole time is printed), then an incremental run over what 5 s more of the mix changed.
//
// Options (env): BENCH_DB=pg|pglite|both, BENCH_DURATION seconds of mix (30), BENCH_CONNECTIONS
// (50), BENCH_SCALE (1 = full scale; 0.1 = 1k people, 10k collections, 50k items),
// BENCH_ACCOUNTS (200), BENCH_PGLITE_DURABLE=0 (PGlite commits without fsync, to measure its cost),
// BENCH_NEIGHBOURS=1 (the recommendation job's neighbours built before the mix, as on a site
// whose job has run; without it the strip scores with none, cheaper than real), BENCH_REBUILD=0
// (no rebuild phase), BENCH_REBUILD_WAIT (seconds the full rebuild is waited for at most; 0, the
// default: to its end), BENCH_DB_CPU_PROF=<file> (PGlite: a CPU profile of the
// database's own thread over the server's life, for bench/cpu-profile.ts), BENCH_DB_THREAD_TIMES=<file>
// (PGlite: the time PGlite spent on each statement, and transactions between their statements,
// printed by `node --import tsx bench/db-thread-statements.ts <file>`).
import { Agent, request } from 'node:http';
import { spawnBenchServer } from '../spawn-bench-server.ts';
import { mix, type Call, type Kind } from './mix.ts';
import type { RefreshReport } from '../../apps/api/src/modules/recommendation/recommendation.job.ts';
import type { Rebuild, ServerSample, Ready, StatementTime } from './protocol.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const BASELINE_DURATION = Math.min(10, DURATION);
const WARMUP = 3;
const ALONE = Number(process.env.BENCH_ALONE ?? 15);
/** Statements listed from the one-at-a-time phase, the most time first. */
const TOP_STATEMENTS = 15;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** BENCH_REBUILD=0 skips the phase beside the recommendation job's full rebuild. */
const REBUILD = process.env.BENCH_REBUILD !== '0';
/** Seconds the full rebuild is waited for at most (0: until it ends). */
const REBUILD_WAIT = Number(process.env.BENCH_REBUILD_WAIT ?? 0);
const ACCOUNTS = process.env.BENCH_ACCOUNTS ?? '200';
const durable = process.env.BENCH_PGLITE_DURABLE !== '0';
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const which = process.env.BENCH_DB ?? 'both';
const runs = [...(which !== 'pglite' && pgUrl ? ['postgres'] : []), ...(which !== 'pg' ? ['pglite'] : [])];
if (runs.length === 0) {
  console.error('BENCH_DB=pg needs a PostgreSQL server: run through `npm run bench:load`.');
  process.exit(2);
}

interface Tally {
  latencies: number[];
  errors: number;
  status5xx: number;
  codes4xx: Map<string, number>;
}

const newTally = (): Tally => ({ latencies: [], errors: 0, status5xx: 0, codes4xx: new Map() });

function send(agent: Agent, port: number, call: Call): Promise<{ status: number; body: string }> {
  const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        headers: {
          ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Runs `next` calls on CONNECTIONS concurrent loops for `seconds`; tallies per kind. */
async function drive(
  port: number,
  seconds: number,
  next: () => Call,
  failures: string[],
  connections = CONNECTIONS,
  warmup = 0,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const tallies = new Map<Kind, Tally>();
  const measureFrom = performance.now() + warmup * 1000;
  const until = measureFrom + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const call = next();
      const started = performance.now();
      // Warm-up requests run on the same connections but are not counted: what is measured
      // starts from the state they left (JIT, caches, and where each connection is in the mix).
      const counted = started >= measureFrom;
      const tally = (counted && tallies.get(call.kind)) || newTally();
      if (counted) tallies.set(call.kind, tally);
      try {
        const { status, body } = await send(agent, port, call);
        tally.latencies.push(performance.now() - started);
        if (status >= 500) {
          tally.status5xx += 1;
          failures.push(
            `${status} ${call.method} ${call.path} ${JSON.stringify(call.body ?? null)} -> ${body.slice(0, 300)}`,
          );
        } else if (status >= 400) {
          const code = (JSON.parse(body) as { error?: { code?: string } }).error?.code ?? `HTTP_${status}`;
          tally.codes4xx.set(code, (tally.codes4xx.get(code) ?? 0) + 1);
        } else {
          call.onOk?.(body);
        }
      } catch (err) {
        tally.errors += 1;
        failures.push(`error ${call.method} ${call.path}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  agent.destroy();
  return tallies;
}

function percentile(sorted: ArrayLike<number>, p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The probe: while the mix runs, one more connection asks for GET /api/v1/config (no database)
 * every PROBE_EVERY_MS and times each answer. Its worst is the longest anything that needs only
 * the server's thread waited behind the database.
 */
const PROBE_EVERY_MS = 100;
async function probe(port: number, seconds: number, failures: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    try {
      const { status } = await send(agent, port, { kind: 'baseline', method: 'GET', path: '/api/v1/config' });
      if (status !== 200) failures.push(`probe: GET /api/v1/config answered ${status}`);
      latencies.push(performance.now() - started);
    } catch (err) {
      failures.push(`probe: ${(err as Error).message}`);
    }
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, started + PROBE_EVERY_MS - performance.now())),
    );
  }
  agent.destroy();
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    worst: sorted.at(-1) ?? 0,
  };
}

function summarise(tallies: Map<Kind, Tally>, seconds: number) {
  const all = newTally();
  for (const t of tallies.values()) {
    // One by one: spreading hundreds of thousands of samples into push() overflows the stack.
    for (const latency of t.latencies) all.latencies.push(latency);
    all.errors += t.errors;
    all.status5xx += t.status5xx;
    for (const [code, n] of t.codes4xx) all.codes4xx.set(code, (all.codes4xx.get(code) ?? 0) + n);
  }
  const row = (t: Tally) => {
    const sorted = Float64Array.from(t.latencies).sort();
    return {
      requests: t.latencies.length + t.errors,
      perSecond: (t.latencies.length + t.errors) / seconds,
      p50: percentile(sorted, 50),
      p90: percentile(sorted, 90),
      p99: percentile(sorted, 99),
      errors: t.errors,
      status5xx: t.status5xx,
      codes4xx: [...t.codes4xx].map(([code, n]) => `${code} ${n}`).join(', '),
    };
  };
  return { all: row(all), kinds: [...tallies].map(([kind, t]) => ({ kind, ...row(t) })) };
}

function startServer(kind: string) {
  const samples: ServerSample[] = [];
  const server = spawnBenchServer<Ready>(
    new URL('./server.ts', import.meta.url),
    kind === 'postgres' ? (pgUrl ?? '') : '',
    (message) => {
      const sample = (message as { serverSample?: ServerSample }).serverSample;
      if (sample) samples.push(sample);
      return sample !== undefined;
    },
  );
  return { ...server, samples };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : fmt(n)} ms`;
const mb = (n: number) => `${fmt(n / 1024 / 1024)} MB`;
const tables: string[] = [];
let total5xx = 0;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(line)].join('\n');
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1_200));

/**
 * The same mix one request at a time: each kind's latency with nothing queued beside it, and the
 * statements that took the most time, from the server's totals (a sample a second) before and after.
 */
async function oneAtATime(
  ready: Ready,
  samples: ServerSample[],
  failures: string[],
  underLoad: Record<string, StatementTime>,
): Promise<{ text: string; kinds: ReturnType<typeof summarise>['kinds'] }> {
  await settle();
  const before = samples.at(-1)!.statements;
  const tallies = await drive(ready.port, ALONE, mix(ready), failures, 1);
  await settle();
  const spent = Object.entries(statementsBetween(before, samples.at(-1)!.statements));
  const total = spent.reduce((sum, [, t]) => sum + t.ms, 0);
  const { all, kinds } = summarise(tallies, ALONE);
  const text = [
    `One request at a time (${ALONE} s, one connection): ${fmt(all.requests)} requests, p50 ${ms(all.p50)}, ` +
      `p99 ${ms(all.p99)}; ${fmt(total)} ms in statements.`,
    '',
    table(
      ['kind', 'requests', 'p50', 'p99'],
      kinds
        .sort((a, b) => b.p50 * b.requests - a.p50 * a.requests)
        .map((k) => [k.kind, fmt(k.requests), ms(k.p50), ms(k.p99)]),
    ),
    '',
    statementsTable('statement', spent, TOP_STATEMENTS),
    '',
    // Under load a statement's time includes its wait for the database, so the mix's statements
    // are weighed by how often they ran there and what each cost one at a time.
    'The mix under load: each statement as often as it ran there, at its one-at-a-time mean.',
    '',
    statementsTable(
      'statement',
      Object.entries(underLoad).flatMap(([name, t]): [string, StatementTime][] => {
        const alone = spent.find(([n]) => n === name)?.[1];
        return alone
          ? [[name, { count: t.count, ms: (t.count * alone.ms) / alone.count, max: Number.NaN }]]
          : [];
      }),
      TOP_STATEMENTS,
    ),
  ].join('\n');
  return { text, kinds };
}

/** What each statement ran between two of the server's samples (the longest is not known). */
function statementsBetween(
  before: Record<string, StatementTime>,
  after: Record<string, StatementTime>,
): Record<string, StatementTime> {
  return Object.fromEntries(
    Object.entries(after)
      .map(([name, t]): [string, StatementTime] => {
        const was = before[name] ?? { count: 0, ms: 0 };
        return [name, { count: t.count - was.count, ms: t.ms - was.ms, max: Number.NaN }];
      })
      .filter(([, t]) => t.count > 0),
  );
}

/** The statements that took the most time, with their share of all of them. */
function statementsTable(
  label: string,
  spent: [string, StatementTime][],
  top: number,
  { longest = false } = {},
): string {
  const total = spent.reduce((sum, [, t]) => sum + t.ms, 0);
  return table(
    [label, 'count', 'mean', ...(longest ? ['longest'] : []), 'total', 'share'],
    spent
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, top)
      .map(([name, t]) => [
        name.replace(/\|/g, '/'),
        fmt(t.count),
        ms(t.ms / t.count),
        ...(longest ? [ms(t.max)] : []),
        ms(t.ms),
        `${((t.ms / total) * 100).toFixed(1)}%`,
      ]),
  );
}

async function benchRoute<T>(port: number, method: 'GET' | 'POST', body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/bench/rebuild`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} /bench/rebuild answered ${res.status}`);
  return (await res.json()) as T;
}

/** Starts a run of the recommendation job in the server; `finished` resolves with its report. */
async function startRebuild(port: number, full: boolean) {
  await benchRoute(port, 'POST', { full });
  const started = performance.now();
  const finished = (async (): Promise<{ report: RefreshReport; statements: Rebuild['statements'] }> => {
    for (;;) {
      const state = await benchRoute<Rebuild>(port, 'GET');
      if (state.error) throw new Error(`the rebuild failed: ${state.error}`);
      if (state.done && state.report) return { report: state.report, statements: state.statements };
      if (REBUILD_WAIT > 0 && state.progress && performance.now() - started > REBUILD_WAIT * 1000) {
        return { report: { ...state.progress, rebuilt: false }, statements: state.statements };
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  return { finished };
}

/**
 * Issue 25: no request may wait more than 200 ms for the recommendation job. A full rebuild (every
 * collection recomputed, as the job does with pauses as long as each slice) starts, and the same
 * one-request-at-a-time mix runs beside it: each kind's p99 and worst next to the phase without the
 * job, and the job's longest slice (what a request could wait for it at most). Then the rebuild's
 * whole time, and an incremental run over what the mix changed meanwhile.
 */
async function duringRebuild(
  ready: Ready,
  failures: string[],
  without: ReturnType<typeof summarise>['kinds'],
): Promise<string> {
  await settle();
  const full = await startRebuild(ready.port, true);
  const tallies = await drive(ready.port, ALONE, mix(ready), failures, 1);
  const progress = await benchRoute<Rebuild>(ready.port, 'GET');
  const during = summarise(tallies, ALONE);
  // A loop, not a spread: spreading many samples into Math.max overflows the stack (as push did).
  const worst = (kind: string) =>
    (tallies.get(kind as Kind)?.latencies ?? []).reduce((most, latency) => Math.max(most, latency), 0);
  const before = new Map(without.map((k) => [k.kind, k]));
  const rows = during.kinds
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((k) => {
      const was = before.get(k.kind);
      return [
        k.kind,
        fmt(k.requests),
        was ? ms(was.p50) : '-',
        ms(k.p50),
        was ? ms(was.p99) : '-',
        ms(k.p99),
        ms(worst(k.kind)),
      ];
    });
  const inProbe = progress.progress ?? progress.report;
  const lines = [
    `During a full recommendation rebuild (${ALONE} s of the same one-at-a-time mix beside it; the job ` +
      `recomputed ${fmt(inProbe?.collections ?? 0)} collections in ${fmt(inProbe?.slices ?? 0)} slices meanwhile, ` +
      `longest slice ${ms(inProbe?.longest_slice_ms ?? 0)}, longest hold ${ms(inProbe?.longest_hold_ms ?? 0)}): ${fmt(during.all.requests)} requests, ` +
      `p50 ${ms(during.all.p50)}, p99 ${ms(during.all.p99)}.`,
    '',
    table(
      ['kind', 'requests', 'p50 alone', 'p50 rebuild', 'p99 alone', 'p99 rebuild', 'worst rebuild'],
      rows,
    ),
  ];
  const { report, statements } = await full.finished;
  const collectionsLine = `${fmt(report.collections)} collections in ${fmt(report.slices)} slices`;
  lines.push(
    '',
    report.rebuilt
      ? `Full rebuild: ${collectionsLine}, ${(report.ms / 1000).toFixed(1)} s (longest slice ${ms(report.longest_slice_ms)}, ` +
          `longest hold ${ms(report.longest_hold_ms)}; ` +
          `the deployed job does it in runs of at most 5,000 collections, one per interval).`
      : `Full rebuild still running after BENCH_REBUILD_WAIT=${REBUILD_WAIT} s: ${collectionsLine} so far, ` +
          `longest slice ${ms(report.longest_slice_ms)}, longest hold ${ms(report.longest_hold_ms)}.`,
  );
  lines.push(
    '',
    statementsTable("the job's statement", Object.entries(statements), 8, { longest: true }),
    '',
  );
  // Table maintenance (PGlite only, decision 063) holds the same connection while a step runs.
  const { maintenance } = await benchRoute<Rebuild>(ready.port, 'GET');
  if (maintenance.length > 0) {
    lines.push(
      `Table maintenance since the server started, its longest steps (each holds the database):`,
      '',
      table(
        ['table', 'op', 'held'],
        [...maintenance]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 5)
          .map((step) => [step.table, step.op, ms(step.ms)]),
      ),
      '',
    );
  }
  if (report.rebuilt) {
    // What the mix liked, followed and changed while the rebuild ran (and after its turn) is dirty again.
    await drive(ready.port, 5, mix(ready), failures, 1);
    const { report: incremental } = await (await startRebuild(ready.port, false)).finished;
    lines.push(
      `Incremental run after 5 s more of the one-at-a-time mix: ${fmt(incremental.collections)} collections ` +
        `in ${fmt(incremental.slices)} slices, ${ms(incremental.ms)} (longest slice ${ms(incremental.longest_slice_ms)}, ` +
        `longest hold ${ms(incremental.longest_hold_ms)}).`,
    );
  }
  return lines.join('\n');
}

for (const kind of runs) {
  console.log(`\n== ${kind}: seeding and starting the server ==`);
  const server = startServer(kind);
  const ready = await server.ready;
  const s = ready.seeded;
  const seededLine =
    `seeded ${fmt(s.people)} people, ${fmt(s.collections)} collections, ${fmt(s.items)} items, ` +
    `${fmt(s.likes)} likes, ${fmt(s.collectionFollows)} collection follows, ${fmt(s.personFollows)} ` +
    `person follows, ${fmt(s.savedCopies)} saved copies, ${fmt(s.activities)} activities in ${s.seconds.toFixed(1)} s`;
  const n = ready.neighbours;
  const neighboursLine = n
    ? `recommendation neighbours built before the mix: ${fmt(n.rows)} for ${fmt(n.collections)} collections in ${n.seconds.toFixed(1)} s`
    : 'no recommendation neighbours before the mix (BENCH_NEIGHBOURS=1 builds them): the strip scores without them';
  console.log(`${seededLine}\n${neighboursLine}`);
  const failures: string[] = [];
  const baselineCall = (): Call => ({ kind: 'baseline', method: 'GET', path: '/api/v1/config' });

  // Each measured part starts with its own warm-up (JIT, pools, caches) in the same drive, so its
  // first measured request does not find all 50 connections starting at once.
  const baseline = summarise(
    await drive(ready.port, BASELINE_DURATION, baselineCall, failures, CONNECTIONS, WARMUP),
    BASELINE_DURATION,
  );
  let from = server.samples.length;
  const [mixTallies, probed] = await Promise.all([
    drive(ready.port, DURATION, mix(ready), failures, CONNECTIONS, WARMUP),
    new Promise((resolve) => setTimeout(resolve, WARMUP * 1000)).then(() => {
      from = server.samples.length;
      return probe(ready.port, DURATION, failures);
    }),
  ]);
  const measured = summarise(mixTallies, DURATION);
  const mixStatements = statementsBetween(
    server.samples[from]!.statements,
    server.samples.at(-1)!.statements,
  );
  // The first sample is taken when the server is ready, before any request.
  const idle = server.samples[0]!;
  const during = server.samples.slice(from);
  const peak = (key: Exclude<keyof ServerSample, 'statements'>) => Math.max(...during.map((m) => m[key]));
  const meanLoopDelay = during.reduce((sum, m) => sum + m.loopDelayMeanMs, 0) / during.length;

  type Row = typeof measured.all;
  const cells = (label: string, r: Row) => [
    label,
    fmt(r.requests),
    fmt(r.perSecond),
    ms(r.p50),
    ms(r.p90),
    ms(r.p99),
    String(r.errors),
    String(r.status5xx),
    r.codes4xx || '-',
  ];
  const rows = [
    cells('baseline: GET /config', baseline.all),
    cells('mix (all)', measured.all),
    ...measured.kinds.map((k) => cells(`  ${k.kind}`, k)),
  ];
  const ratio = (measured.all.perSecond / baseline.all.perSecond) * 100;
  total5xx += measured.all.status5xx + baseline.all.status5xx;
  const out = [
    `### ${kind === 'postgres' ? 'PostgreSQL' : `PGlite (on disk, ${durable ? 'durable commits' : 'commits without fsync'})`}`,
    '',
    `${seededLine}; ${neighboursLine}.`,
    '',
    table(['kind', 'requests', 'req/s', 'p50', 'p90', 'p99', 'errors', '5xx', '4xx by code'], rows),
    '',
    `Mix: ${ratio.toFixed(1)}% of the baseline's requests/s. Server memory: idle after seeding RSS ` +
      `${mb(idle.rss)}, heap ${mb(idle.heapUsed)}; during the mix peak RSS ${mb(peak('rss'))}, ` +
      `heap ${mb(peak('heapUsed'))} (of ${mb(peak('heapTotal'))}), external ${mb(peak('external'))}. ` +
      `Event loop delay during the mix: mean ${ms(meanLoopDelay)}, worst ${ms(peak('loopDelayMaxMs'))}.`,
    `Probe during the mix (GET /api/v1/config, no database, on a connection of its own every ` +
      `${PROBE_EVERY_MS} ms, ${fmt(probed.count)} requests): p50 ${ms(probed.p50)}, p99 ${ms(probed.p99)}, ` +
      `worst ${ms(probed.worst)}.`,
  ].join('\n');
  const alone = await oneAtATime(ready, server.samples, failures, mixStatements);
  const rebuilt = REBUILD ? await duringRebuild(ready, failures, alone.kinds) : '';
  const section = [out, alone.text, rebuilt].filter(Boolean).join('\n\n');
  console.log(`\n${section}`);
  tables.push(section);
  for (const f of failures.slice(0, 10)) console.error(`  ${f}`);
  if (failures.length > 10) console.error(`  ... and ${failures.length - 10} more failures`);

  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
}

console.log(
  `\n${CONNECTIONS} connections, ${ACCOUNTS} accounts, ${DURATION} s of mix after a ` +
    `${BASELINE_DURATION} s baseline, client on the same machine\n\n${tables.join('\n\n')}`,
);
if (total5xx > 0) {
  console.error(`\n${total5xx} answers were 5xx: each is a bug (see above).`);
  process.exit(1);
}
