// Offline evaluation of the recommender: `npm run bench:recommend` (PostgreSQL via
// scripts/with-postgres.mjs, then PGlite). Not a test.
//
// Generates a reproducible community shaped like public rating data sets, not like the
// recommender's own assumptions: heavy-tailed (Zipf) collection popularity; people whose activity
// varies by two orders of magnitude (log-normal); each person has a few latent tastes among many,
// of which one is active at a time, switching now and then and drifting to new tastes over time,
// so the order of a person's likes matters; and noise (a share of likes drawn from overall
// popularity, whatever the taste). Collection names carry a topic word only half of the time.
// Each person's latest like is held out; the rest is loaded with its real instants, the real
// incremental job builds the neighbours, and the top 10 of a sample of people is compared with
// the held-out like (hit rate@10, NDCG@10) for:
//   - popularity and textbook item-kNN (cosine between the sets of people behind two
//     collections, 50 neighbours per collection, every seed weighing the same), computed here in
//     the same run from the same training likes: the baselines;
//   - a ceiling: the generator's own way of drawing the next like, with the hidden topics known
//     (no recommender sees them): how much of the gap to it is left;
//   - served: what `GET /collection/recommended` returns, through the service
//     (recommendCollections: cached candidates, access re-check, diversity, cards);
//   - the statement with other weights (recommendedIds): the hybrid without recency weighting,
//     collaborative only, content only, popularity. What each part adds.
// It also times a full rebuild and an incremental run (after new likes on 1% of the collections).
//
// Options (env): BENCH_DB=pg|pglite|both (default: pg when TEST_DATABASE_URL or DATABASE_URL is
// set, as `npm run bench:recommend` does; otherwise pglite), BENCH_PEOPLE (5000),
// BENCH_COLLECTIONS (5000), BENCH_TASTES (60), BENCH_EVAL_PEOPLE (1000), BENCH_SEED (2026),
// BENCH_LIKES_PER_PERSON (median, 12), BENCH_EASE=N (adds an in-memory EASE row over the N most-liked
// collections, λ 400, seeds weighted by a half-life of 3: docs/recommendations.md), BENCH_EVAL=0
// (timings only: for the bench:load size,
// BENCH_PEOPLE=10000 BENCH_COLLECTIONS=100000 BENCH_LIKES_PER_PERSON=16 BENCH_EVAL=0, ~250,000 likes).
import { openDb, type Db } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { createScratchDatabase } from '../apps/api/src/db/scratch-database.ts';
import { createRandom } from '../apps/api/src/db/seed/community.ts';
import { newId } from '../apps/api/src/lib/ids.ts';
import { refreshRecommendations } from '../apps/api/src/modules/recommendation/recommendation.job.ts';
import {
  recommendCollections,
  recommendedIds,
  type Strategy,
} from '../apps/api/src/modules/recommendation/recommendation.service.ts';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5_000);
const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? 5_000);
const TASTES = Number(process.env.BENCH_TASTES ?? 60);
const EVAL_PEOPLE = Number(process.env.BENCH_EVAL_PEOPLE ?? 1_000);
const SEED = Number(process.env.BENCH_SEED ?? 2026);
const MEDIAN_LIKES = Number(process.env.BENCH_LIKES_PER_PERSON ?? 12);
const EVALUATE = process.env.BENCH_EVAL !== '0';
const EASE_ITEMS = Number(process.env.BENCH_EASE ?? 0);
const K = 10;
/** The share of a person's likes the generator draws from their active taste (the rest: anywhere). */
const IN_TASTE = 0.7;
/** Neighbours per collection of the textbook item-kNN baseline. */
const KNN_NEIGHBORS = 50;

const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const which = process.env.BENCH_DB ?? (pgUrl ? 'pg' : 'pglite');
const runs = [...(which !== 'pglite' && pgUrl ? ['postgres'] : []), ...(which !== 'pg' ? ['pglite'] : [])];
if (runs.length === 0) {
  console.error('BENCH_DB=pg needs a PostgreSQL server: run through `npm run bench:recommend`.');
  process.exit(2);
}

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

interface Like {
  collection: number;
  user: number;
  at: number;
}

interface Community {
  users: string[];
  collections: { id: string; owner: number; topic: number; name: string; description: string }[];
  items: { collection: number; name: string }[];
  /** Every person's likes in the order they made them. */
  sequences: Like[][];
}

/** Draws indexes with probability proportional to `weights` (cumulative table, binary search). */
function sampler(weights: number[], next: () => number) {
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w));
  return () => {
    const x = next() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function generate(): Community {
  const random = createRandom(SEED);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
  const word = () => Array.from({ length: 4 }, () => random.pick(SYLLABLES)).join('');
  const vocab = Array.from({ length: TASTES }, () => Array.from({ length: 30 }, word));
  const users = Array.from({ length: PEOPLE }, () => newId());

  // Popularity: Zipf over a random order of the collections (exponent 0.9, as rating data sets
  // show); each collection has one topic, topics themselves Zipf-sized.
  const topicWeight = Array.from({ length: TASTES }, (_, t) => 1 / (t + 1) ** 0.6);
  const drawTopic = sampler(topicWeight, random.next);
  const collections: Community['collections'] = [];
  const items: Community['items'] = [];
  const popularity: number[] = [];
  const order = Array.from({ length: COLLECTIONS }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (let n = 0; n < COLLECTIONS; n++) {
    const topic = drawTopic();
    popularity.push(1 / (order[n]! + 1) ** 0.9);
    const words = vocab[topic]!;
    // Half of the names say their topic; the rest are words from anywhere.
    const name =
      random.next() < 0.5
        ? `${random.pick(words)} ${word()}`
        : `${word()} ${random.pick(vocab[drawTopic()]!)}`;
    collections.push({ id: newId(), owner: random.int(0, PEOPLE - 1), topic, name, description: word() });
    for (let i = 0; i < 2; i++) {
      items.push({ collection: n, name: `${random.next() < 0.5 ? random.pick(words) : word()} ${word()}` });
    }
  }
  const byTopic = Array.from({ length: TASTES }, () => [] as number[]);
  collections.forEach((c, n) => byTopic[c.topic]!.push(n));
  const anywhere = sampler(popularity, random.next);
  const inTopic = byTopic.map((list) => {
    // A small catalogue may leave a taste without collections: it draws from anywhere then.
    if (list.length === 0) return anywhere;
    const draw = sampler(
      list.map((n) => popularity[n]!),
      random.next,
    );
    return () => list[draw()]!;
  });

  const sequences: Like[][] = [];
  // Instants: people start at different times over a year, and like at their own pace.
  const YEAR = 365 * 86_400_000;
  for (let u = 0; u < PEOPLE; u++) {
    const count = Math.min(
      400,
      Math.max(3, Math.round(MEDIAN_LIKES * Math.exp(gaussian()))),
      COLLECTIONS - 1,
    );
    const tastes = Array.from({ length: random.int(2, 4) }, drawTopic);
    let current = random.pick(tastes);
    const liked = new Set<number>();
    const sequence: Like[] = [];
    let at = Date.now() - 2 * YEAR + random.next() * YEAR;
    const pace = 3_600_000 * (1 + 200 * random.next());
    for (let tries = 0; sequence.length < count && tries < count * 20; tries++) {
      // Drift: now and then the active taste changes, sometimes to a new one for good.
      if (random.next() < 0.12) current = random.pick(tastes);
      if (random.next() < 0.03) {
        current = drawTopic();
        tastes[random.int(0, tastes.length - 1)] = current;
      }
      const pick = random.next() < IN_TASTE ? inTopic[current]!() : anywhere();
      if (liked.has(pick) || collections[pick]!.owner === u) continue;
      liked.add(pick);
      at += pace * (0.2 + random.next());
      sequence.push({ collection: pick, user: u, at });
    }
    sequences.push(sequence);
  }
  return { users, collections, items, sequences };
}

const chunks = <T>(rows: T[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

async function load(db: Db, community: Community, train: Like[], categoryIds: string[]) {
  for (const b of chunks(community.users, 5000)) {
    await db.query(
      `INSERT INTO users (id, name, email) SELECT id, 'Pessoa ' || id, id || '@bench.acervo.app'
       FROM unnest($1::text[]) AS t(id)`,
      [b],
    );
  }
  for (const b of chunks(community.collections, 5000)) {
    await db.query(
      `INSERT INTO collections (id, user_id, category_id, name, description)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [
        b.map((c) => c.id),
        b.map((c) => community.users[c.owner]),
        b.map((c) => categoryIds[c.topic % categoryIds.length]),
        b.map((c) => c.name),
        b.map((c) => c.description),
      ],
    );
  }
  for (const b of chunks(community.items, 10000)) {
    await db.query(
      `INSERT INTO collection_items (id, collection_id, name, position)
       SELECT 'i' || n || '-' || c, c, name, n FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS t(c, name, n)`,
      [b.map((i) => community.collections[i.collection]!.id), b.map((i) => i.name)],
    );
  }
  await insertLikes(db, community, train);
  await db.exec('ANALYZE');
}

async function insertLikes(db: Db, community: Community, likes: Like[]) {
  for (const b of chunks(likes, 10000)) {
    await db.query(
      `INSERT INTO collection_likes (collection_id, user_id, created_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])`,
      [
        b.map((l) => community.collections[l.collection]!.id),
        b.map((l) => community.users[l.user]),
        b.map((l) => new Date(l.at).toISOString()),
      ],
    );
  }
  // The counters (likes_count, hence popularity) as the like routes keep them.
  await db.query(
    `UPDATE collections c SET likes_count = x.n
     FROM (SELECT collection_id, count(*)::int AS n FROM collection_likes GROUP BY collection_id) x
     WHERE c.id = x.collection_id AND c.likes_count <> x.n`,
  );
}

function score(recommended: string[], held: string) {
  const rank = recommended.slice(0, K).indexOf(held);
  return { hit: rank >= 0 ? 1 : 0, ndcg: rank >= 0 ? 1 / Math.log2(rank + 2) : 0 };
}

/** Popularity and textbook item-kNN over the training likes, in memory. */
function baselines(community: Community, train: Like[]) {
  const fans = community.collections.map(() => [] as number[]);
  const likedBy = community.users.map(() => [] as number[]);
  for (const l of train) {
    fans[l.collection]!.push(l.user);
    likedBy[l.user]!.push(l.collection);
  }
  const byPopularity = community.collections
    .map((_, n) => n)
    .sort((a, b) => fans[b]!.length - fans[a]!.length || a - b);
  const neighbours = new Map<number, [number, number][]>();
  const neighboursOf = (i: number) => {
    let list = neighbours.get(i);
    if (list) return list;
    const co = new Map<number, number>();
    for (const u of fans[i]!) for (const j of likedBy[u]!) if (j !== i) co.set(j, (co.get(j) ?? 0) + 1);
    list = [...co]
      .map(([j, n]): [number, number] => [j, n / Math.sqrt(fans[i]!.length * fans[j]!.length)])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, KNN_NEIGHBORS);
    neighbours.set(i, list);
    return list;
  };
  const excluded = (u: number) => {
    const mine = new Set(likedBy[u]);
    return (j: number) => mine.has(j) || community.collections[j]!.owner === u;
  };
  /** Fewer than 10 scored: popularity fills the rest, as any deployed model does. */
  const topTen = (u: number, scores: Map<number, number>) => {
    const skip = excluded(u);
    const ranked = [...scores]
      .filter(([j]) => !skip(j))
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .map(([j]) => j);
    for (const j of byPopularity) {
      if (ranked.length >= K) break;
      if (!skip(j) && !scores.has(j)) ranked.push(j);
    }
    return ranked.slice(0, K).map((j) => community.collections[j]!.id);
  };
  return {
    topTen,
    likedBy,
    byPopularity,
    popularity(u: number): string[] {
      const skip = excluded(u);
      const out: string[] = [];
      for (const j of byPopularity) {
        if (out.length === K) break;
        if (!skip(j)) out.push(community.collections[j]!.id);
      }
      return out;
    },
    itemKnn(u: number): string[] {
      const scores = new Map<number, number>();
      for (const i of likedBy[u]!) {
        for (const [j, s] of neighboursOf(i)) scores.set(j, (scores.get(j) ?? 0) + s);
      }
      return topTen(u, scores);
    },
  };
}

/**
 * A ceiling no recommender can reach here: it knows each collection's hidden topic, which only the
 * generator sees. The next like is scored as the generator draws it: IN_TASTE from the person's
 * active taste (guessed from the topics of their recent likes, a half-life of 2 likes) in
 * proportion to popularity within it, the rest from overall popularity.
 */
function topicOracle(community: Community, base: ReturnType<typeof baselines>, train: Like[]) {
  const fans = community.collections.map(() => 0);
  for (const l of train) fans[l.collection]! += 1;
  const byTopic = new Map<number, number[]>();
  for (const j of base.byPopularity) {
    const topic = community.collections[j]!.topic;
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), j]);
  }
  const topicTotal = new Map([...byTopic].map(([t, list]) => [t, list.reduce((s, j) => s + fans[j]!, 0)]));
  const total = fans.reduce((s, n) => s + n, 0);
  const newestFirst = base.likedBy.map(() => [] as number[]);
  for (const l of [...train].sort((x, y) => y.at - x.at)) newestFirst[l.user]!.push(l.collection);
  return (u: number): string[] => {
    const weights = new Map<number, number>();
    let sum = 0;
    newestFirst[u]!.slice(0, 30).forEach((c, rank) => {
      const topic = community.collections[c]!.topic;
      const w = 0.5 ** (rank / 2);
      sum += w;
      weights.set(topic, (weights.get(topic) ?? 0) + w);
    });
    const scores = new Map<number, number>();
    for (const [topic, w] of weights) {
      for (const j of byTopic.get(topic)!.slice(0, 300)) {
        scores.set(
          j,
          (scores.get(j) ?? 0) + (IN_TASTE * (w / sum) * fans[j]!) / Math.max(1, topicTotal.get(topic)!),
        );
      }
    }
    for (const j of base.byPopularity.slice(0, 300)) {
      scores.set(j, (scores.get(j) ?? 0) + ((1 - IN_TASTE) * fans[j]!) / Math.max(1, total));
    }
    return base.topTen(u, scores);
  };
}

/**
 * EASE (Steck, 2019) over the `size` most-liked collections, in memory: B = I − P·diag(1/diag P)
 * with P = (XᵀX + λI)⁻¹, each row cut to its 50 largest weights (what a neighbour table would
 * keep), a person's seeds weighted by a half-life of 3 seeds. O(size³): 15 s at 2,000 here.
 */
function easeModel(base: ReturnType<typeof baselines>, train: Like[], size: number) {
  const LAMBDA = 400;
  const HALF_LIFE = 3;
  const catalogue = base.byPopularity.slice(0, size);
  const n = catalogue.length;
  const index = new Map(catalogue.map((c, i) => [c, i]));
  const a = new Float64Array(n * n);
  for (const liked of base.likedBy) {
    const xs = liked.flatMap((c) => index.get(c) ?? []);
    for (const x of xs) for (const y of xs) a[x * n + y]! += 1;
  }
  for (let i = 0; i < n; i++) a[i * n + i]! += LAMBDA;
  // In-place Gauss–Jordan inverse; the matrix is symmetric positive definite, so no pivoting.
  for (let k = 0; k < n; k++) {
    const inv = 1 / a[k * n + k]!;
    for (let j = 0; j < n; j++) a[k * n + j]! *= inv;
    a[k * n + k] = inv;
    for (let i = 0; i < n; i++) {
      const f = a[i * n + k]!;
      if (i === k || f === 0) continue;
      for (let j = 0; j < n; j++) a[i * n + j]! -= f * a[k * n + j]!;
      a[i * n + k] = -f * inv;
    }
  }
  const rows = catalogue.map((_, i) => {
    const row: [number, number][] = [];
    for (let j = 0; j < n; j++) {
      const b = j === i ? 0 : -a[i * n + j]! / a[j * n + j]!;
      if (b > 0) row.push([catalogue[j]!, b]);
    }
    return row.sort((x, y) => y[1] - x[1]).slice(0, 50);
  });
  // Newest first: each person's training likes by instant.
  const newestFirst = base.likedBy.map(() => [] as number[]);
  for (const l of [...train].sort((x, y) => y.at - x.at)) newestFirst[l.user]!.push(l.collection);
  return (u: number): string[] => {
    const scores = new Map<number, number>();
    newestFirst[u]!.forEach((c, rank) => {
      const i = index.get(c);
      if (i === undefined) return;
      const w = 0.5 ** (rank / HALF_LIFE);
      for (const [j, b] of rows[i]!) scores.set(j, (scores.get(j) ?? 0) + w * b);
    });
    return base.topTen(u, scores);
  };
}

const seconds = (ms = 0) => `${(ms / 1000).toFixed(1)} s`;
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
    // Each person's latest like is held out (people with at least 3 likes).
    const heldOut = new Map<number, Like>();
    const train: Like[] = [];
    community.sequences.forEach((sequence, u) => {
      const held = sequence.length >= 3 ? sequence.at(-1) : undefined;
      if (held) heldOut.set(u, held);
      for (const l of sequence) if (l !== held) train.push(l);
    });
    const started = performance.now();
    await load(db, community, train, categoryIds);
    console.log(
      `\n== ${kind}: ${PEOPLE.toLocaleString('en-US')} people, ${COLLECTIONS.toLocaleString('en-US')} collections, ` +
        `${community.items.length.toLocaleString('en-US')} items, ${train.length.toLocaleString('en-US')} ` +
        `training likes (${TASTES} latent tastes), loaded in ${seconds(performance.now() - started)} ==`,
    );

    // A full rebuild: everything is dirty after the load; one run without a cap takes it all.
    const full = await refreshRecommendations(db, { full: true, maxCollections: Infinity });
    const [neighbors] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM collection_neighbors');
    console.log(
      `full rebuild: ${seconds(full.ms)} (${full.collections.toLocaleString('en-US')} collections in ` +
        `${full.slices} slices, longest slice ${full.longest_slice_ms} ms, longest hold ${full.longest_hold_ms} ms; ${neighbors!.n.toLocaleString('en-US')} neighbours)`,
    );
    rows.push([
      kind,
      'full rebuild',
      '',
      '',
      seconds(full.ms),
      `longest slice ${full.longest_slice_ms} ms, longest hold ${full.longest_hold_ms} ms`,
    ]);

    if (EVALUATE) {
      const base = baselines(community, train);
      const sample = [...heldOut.keys()].slice(0, EVAL_PEOPLE);
      const evaluate = async (label: string, recommend: (u: number) => Promise<string[]> | string[]) => {
        let hits = 0;
        let ndcg = 0;
        const at = performance.now();
        for (const u of sample) {
          const s = score(await recommend(u), community.collections[heldOut.get(u)!.collection]!.id);
          hits += s.hit;
          ndcg += s.ndcg;
        }
        const perPerson = (performance.now() - at) / sample.length;
        rows.push([
          kind,
          label,
          (hits / sample.length).toFixed(3),
          (ndcg / sample.length).toFixed(3),
          `${perPerson.toFixed(1)} ms/person`,
          '',
        ]);
        console.log(rows.at(-1)!.join(' | '));
        return hits / sample.length;
      };
      const popularity = await evaluate('popularity (baseline, in memory)', (u) => base.popularity(u));
      const knn = await evaluate(`item-kNN, textbook (baseline, k=${KNN_NEIGHBORS})`, (u) => base.itemKnn(u));
      const oracle = await evaluate(
        'ceiling: the hidden topics known (in memory)',
        topicOracle(community, base, train),
      );
      if (EASE_ITEMS > 0) {
        const ease = easeModel(base, train, EASE_ITEMS);
        await evaluate(`EASE, ${EASE_ITEMS} most liked, recency seeds (in memory)`, ease);
      }
      const served = await evaluate('served: GET /collection/recommended (service)', async (u) =>
        (await recommendCollections(db, { id: community.users[u]! }, K, (read) => read())).map((c) => c.id),
      );
      const strategies: [Strategy, string][] = [
        ['hybrid', 'statement, hybrid as served, without the category mix'],
        ['unweighted', 'statement, hybrid without recency weighting'],
        ['collaborative', 'statement, collaborative only'],
        ['content', 'statement, content only'],
        ['popularity', 'statement, popularity'],
      ];
      for (const [strategy, label] of strategies) {
        await evaluate(label, (u) => recommendedIds(db, { id: community.users[u]! }, K, strategy));
      }
      console.log(
        `served / item-kNN: ${(served / knn).toFixed(2)}x; served / popularity: ${(served / popularity).toFixed(2)}x; ` +
          `the ceiling / item-kNN: ${(oracle / knn).toFixed(2)}x`,
      );
      rows.push([kind, 'served / item-kNN', `${(served / knn).toFixed(2)}x`, '', '', '']);
      rows.push([kind, 'ceiling / item-kNN', `${(oracle / knn).toFixed(2)}x`, '', '', '']);
    }

    // An incremental run: new likes on 1% of the collections, by random people.
    const random = createRandom(SEED + 1);
    const fresh: Like[] = [];
    const touched = new Set<number>();
    const now = Date.now();
    while (touched.size < Math.max(1, Math.round(COLLECTIONS / 100))) {
      const c = random.int(0, COLLECTIONS - 1);
      const u = random.int(0, PEOPLE - 1);
      if (touched.has(c) || community.collections[c]!.owner === u) continue;
      if (community.sequences[u]!.some((l) => l.collection === c)) continue;
      touched.add(c);
      fresh.push({ collection: c, user: u, at: now });
    }
    await insertLikes(db, community, fresh);
    const incremental = await refreshRecommendations(db, { maxCollections: Infinity });
    console.log(
      `incremental run after ${fresh.length} new likes: ${seconds(incremental.ms)} (${incremental.collections} ` +
        `collections, longest slice ${incremental.longest_slice_ms} ms, longest hold ${incremental.longest_hold_ms} ms)`,
    );
    rows.push([
      kind,
      `incremental run (${fresh.length} new likes)`,
      '',
      '',
      seconds(incremental.ms),
      `longest slice ${incremental.longest_slice_ms} ms, longest hold ${incremental.longest_hold_ms} ms`,
    ]);
  } finally {
    await db.close();
    await scratch?.drop();
  }
}

const header = ['db', 'what', 'hit rate@10', 'NDCG@10', 'time', ''];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ');
console.log(`\nseed ${SEED}, ${EVAL_PEOPLE} people evaluated, each person's latest like held out`);
console.log(line(header));
console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
for (const r of rows) console.log(line(r));
