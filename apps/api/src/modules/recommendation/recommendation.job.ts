import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { collectionListed, itemListed } from '../access/access.sql.ts';

// Any constant works; every API process uses the same one, so only one slice runs at a time.
const REFRESH_LOCK_KEY = 7_240_611;
/** Neighbours kept per collection and kind: reads sum over at most 50 seeds x this. */
const NEIGHBORS_PER_COLLECTION = 20;
/** Similarities kept per collection in a slice before the cut: what updates incoming rows. */
const SCORED_PER_COLLECTION = 100;
/** Signals counted per person (their newest): one heavy liker cannot square the work. */
const SIGNALS_PER_PERSON = 100;
/** Words of a collection compared, its rarest usable ones: one 1,000-item collection stays cheap. */
const TERMS_PER_COLLECTION = 50;

/**
 * The time one slice aims at: its size adapts (halved when a slice took longer, doubled when it
 * took less than half), so a request never waits much more than this for the job.
 */
const SLICE_TARGET_MS = 50;
const SLICE_MIN = 1;
const SLICE_MAX = 200;
/** Collections one run may recompute at most; the rest waits for the next run. */
const DEFAULT_MAX_COLLECTIONS = 5_000;

/** A person's signals on listed collections not their own: likes, follows, collaborations, saved copies. */
const personSignals = (person: string) => `
  SELECT x.collection_id, max(x.at) AS at FROM (
    SELECT collection_id, created_at AS at FROM collection_likes WHERE user_id = ${person}
    UNION ALL SELECT collection_id, created_at FROM collection_followers WHERE user_id = ${person}
    UNION ALL SELECT collection_id, created_at FROM collection_collaborators WHERE user_id = ${person}
    UNION ALL SELECT saved_from_id, created_at FROM collections WHERE user_id = ${person} AND saved_from_id IS NOT NULL
  ) x
  JOIN collections c ON c.id = x.collection_id AND ${collectionListed('c')} AND c.user_id <> ${person}
  GROUP BY x.collection_id ORDER BY max(x.at) DESC, x.collection_id LIMIT ${SIGNALS_PER_PERSON}`;

/**
 * Item-to-item collaborative filtering for the slice's collections ($1): cosine similarity of the
 * sets of people behind two collections (people who share their activity; each person's 100
 * newest signals), damped by co / (co + 2) so that one shared fan is not a perfect match. The
 * size of a collection's set is its `popularity` (likes + follows), kept by the counters.
 */
const SCORE_CF = `
  INSERT INTO recommendation_scratch (collection_id, kind, neighbor_id, score, rank)
  WITH fans AS (
    SELECT DISTINCT s.collection_id AS a, s.user_id FROM (
      SELECT collection_id, user_id FROM collection_likes WHERE collection_id = ANY($1::text[])
      UNION ALL SELECT collection_id, user_id FROM collection_followers WHERE collection_id = ANY($1::text[])
      UNION ALL SELECT collection_id, user_id FROM collection_collaborators WHERE collection_id = ANY($1::text[])
      UNION ALL SELECT saved_from_id, user_id FROM collections WHERE saved_from_id = ANY($1::text[])
    ) s
    JOIN users u ON u.id = s.user_id AND u.share_activity
  ),
  fan_signals AS (
    SELECT f.user_id, r.collection_id
    FROM (SELECT DISTINCT user_id FROM fans) f CROSS JOIN LATERAL (${personSignals('f.user_id')}) r
  ),
  counted AS (
    SELECT f.a, f.user_id FROM fans f JOIN fan_signals s ON s.user_id = f.user_id AND s.collection_id = f.a
  ),
  pairs AS (
    SELECT c.a, s.collection_id AS b, count(*)::float8 AS co
    FROM counted c JOIN fan_signals s ON s.user_id = c.user_id AND s.collection_id <> c.a
    GROUP BY c.a, s.collection_id
  ),
  scored AS (
    SELECT p.a, p.b,
      p.co / sqrt(greatest(ca.popularity, p.co) * greatest(cb.popularity, p.co)) * p.co / (p.co + 2) AS score
    FROM pairs p JOIN collections ca ON ca.id = p.a JOIN collections cb ON cb.id = p.b
  ),
  ranked AS (
    SELECT a, b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b) AS rank FROM scored
  )
  SELECT a, 'cf', b, score, rank FROM ranked WHERE rank <= ${SCORED_PER_COLLECTION}`;

/** The slice's word lists ($1), replaced, with the per-word collection counts kept in step. */
const TERMS_STEPS = [
  `UPDATE recommendation_term_counts d SET n = d.n - x.n
   FROM (SELECT lexeme, count(*)::int AS n FROM recommendation_terms WHERE collection_id = ANY($1::text[]) GROUP BY lexeme) x
   WHERE d.lexeme = x.lexeme`,
  `DELETE FROM recommendation_terms WHERE collection_id = ANY($1::text[])`,
  `DELETE FROM recommendation_term_norms WHERE collection_id = ANY($1::text[])`,
  `INSERT INTO recommendation_terms (collection_id, lexeme)
   SELECT c.id, t.lexeme FROM collections c, unnest(c.search) t
   WHERE c.id = ANY($1::text[]) AND ${collectionListed('c')}
   UNION
   SELECT i.collection_id, t.lexeme
   FROM collection_items i JOIN collections c ON c.id = i.collection_id AND ${collectionListed('c')} AND ${itemListed('i')},
     unnest(i.search) t
   WHERE i.collection_id = ANY($1::text[])`,
  `INSERT INTO recommendation_term_counts (lexeme, n)
   SELECT lexeme, count(*)::int FROM recommendation_terms WHERE collection_id = ANY($1::text[]) GROUP BY lexeme
   ON CONFLICT (lexeme) DO UPDATE SET n = recommendation_term_counts.n + EXCLUDED.n`,
];

/**
 * Words that say something: held by at least 2 collections and at most 2% of them (at least
 * 20), weighted by idf. $2 is the number of listed collections.
 */
const usableWeight = (counts: string) => `ln(1 + $2::float8 / ${counts}.n)`;
const usable = (counts: string) => `${counts}.n >= 2 AND ${counts}.n <= greatest(20, $2::float8 * 0.02)`;

/** The tf-idf norms of the slice's collections, as of now (others keep theirs until their turn). */
const NORMS = `
  INSERT INTO recommendation_term_norms (collection_id, norm)
  SELECT t.collection_id, sqrt(sum(${usableWeight('d')} ^ 2))
  FROM recommendation_terms t JOIN recommendation_term_counts d ON d.lexeme = t.lexeme
  WHERE t.collection_id = ANY($1::text[]) AND ${usable('d')}
  GROUP BY t.collection_id`;

/**
 * Content similarity for the long tail (collections nobody has liked yet): tf-idf cosine over the
 * stemmed, unaccented words of the name, description and items (the `search` vectors), comparing
 * each collection's 50 rarest usable words.
 */
const SCORE_CONTENT = `
  INSERT INTO recommendation_scratch (collection_id, kind, neighbor_id, score, rank)
  WITH mine AS (
    SELECT a, lexeme, w FROM (
      SELECT t.collection_id AS a, t.lexeme, ${usableWeight('d')} AS w,
        row_number() OVER (PARTITION BY t.collection_id ORDER BY d.n, t.lexeme) AS r
      FROM recommendation_terms t JOIN recommendation_term_counts d ON d.lexeme = t.lexeme
      WHERE t.collection_id = ANY($1::text[]) AND ${usable('d')}
    ) x WHERE r <= ${TERMS_PER_COLLECTION}
  ),
  pairs AS (
    SELECT m.a, o.collection_id AS b, sum(m.w * m.w) AS dot
    FROM mine m JOIN recommendation_terms o ON o.lexeme = m.lexeme AND o.collection_id <> m.a
    GROUP BY m.a, o.collection_id
  ),
  scored AS (
    SELECT p.a, p.b, p.dot / (na.norm * nb.norm) AS score
    FROM pairs p
    JOIN recommendation_term_norms na ON na.collection_id = p.a AND na.norm > 0
    JOIN recommendation_term_norms nb ON nb.collection_id = p.b AND nb.norm > 0
  ),
  ranked AS (
    SELECT a, b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b) AS rank
    FROM scored WHERE score >= 0.1
  )
  SELECT a, 'content', b, score, rank FROM ranked WHERE rank <= ${SCORED_PER_COLLECTION}`;

/**
 * From the scratch scores to the neighbour table: the slice's own lists are replaced by their top
 * 20; rows of other collections pointing at the slice get the new score (or go, when there is
 * no similarity left); and each new pair is written the other way too (similarity is
 * symmetric), each touched list then cut back to its top 20.
 */
const APPLY_STEPS = [
  `DELETE FROM collection_neighbors WHERE collection_id = ANY($1::text[])`,
  `INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
   SELECT collection_id, kind, neighbor_id, score FROM recommendation_scratch WHERE rank <= ${NEIGHBORS_PER_COLLECTION}`,
  `DELETE FROM collection_neighbors n
   WHERE n.neighbor_id = ANY($1::text[]) AND NOT n.collection_id = ANY($1::text[])
     AND NOT EXISTS (SELECT 1 FROM recommendation_scratch s
                     WHERE s.collection_id = n.neighbor_id AND s.kind = n.kind AND s.neighbor_id = n.collection_id)`,
  `UPDATE collection_neighbors n SET score = s.score FROM recommendation_scratch s
   WHERE n.collection_id = s.neighbor_id AND n.kind = s.kind AND n.neighbor_id = s.collection_id
     AND NOT n.collection_id = ANY($1::text[])`,
  `INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
   SELECT neighbor_id, kind, collection_id, score FROM recommendation_scratch
   WHERE rank <= ${NEIGHBORS_PER_COLLECTION} AND NOT neighbor_id = ANY($1::text[])
   ON CONFLICT (collection_id, kind, neighbor_id) DO UPDATE SET score = EXCLUDED.score`,
  `DELETE FROM collection_neighbors n USING (
     SELECT collection_id, kind, neighbor_id,
       row_number() OVER (PARTITION BY collection_id, kind ORDER BY score DESC, neighbor_id) AS rank
     FROM collection_neighbors
     WHERE collection_id IN (SELECT neighbor_id FROM recommendation_scratch WHERE rank <= ${NEIGHBORS_PER_COLLECTION})
   ) x
   WHERE x.rank > ${NEIGHBORS_PER_COLLECTION} AND n.collection_id = x.collection_id AND n.kind = x.kind
     AND n.neighbor_id = x.neighbor_id`,
  `DELETE FROM recommendation_scratch`,
];

export interface RefreshReport {
  /** False when another process holds the lock or nothing was dirty. */
  rebuilt: boolean;
  /** Collections recomputed by this run. */
  collections: number;
  slices: number;
  /** Collections still dirty when the run stopped (at its cap, or another process's lock). */
  remaining: number;
  /** The longest slice: about how long a request could have waited for this run. */
  longest_slice_ms: number;
  ms: number;
}

export interface RefreshOptions {
  /** Mark every collection dirty first (a full rebuild, spread over runs by the cap). */
  full?: boolean;
  /** Collections one run may recompute at most (5,000). */
  maxCollections?: number;
  /** Pause between slices as a share of the slice's time (1: as long as the slice). */
  pause?: number;
  /** Asked between slices: true ends the run there (the job stopping). */
  stopping?: () => boolean;
}

const nextTurn = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/**
 * Recomputes the neighbours of the dirty collections (recommendation_dirty, filled by triggers),
 * oldest first, in slices: each slice is one short transaction under an advisory lock (a second
 * process skips instead of waiting), and the run yields between slices so requests interleave
 * (on PGlite the one connection is free between them). Stops at `maxCollections`; the next run
 * goes on from there. Readers see each slice's result as it commits.
 */
export async function refreshRecommendations(db: Db, options: RefreshOptions = {}): Promise<RefreshReport> {
  const started = performance.now();
  const max = options.maxCollections ?? DEFAULT_MAX_COLLECTIONS;
  const report: RefreshReport = {
    rebuilt: false,
    collections: 0,
    slices: 0,
    remaining: 0,
    longest_slice_ms: 0,
    ms: 0,
  };
  if (options.full) await markAllDirty(db);
  // Words are weighed against how many collections are listed: counted once per run.
  const [total] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM collections c WHERE ${collectionListed('c')}`,
  );
  const listed = Math.max(1, total?.n ?? 1);
  let size = 20;
  let locked = true;
  while (report.collections < max && !options.stopping?.()) {
    const at = performance.now();
    const done = await db.transaction(async (tx) => {
      const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
        REFRESH_LOCK_KEY,
      ]);
      if (!lock?.locked) return -1;
      const batch = await tx.query<{ collection_id: string; marked_at: string }>(
        `SELECT collection_id, marked_at::text FROM recommendation_dirty
         ORDER BY marked_at, collection_id LIMIT $1`,
        [Math.min(size, max - report.collections)],
      );
      if (batch.length === 0) return 0;
      await recompute(
        tx,
        batch.map((b) => b.collection_id),
        listed,
      );
      // A collection marked again while this slice ran (a newer marked_at) stays dirty.
      await tx.query(
        `DELETE FROM recommendation_dirty d USING unnest($1::text[], $2::timestamptz[]) AS b(id, at)
         WHERE d.collection_id = b.id AND d.marked_at <= b.at`,
        [batch.map((b) => b.collection_id), batch.map((b) => b.marked_at)],
      );
      return batch.length;
    });
    const took = performance.now() - at;
    if (done < 0) locked = false;
    if (done <= 0) break;
    report.collections += done;
    report.slices += 1;
    report.longest_slice_ms = Math.max(report.longest_slice_ms, Math.round(took));
    size =
      took > SLICE_TARGET_MS
        ? Math.max(SLICE_MIN, Math.floor(size / 2))
        : took < SLICE_TARGET_MS / 2
          ? Math.min(SLICE_MAX, size * 2)
          : size;
    await nextTurn(Math.round(took * (options.pause ?? 0)));
  }
  if (report.collections > 0) {
    report.rebuilt = true;
    // Cached candidates of older generations are recomputed at their next read.
    await db.query(
      `INSERT INTO recommendation_state (id, generation) VALUES (true, 1)
       ON CONFLICT (id) DO UPDATE SET generation = recommendation_state.generation + 1, refreshed_at = now()`,
    );
  }
  if (locked) {
    const [left] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM recommendation_dirty');
    report.remaining = left?.n ?? 0;
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

/** One slice: words, then both kinds of similarity, then the neighbour table. */
async function recompute(tx: Queryable, ids: string[], listed: number): Promise<void> {
  for (const step of TERMS_STEPS) await tx.query(step, [ids]);
  await tx.query(NORMS, [ids, listed]);
  await tx.query(SCORE_CF, [ids]);
  await tx.query(SCORE_CONTENT, [ids, listed]);
  for (const step of APPLY_STEPS) {
    await tx.query(step, step.includes('$1') ? [ids] : []);
  }
}

/** Every collection dirty, marked in keyed batches of short statements. */
async function markAllDirty(db: Db): Promise<void> {
  let after = '';
  for (;;) {
    const [last] = await db.query<{ id: string | null }>(
      `WITH page AS (SELECT id FROM collections WHERE id > $1 ORDER BY id LIMIT 5000),
       marked AS (
         INSERT INTO recommendation_dirty (collection_id) SELECT id FROM page
         ON CONFLICT (collection_id) DO UPDATE SET marked_at = EXCLUDED.marked_at
       )
       SELECT max(id) AS id FROM page`,
      [after],
    );
    if (!last?.id) return;
    after = last.id;
    await nextTurn(0);
  }
}

export interface RecommendationJob {
  /** Waits for the slice in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Runs right after start, then every `intervalMs`, in the API process (like the mail worker):
 * recomputes what changed since the last run, at most 5,000 collections per run, pausing between
 * slices as long as each slice took (so the job uses at most half of the database's time). A
 * viewer's own likes and follows count at once (their cached candidates are dropped); what
 * others did reaches the neighbours within an interval or a few.
 */
export function startRecommendationJob(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number,
): RecommendationJob {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    running = refreshRecommendations(db, { pause: 1, stopping: () => stopped })
      .then(
        (report) => {
          if (report.rebuilt) log.info(report, 'recommendations refreshed');
        },
        (err: unknown) => log.warn({ err }, 'recommendations refresh failed'),
      )
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(run, intervalMs);
          timer.unref();
        }
      });
  };
  timer = setTimeout(run, 0);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
