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
// Options (env): BENCH_DB=pg|pglite|both, BENCH_DURATION seconds of mix (30), BENCH_CONNECTIONS
// (50), BENCH_SCALE (1 = full scale; 0.1 = 1k people, 10k collections, 50k items),
// BENCH_ACCOUNTS (200), BENCH_PGLITE_DURABLE=0 (PGlite commits without fsync, to measure its cost).
import { Agent, request } from 'node:http';
import { spawnBenchServer } from '../spawn-bench-server.ts';
import type { ServerSample, Ready } from './protocol.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const BASELINE_DURATION = Math.min(10, DURATION);
const WARMUP = 3;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCOUNTS = process.env.BENCH_ACCOUNTS ?? '200';
const durable = process.env.BENCH_PGLITE_DURABLE !== '0';
const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const which = process.env.BENCH_DB ?? 'both';
const runs = [...(which !== 'pglite' && pgUrl ? ['postgres'] : []), ...(which !== 'pg' ? ['pglite'] : [])];
if (runs.length === 0) {
  console.error('BENCH_DB=pg needs a PostgreSQL server: run through `npm run bench:load`.');
  process.exit(2);
}

/** Words found in collection titles and item names of several categories: searches that match. */
const SEARCH_WORDS = ['brasil', 'clássicos', 'favoritos', 'domingo', 'viagem', 'café', 'música', 'série'];

type Kind =
  | 'feed'
  | 'collection'
  | 'profile'
  | 'stats'
  | 'recommended'
  | 'search'
  | 'timeline'
  | 'comment'
  | 'like'
  | 'follow'
  | 'item add'
  | 'item delete'
  | 'baseline';

interface Call {
  kind: Kind;
  method: string;
  path: string;
  token?: string;
  body?: unknown;
  /** Sees the answer (2xx only): keeps the toggles' and the added items' state. */
  onOk?: (body: string) => void;
}

interface Tally {
  latencies: number[];
  errors: number;
  status5xx: number;
  codes4xx: Map<string, number>;
}

const newTally = (): Tally => ({ latencies: [], errors: 0, status5xx: 0, codes4xx: new Map() });

const random = (n: number) => Math.floor(Math.random() * n);
const pick = <T>(list: readonly T[]): T => list[random(list.length)]!;

/** The mix: what a person does next, and the state their toggles and items need. */
function mix(ready: Ready) {
  const liked = new Set<string>();
  const following = new Set<string>();
  const added = new Map<string, string[]>();
  const timelineCursors = new Map<string, string>();
  const enc = encodeURIComponent;
  const toggle = (set: Set<string>, key: string) => {
    const on = !set.has(key);
    return { method: on ? 'PUT' : 'DELETE', onOk: () => void (on ? set.add(key) : set.delete(key)) };
  };
  return (): Call => {
    const account = pick(ready.accounts);
    const token = account.token;
    const roll = Math.random();
    if (roll < 0.2) {
      return {
        kind: 'feed',
        method: 'GET',
        path: `/api/v1/collection/by_category/${pick(ready.categories)}`,
        token,
      };
    }
    if (roll < 0.4) {
      return {
        kind: 'collection',
        method: 'GET',
        path: `/api/v1/collection/${pick(ready.collections).id}`,
        token,
      };
    }
    if (roll < 0.5) {
      const person = pick(ready.people);
      const which = Math.random();
      // A profile's "Estatísticas" tab (issue 28).
      if (which < 1 / 3) return { kind: 'stats', method: 'GET', path: `/api/v1/user/${person}/stats`, token };
      const path = which < 2 / 3 ? `/api/v1/user/${person}` : `/api/v1/collection/by_user/${person}?limit=50`;
      return { kind: 'profile', method: 'GET', path, token };
    }
    if (roll < 0.55) {
      // One's own /profile: the recommended strip is its first request.
      return { kind: 'recommended', method: 'GET', path: '/api/v1/collection/recommended?limit=20', token };
    }
    if (roll < 0.65) {
      return {
        kind: 'search',
        method: 'GET',
        path: `/api/v1/search?type=collection&q=${enc(pick(SEARCH_WORDS))}`,
        token,
      };
    }
    if (roll < 0.7) {
      // "Seguindo" (decision 045): the first page, or the one after the account's last page read.
      const after = timelineCursors.get(account.userId);
      const next = after && Math.random() < 0.5 ? after : null;
      return {
        kind: 'timeline',
        method: 'GET',
        path: `/api/v1/timeline${next ? `?cursor=${enc(next)}` : ''}`,
        token,
        onOk: (body) => {
          const cursor = (JSON.parse(body) as { next_cursor: string | null }).next_cursor;
          if (cursor) timelineCursors.set(account.userId, cursor);
          else timelineCursors.delete(account.userId);
        },
      };
    }
    if (roll < 0.73) {
      // A comment on a public collection (issue 26): written, counted, its owner and followers told.
      return {
        kind: 'comment',
        method: 'POST',
        path: `/api/v1/collection/${pick(ready.collections).id}/comments`,
        token,
        body: { body: `Comentário da carga ${random(1_000_000)}: que boa lista!` },
      };
    }
    if (roll < 0.9) {
      const collection = pick(ready.collections);
      const social = Math.random();
      if (social < 0.5) {
        const key = `${account.userId}:${collection.id}`;
        return {
          kind: 'like',
          path: `/api/v1/collection/${collection.id}/like`,
          token,
          ...toggle(liked, key),
        };
      }
      // Following a collection: not one's own (that is a 4xx by design, not what we measure).
      if (social < 0.75 && collection.owner !== account.userId) {
        const key = `c:${account.userId}:${collection.id}`;
        return {
          kind: 'follow',
          path: `/api/v1/collection/${collection.id}/follow`,
          token,
          ...toggle(following, key),
        };
      }
      // Following a person: not oneself (a 4xx by design), so draw again if it is.
      let person = pick(ready.people);
      while (person === account.userId) person = pick(ready.people);
      const key = `p:${account.userId}:${person}`;
      return { kind: 'follow', path: `/api/v1/user/${person}/follow`, token, ...toggle(following, key) };
    }
    const mine = added.get(account.userId) ?? [];
    if (mine.length > 0 && Math.random() < 0.4) {
      const item = mine.splice(random(mine.length), 1)[0]!;
      return { kind: 'item delete', method: 'DELETE', path: `/api/v1/collection_items/${item}`, token };
    }
    return {
      kind: 'item add',
      method: 'POST',
      path: '/api/v1/collection_items',
      token,
      body: {
        collection_id: pick(account.collections),
        name: `Item da carga ${random(1_000_000)}`,
        description: 'Acrescentado pelo benchmark de carga.',
        rating: 4.5,
      },
      onOk: (body) => {
        mine.push((JSON.parse(body) as { data: { id: string } }).data.id);
        added.set(account.userId, mine);
      },
    };
  };
}

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
async function drive(port: number, seconds: number, next: () => Call, failures: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const tallies = new Map<Kind, Tally>();
  const until = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const call = next();
      const tally = tallies.get(call.kind) ?? newTally();
      tallies.set(call.kind, tally);
      const started = performance.now();
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
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
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

for (const kind of runs) {
  console.log(`\n== ${kind}: seeding and starting the server ==`);
  const server = startServer(kind);
  const ready = await server.ready;
  const s = ready.seeded;
  const seededLine =
    `seeded ${fmt(s.people)} people, ${fmt(s.collections)} collections, ${fmt(s.items)} items, ` +
    `${fmt(s.likes)} likes, ${fmt(s.collectionFollows)} collection follows, ${fmt(s.personFollows)} ` +
    `person follows, ${fmt(s.savedCopies)} saved copies, ${fmt(s.activities)} activities in ${s.seconds.toFixed(1)} s`;
  console.log(seededLine);
  const failures: string[] = [];
  const baselineCall = (): Call => ({ kind: 'baseline', method: 'GET', path: '/api/v1/config' });

  // Warm up (JIT, pools, caches); then the baseline and the mix on the same connections.
  await drive(ready.port, WARMUP, baselineCall, failures);
  await drive(ready.port, WARMUP, mix(ready), failures);
  const baseline = summarise(
    await drive(ready.port, BASELINE_DURATION, baselineCall, failures),
    BASELINE_DURATION,
  );
  const from = server.samples.length;
  const [mixTallies, probed] = await Promise.all([
    drive(ready.port, DURATION, mix(ready), failures),
    probe(ready.port, DURATION, failures),
  ]);
  const measured = summarise(mixTallies, DURATION);
  // The first sample is taken when the server is ready, before any request.
  const idle = server.samples[0]!;
  const during = server.samples.slice(from);
  const peak = (key: keyof ServerSample) => Math.max(...during.map((m) => m[key]));
  const meanLoopDelay = during.reduce((sum, m) => sum + m.loopDelayMeanMs, 0) / during.length;

  type Row = typeof measured.all;
  const cells = (label: string, r: Row) => [
    label,
    fmt(r.requests),
    fmt(r.perSecond),
    ms(r.p50),
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
    seededLine + '.',
    '',
    table(['kind', 'requests', 'req/s', 'p50', 'p99', 'errors', '5xx', '4xx by code'], rows),
    '',
    `Mix: ${ratio.toFixed(1)}% of the baseline's requests/s. Server memory: idle after seeding RSS ` +
      `${mb(idle.rss)}, heap ${mb(idle.heapUsed)}; during the mix peak RSS ${mb(peak('rss'))}, ` +
      `heap ${mb(peak('heapUsed'))} (of ${mb(peak('heapTotal'))}), external ${mb(peak('external'))}. ` +
      `Event loop delay during the mix: mean ${ms(meanLoopDelay)}, worst ${ms(peak('loopDelayMaxMs'))}.`,
    `Probe during the mix (GET /api/v1/config, no database, on a connection of its own every ` +
      `${PROBE_EVERY_MS} ms, ${fmt(probed.count)} requests): p50 ${ms(probed.p50)}, p99 ${ms(probed.p99)}, ` +
      `worst ${ms(probed.worst)}.`,
  ].join('\n');
  console.log(`\n${out}`);
  tables.push(out);
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
