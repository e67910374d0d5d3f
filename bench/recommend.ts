// Offline evaluation of the recommender: `npm run bench:recommend` (PostgreSQL via
// scripts/with-postgres.mjs, then PGlite). Not a test.
//
// Generates a reproducible synthetic community from a seed: people with a hidden taste (one of
// BENCH_TASTES topics, each topic tied to a category and a vocabulary), collections written in
// their topic's words, likes drawn mostly from the person's topic (popular ones more often) with
// noise from the whole catalogue, some likes also followed, and owners rating their items.
// Holds out 20% of each person's likes, loads the rest, runs the real precompute
// (refreshRecommendations) and asks the real recommender (the service's SQL) for the top 10 of a
// sample of people, with the weights of each strategy: popularity, content only, collaborative
// only, and the hybrid. Prints hit rate@10 (share of people with at least one held-out like in
// their 10) and NDCG@10, and the time to precompute.
//
// Options (env): BENCH_DB=pg|pglite|both (default: pg when TEST_DATABASE_URL or DATABASE_URL is
// set, as `npm run bench:recommend` does; otherwise pglite), BENCH_PEOPLE (5000),
// BENCH_COLLECTIONS (5000), BENCH_TASTES (40), BENCH_EVAL_PEOPLE (300), BENCH_SEED (2026).
import { openDb, type Db } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { createRandom } from '../apps/api/src/db/seed/community.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { refreshRecommendations } from '../apps/api/src/modules/recommendation/recommendation.job.ts';
import {
  recommendedIds,
  STRATEGIES,
  type Strategy,
} from '../apps/api/src/modules/recommendation/recommendation.service.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5_000);
const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 5_000);
const TASTES = Number(process.env.BENCH_TASTES ?? 40);
const EVAL_PEOPLE = Number(process.env.BENCH_EVAL_PEOPLE ?? 300);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const K = 10;
const HOLD_OUT = 0.2;

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const which = process.env.BENCH_DB ?? (pgUrl ? 'pg' : 'pglite');
const runs = [...(which !== 'pglite' && pgUrl ? ['postgres'] : []), ...(which !== 'pg' ? ['pglite'] : [])];
if (runs.length === 0) {
  console.error('BENCH_DB=pg needs a PostgreSQL server: run through `npm run bench:recommend`.');
  process.exit(2);
}

// Made-up Portuguese-looking words: every topic gets its own, so content says something.
const SYLLABLES = [
  'ba',
  'ca',
  'da',
  'fe',
  'ga',
  'li',
  'mo',
  'na',
  'pi',
  'ro',
  'sa',
  'tu',
  'vi',
  'zo',
  'lu',
  'te',
];

interface Community {
  users: { id: string; taste: number }[];
  collections: { id: string; owner: string; topic: number; name: string; description: string }[];
  items: { collection: string; name: string; rating: number | null }[];
  train: [string, string][];
  follows: [string, string][];
  heldOut: Map<string, Set<string>>;
}

function generate(): Community {
  const random = createRandom(SEED);
  // Four syllables: 65,536 words, so topics rarely share one by chance.
  const word = () => Array.from({ length: 4 }, () => random.pick(SYLLABLES)).join('');
  const vocab = Array.from({ length: TASTES }, () => Array.from({ length: 100 }, word));
  const itemPool = Array.from({ length: TASTES }, (_, t) =>
    Array.from({ length: 150 }, () => `${random.pick(vocab[t]!)} ${word()}`),
  );
  const users = Array.from({ length: PEOPLE }, () => ({ id: newId(), taste: random.int(0, TASTES - 1) }));
  const byTaste = Array.from({ length: TASTES }, () => [] as string[]);
  for (const u of users) byTaste[u.taste]!.push(u.id);

  const collections: Community['collections'] = [];
  const items: Community['items'] = [];
  const byTopic = Array.from({ length: TASTES }, () => [] as string[]);
  for (let n = 0; n < COLLECTIONS; n++) {
    const topic = n % TASTES;
    const owners = byTaste[topic]!.length ? byTaste[topic]! : users.map((u) => u.id);
    const words = vocab[topic]!;
    const id = newId();
    // Most words from the topic, one from anywhere: content is a strong but noisy clue.
    const name = `${random.pick(words)} ${random.pick(words)} ${random.pick(vocab[random.int(0, TASTES - 1)]!)}`;
    collections.push({
      id,
      owner: random.pick(owners),
      topic,
      name,
      description: `${random.pick(words)} ${word()}`,
    });
    byTopic[topic]!.push(id);
    for (let i = 0, count = random.int(3, 6); i < count; i++) {
      items.push({
        collection: id,
        name: random.pick(itemPool[topic]!),
        rating: random.next() < 0.8 ? random.int(6, 10) / 2 : null,
      });
    }
  }

  // Within a topic a few collections are liked far more (Zipf-like), which is what popularity knows.
  const zipf = (list: string[]) => list[Math.floor(list.length * random.next() ** 2.5)]!;
  const train: [string, string][] = [];
  const follows: [string, string][] = [];
  const heldOut = new Map<string, Set<string>>();
  const owner = new Map(collections.map((c) => [c.id, c.owner]));
  const all = collections.map((c) => c.id);
  for (const u of users) {
    const count = Math.max(5, Math.floor(8 + random.next() ** 2 * 40));
    const liked = new Set<string>();
    for (let tries = 0; liked.size < count && tries < count * 10; tries++) {
      const pick = random.next() < 0.8 ? zipf(byTopic[u.taste]!) : zipf(all);
      if (owner.get(pick) !== u.id) liked.add(pick);
    }
    const held = new Set<string>();
    for (const c of liked) {
      if (random.next() < HOLD_OUT) held.add(c);
      else {
        train.push([c, u.id]);
        if (random.next() < 0.3) follows.push([c, u.id]);
      }
    }
    heldOut.set(u.id, held);
  }
  return { users, collections, items, train, follows, heldOut };
}

async function load(db: Db, community: Community, categoryIds: string[]) {
  const chunks = <T>(rows: T[], size: number) =>
    Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  for (const b of chunks(community.users, 5000)) {
    await db.query(
      `INSERT INTO users (id, name, email) SELECT id, 'Pessoa ' || id, id || '@bench.acervo.app'
       FROM unnest($1::text[]) AS t(id)`,
      [b.map((u) => u.id)],
    );
  }
  for (const b of chunks(community.collections, 5000)) {
    await db.query(
      `INSERT INTO collections (id, user_id, category_id, name, description)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        b.map((c) => c.id),
        b.map((c) => c.owner),
        b.map((c) => categoryIds[c.topic % categoryIds.length]),
        b.map((c) => c.name),
        b.map((c) => c.description),
      ],
    );
  }
  for (const b of chunks(community.items, 10000)) {
    await db.query(
      `INSERT INTO collection_items (id, collection_id, name, rating, position)
       SELECT 'i' || n || '-' || c, c, name, rating, n FROM unnest($1::text[], $2::text[], $3::numeric[])
         WITH ORDINALITY AS t(c, name, rating, n)`,
      [b.map((i) => i.collection), b.map((i) => i.name), b.map((i) => i.rating)],
    );
  }
  for (const [table, pairs] of [
    ['collection_likes', community.train],
    ['collection_followers', community.follows],
  ] as const) {
    for (const b of chunks(pairs, 10000)) {
      await db.query(
        `INSERT INTO ${table} (collection_id, user_id) SELECT * FROM unnest($1::text[], $2::text[])`,
        [b.map((p) => p[0]), b.map((p) => p[1])],
      );
    }
  }
  await db.exec('ANALYZE');
}

function score(recommended: string[], held: Set<string>) {
  let dcg = 0;
  recommended.slice(0, K).forEach((id, rank) => {
    if (held.has(id)) dcg += 1 / Math.log2(rank + 2);
  });
  let ideal = 0;
  for (let rank = 0; rank < Math.min(K, held.size); rank++) ideal += 1 / Math.log2(rank + 2);
  return { hit: dcg > 0 ? 1 : 0, ndcg: ideal ? dcg / ideal : 0 };
}

const rows: string[][] = [];
for (const kind of runs) {
  const scratch = kind === 'postgres' ? await createScratchDatabase(pgUrl!, 'acervo_bench_rec') : null;
  const db = await openDb(scratch ? { databaseUrl: scratch.url, poolSize: 4 } : {});
  try {
    await migrate(db);
    const categoryIds = (await db.query<{ id: string }>('SELECT id FROM categories ORDER BY id')).map(
      (c) => c.id,
    );
    const community = generate();
    let started = performance.now();
    await load(db, community, categoryIds);
    console.log(
      `\n== ${kind}: ${PEOPLE.toLocaleString('en-US')} people, ${COLLECTIONS.toLocaleString('en-US')} collections, ` +
        `${community.items.length.toLocaleString('en-US')} items, ${community.train.length.toLocaleString('en-US')} ` +
        `training likes (${TASTES} hidden tastes), loaded in ${((performance.now() - started) / 1000).toFixed(1)} s ==`,
    );
    const refresh = await refreshRecommendations(db, { force: true });
    const [neighbors] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collection_neighbors');
    const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `precompute: ${seconds(refresh.ms)} (collaborative ${seconds(refresh.cf_ms)}, content ` +
        `${seconds(refresh.content_ms)}; ${neighbors!.n.toLocaleString('en-US')} neighbours)`,
    );
    rows.push([kind, 'precompute (collaborative + content)', '', '', seconds(refresh.ms)]);

    // The same sample of people for every strategy: the first with held-out likes.
    const sample = community.users.filter((u) => community.heldOut.get(u.id)!.size > 0).slice(0, EVAL_PEOPLE);
    for (const strategy of Object.keys(STRATEGIES) as Strategy[]) {
      let hits = 0;
      let ndcg = 0;
      started = performance.now();
      for (const u of sample) {
        const ids = await recommendedIds(db, { id: u.id }, K, strategy);
        const s = score(ids, community.heldOut.get(u.id)!);
        hits += s.hit;
        ndcg += s.ndcg;
      }
      const perPerson = (performance.now() - started) / sample.length;
      rows.push([
        kind,
        strategy,
        (hits / sample.length).toFixed(3),
        (ndcg / sample.length).toFixed(3),
        `${perPerson.toFixed(1)} ms/person`,
      ]);
      console.log(rows.at(-1)!.join(' | '));
    }
  } finally {
    await db.close();
    await scratch?.drop();
  }
}

const header = ['db', 'strategy', 'hit rate@10', 'NDCG@10', 'time'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(
  `\nseed ${SEED}, ${EVAL_PEOPLE} people evaluated, ${HOLD_OUT * 100}% of each person's likes held out`,
);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
