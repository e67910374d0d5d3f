// The server side of the API load benchmark (run by bench/api-load.ts, not on its own): seeds a
// large community, starts the real app on a free port and adds bench-only baseline routes that
// answer a fixed in-memory JSON of the same size as the real answers. Next to it, on a port of its
// own, a bare `node:http` server answers a fixed ~1.4 KB buffer and the same JSON bodies: what
// Node alone costs, so the app's share of the machine can be read off. Prints one JSON line when
// ready and serves until killed. With BENCH_CPU_PROF=<dir>, the load driver has it profile the CPU
// while each real target is measured (POST /bench/profile/start, then /stop/<target>): written to
// <dir>/<db>-<target>.cpuprofile, read with bench/cpu-profile.ts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { openDb, type Db } from '../apps/api/src/db/client.ts';
import { maintainTables } from '../apps/api/src/db/maintenance.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import {
  generateCommunity,
  insertCommunity,
  insertSocialActivity,
} from '../apps/api/src/db/seed/community.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { refreshRecommendations } from '../apps/api/src/modules/recommendation/recommendation.job.ts';
import { serveUntilStopped } from './serve-until-stopped.ts';

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 10_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000);
const adminUrl = process.env.BENCH_DATABASE_URL;

async function open(): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (!adminUrl) return { db: await openDb({}), drop: async () => {} };
  // A database of its own on the given server, dropped at the end.
  const scratch = await createScratchDatabase(adminUrl, 'acervo_bench');
  const db = await openDb({ databaseUrl: scratch.url, poolSize: 10 });
  return { db, drop: scratch.drop };
}

const log = (message: string) => process.stderr.write(`[bench-server] ${message}\n`);

const { db, drop } = await open();
await migrate(db);
const started = Date.now();
const categories = await db.query<{ id: string; name: string }>('SELECT id, name FROM categories');
const community = generateCommunity({
  people: PEOPLE,
  collections: COLLECTIONS,
  itemsPerCollection: [3, 8],
  privateShare: 0.15,
  emailDomain: 'bench.acervo.app',
  categories,
  seed: 42,
});
await insertCommunity(db, community, await hashPassword('Bench2026senha'));
await insertSocialActivity(db, community);
// As autovacuum would have by now: statistics and the visibility map for index-only scans.
await db.exec('VACUUM ANALYZE');
log(
  `seeded ${community.users.length} people, ${community.collections.length} collections, ` +
    `${community.items.length} items in ${((Date.now() - started) / 1000).toFixed(1)} s (${db.kind})`,
);

// The recommendation neighbours, as the API process's job would have built them by now (only when
// that target is measured: it takes longer than the seeding).
if (!process.env.BENCH_TARGETS || process.env.BENCH_TARGETS.includes('recommended')) {
  const precompute = await refreshRecommendations(db, { full: true, maxCollections: Infinity });
  log(`recommendation neighbours precomputed in ${(precompute.ms / 1000).toFixed(1)} s`);
}

const config = loadConfig({
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_IP: '1000',
  // The benchmark registers its one account without solving a captcha.
  CAPTCHA_PROVIDER: 'off',
  DATABASE_POOL_SIZE: '10',
  // The benchmark searches as one account: at the deployed per-person limit (120 a minute) the
  // search row measured 429 answers.
  SEARCHES_PER_MINUTE: '100000000',
  // As deployed unless the run asks otherwise (HEAVY_READS_AT_ONCE=50: no lane, decision 059).
  HEAVY_READS_AT_ONCE: process.env.HEAVY_READS_AT_ONCE,
});
// BENCH_PROBE=1: the app's statements are timed by name (those outside transactions), for the
// one-request-at-a-time probe below.
const probing = Boolean(process.env.BENCH_PROBE);
const statementTimes = new Map<string, { n: number; ms: number }>();
const appDb: Db = probing
  ? {
      ...db,
      async query(text, params, name) {
        const started = performance.now();
        try {
          return await db.query(text, params, name);
        } finally {
          const key = name ?? `${text.replace(/\s+/g, ' ').trim().slice(0, 40)}…`;
          const entry = statementTimes.get(key) ?? { n: 0, ms: 0 };
          entry.n += 1;
          entry.ms += performance.now() - started;
          statementTimes.set(key, entry);
        }
      },
    }
  : db;
const app = await buildApp({ config, db: appDb });
// Bench-only routes, never in production code: the same server answering fixed JSON.
const baseline: Record<string, unknown> = {};
app.get('/bench/baseline/:name', async (request, reply) => {
  const body = baseline[(request.params as { name: string }).name];
  return body === undefined ? reply.status(404).send({}) : body;
});
const profileDir = process.env.BENCH_CPU_PROF;
const profiler = profileDir ? new Session() : undefined;
if (profiler && profileDir) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  // 200 µs between samples (V8's default is 1 ms): enough samples in a few seconds per target.
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
  app.post('/bench/profile/start', async () => {
    await profiler.post('Profiler.start');
    return {};
  });
  app.post('/bench/profile/stop/:name', async (request) => {
    const { profile } = await profiler.post('Profiler.stop');
    mkdirSync(profileDir, { recursive: true });
    const file = join(profileDir, `${db.kind}-${(request.params as { name: string }).name}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    log(`CPU profile written to ${file}`);
    return {};
  });
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const registration = await app.inject({
  method: 'POST',
  url: '/api/v1/registration',
  payload: {
    name: 'Bench',
    email: 'bench@bench.acervo.app',
    password: 'Bench2026senha',
    password_confirmation: 'Bench2026senha',
  },
});
const token = registration.json().data.access_token as string;
const headers = { authorization: `Bearer ${token}` };

// A busy category and a typical public collection (median item count).
const [category] = await db.query<{ category_id: string; n: number }>(
  `SELECT category_id, count(*)::int AS n FROM collections WHERE NOT private
   GROUP BY category_id ORDER BY n DESC LIMIT 1`,
);
const [collection] = await db.query<{ id: string; items: number }>(
  `SELECT c.id, count(i.id)::int AS items FROM collections c JOIN collection_items i ON i.collection_id = c.id
   WHERE NOT c.private GROUP BY c.id HAVING count(i.id) = 6 LIMIT 1`,
);
// The word (not a stop word) found in the most public collection names, and how many collections
// the search matches with it (stemmed, and as a prefix): the hits it ranks to answer one page.
const [common] = await db.query<{ word: string; hits: number }>(
  `WITH w AS (
     SELECT word FROM ts_stat('SELECT to_tsvector(''simple'', name) FROM collections WHERE NOT private')
     WHERE length(word) >= 4 AND numnode(plainto_tsquery('acervo_pt', word)) > 0
     ORDER BY ndoc DESC, word LIMIT 1
   )
   SELECT w.word, (SELECT count(*)::int FROM collections c WHERE NOT c.private AND c.search @@
     (to_tsquery('acervo_pt', w.word || ':*') || to_tsquery('acervo_simple', w.word || ':*'))) AS hits
   FROM w`,
);
// Recommendations are per person: the bench reader takes on the likes and follows of the seeded
// person with the median number of likes, so its suggestions have seeds like a typical person's.
const [median] = await db.query<{ id: string }>(
  `SELECT user_id AS id FROM collection_likes GROUP BY user_id ORDER BY count(*), user_id
   OFFSET (SELECT count(DISTINCT user_id) / 2 FROM collection_likes) LIMIT 1`,
);
const readerId = registration.json().data.user_id as string;
for (const table of ['collection_likes', 'collection_followers']) {
  await db.query(
    `INSERT INTO ${table} (collection_id, user_id)
     SELECT collection_id, $2 FROM ${table} WHERE user_id = $1`,
    [median!.id, readerId],
  );
}
await db.query(
  `INSERT INTO user_followers (followed_id, follower_id)
   SELECT followed_id, $2 FROM user_followers WHERE follower_id = $1 AND followed_id <> $2`,
  [median!.id, readerId],
);

// Statistics (issue 28) of a heavy rater: a seeded person given STATS_RATED rated items in 5 public
// collections of 5 categories, named as other people's items are (so others rated the same works),
// added and rated over the last year (the heat-map's days).
const STATS_RATED = 5_000;
const [heavy] = await db.query<{ id: string }>('SELECT id FROM users ORDER BY id LIMIT 1');
await db.query(
  `INSERT INTO collections (id, user_id, category_id, name, description)
   SELECT 'statsheavy' || lpad(n::text, 6, '0'), $1, c.id, 'Avaliados ' || n, ''
   FROM generate_series(1, 5) n
   JOIN LATERAL (SELECT id FROM categories ORDER BY id OFFSET (n - 1) % (SELECT count(*) FROM categories) LIMIT 1) c ON true`,
  [heavy!.id],
);
await db.query(
  `WITH names AS (SELECT array_agg(name) AS a FROM (SELECT DISTINCT name FROM collection_items LIMIT 20000) x)
   INSERT INTO collection_items (id, collection_id, name, rating, position, created_at, updated_at)
   SELECT 'statsitem' || lpad(g::text, 7, '0'), 'statsheavy' || lpad(((g - 1) / 1000 + 1)::text, 6, '0'),
     names.a[1 + g % array_length(names.a, 1)], ((g % 10) + 1) / 2.0, g,
     now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day'
   FROM generate_series(1, $1::int) g, names`,
  [STATS_RATED],
);
const statsPath = `/api/v1/user/${heavy!.id}/stats`;
// The first read computes and caches the figures for this view (decision 051); the load reads the cache.
const coldStarted = performance.now();
const cold = await app.inject({ url: statsPath, headers });
if (cold.statusCode !== 200) throw new Error(`${statsPath} answered ${cold.statusCode}`);
const statsColdMs = Math.round(performance.now() - coldStarted);

const paths = {
  by_category: `/api/v1/collection/by_category/${category!.category_id}`,
  recommended: '/api/v1/collection/recommended?limit=20',
  collection: `/api/v1/collection/${collection!.id}`,
  search: `/api/v1/search?type=collection&q=${encodeURIComponent(common!.word)}`,
  stats: statsPath,
};

// The strip computed (its cache dropped first), one at a time, before and after the pass of table
// maintenance that follows a rebuild of the neighbours (the API's pass on the embedded database,
// which has no autovacuum, decision 063; on PostgreSQL, what autovacuum would have done by then).
// The load below runs after it, as on a site a minute after its job wrote the neighbours.
const computedStrip = async () => {
  const RUNS = 20;
  const started = performance.now();
  for (let i = 0; i < RUNS; i++) {
    await db.query('DELETE FROM recommendation_cache WHERE user_id = $1', [readerId]);
    const res = await app.inject({ url: paths.recommended, headers });
    if (res.statusCode !== 200) throw new Error(`the recommended strip answered ${res.statusCode}`);
  }
  return ((performance.now() - started) / RUNS).toFixed(1);
};
const stripBefore = probing ? await computedStrip() : undefined;
const maintained = await maintainTables(db);
if (probing) {
  log(
    `probe recommended, computed: ${stripBefore} ms a request before table maintenance, ` +
      `${await computedStrip()} ms after (${maintained.map((s) => `${s.op} ${s.table} ${s.ms} ms`).join(', ') || 'nothing due'})`,
  );
}

const sizes: Record<string, number> = {};
for (const [name, path] of Object.entries(paths)) {
  const res = await app.inject({ url: path, headers });
  if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}`);
  baseline[name] = res.json();
  sizes[name] = res.body.length;
}

// Where a request's time goes without a queue: each measured target 200 times one at a time (after
// 20 unmeasured), and the statements they ran, by name, with their mean time.
if (probing) {
  const PROBED = 200;
  for (const [target, path] of Object.entries(paths)) {
    if (process.env.BENCH_TARGETS && !process.env.BENCH_TARGETS.split(',').includes(target)) continue;
    for (let i = 0; i < 20; i++) await app.inject({ url: path, headers });
    statementTimes.clear();
    const started = performance.now();
    for (let i = 0; i < PROBED; i++) await app.inject({ url: path, headers });
    const perRequest = (performance.now() - started) / PROBED;
    const statements = [...statementTimes]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(([name, { n, ms }]) => `${name} ${(n / PROBED).toFixed(1)}x ${(ms / n).toFixed(2)} ms`);
    log(`probe ${target}: ${perRequest.toFixed(2)} ms a request, one at a time; ${statements.join('; ')}`);
  }
}

// The bare baseline: no framework, no hooks, no logging; JSON.stringify per request as any JSON
// server must, and a fixed buffer for the floor of an HTTP answer on this machine.
const FIXED = Buffer.from(JSON.stringify({ data: 'x'.repeat(1400 - 11) }));
const bare = createServer((req, res) => {
  const name = req.url === '/fixed' ? undefined : req.url?.replace(/^\/json\//, '');
  const body = name === undefined ? FIXED : name in baseline ? JSON.stringify(baseline[name]) : undefined;
  if (body === undefined) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const bareAddress = bare.address();
const barePort = typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0;

process.stdout.write(
  `${JSON.stringify({
    ready: true,
    db: db.kind,
    port,
    barePort,
    fixedSize: FIXED.length,
    token,
    paths,
    sizes,
    categoryCollections: category!.n,
    collectionItems: collection!.items,
    searchWord: common!.word,
    searchMatches: common!.hits,
    statsRated: STATS_RATED,
    statsColdMs,
    seeded: {
      people: community.users.length,
      collections: community.collections.length,
      items: community.items.length,
    },
  })}\n`,
);

// The bare baseline server goes down with the app.
serveUntilStopped(app, db, async () => {
  bare.close();
  await drop();
});
