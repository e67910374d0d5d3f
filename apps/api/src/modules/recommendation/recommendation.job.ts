import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { collectionListed, itemListed } from '../access/access.sql.ts';

// Any constant works; every API process uses the same one, so only one slice runs at a time.
const REFRESH_LOCK_KEY = 7_240_611;
/**
 * Neighbours kept per collection: 50 collaborative (measured better than 20 on the benchmark's
 * data, decision 043), 20 by content. Reads sum over at most 50 seeds x these.
 */
const KEEP = `CASE kind WHEN 'cf' THEN 50 ELSE 20 END`;
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
const SLICE_TARGET_MS = 100;
const SLICE_MIN = 5;
const SLICE_MAX = 200;
/** Collections one run may recompute at most; the rest waits for the next run. */
const DEFAULT_MAX_COLLECTIONS = 5_000;

/**
 * A person's newest signals: likes, follows, collaborations, saved copies. Whether the collection
 * is listed is checked once per pair (below), not once per signal: the cut may then count a
 * private one among the 100, which only costs a heavy liker one of them.
 */
const personSignals = (person: string) => `
  SELECT x.collection_id FROM (
    SELECT collection_id, created_at AS at FROM collection_likes WHERE user_id = ${person}
    UNION ALL SELECT collection_id, created_at FROM collection_followers WHERE user_id = ${person}
    UNION ALL SELECT collection_id, created_at FROM collection_collaborators WHERE user_id = ${person}
    UNION ALL SELECT saved_from_id, created_at FROM collections WHERE user_id = ${person} AND saved_from_id IS NOT NULL
  ) x
  GROUP BY x.collection_id ORDER BY max(x.at) DESC, x.collection_id LIMIT ${SIGNALS_PER_PERSON}`;

/**
 * The slice's word lists ($1) go, and the per-word collection counts and the norms with them.
 * One statement: its parts touch different rows.
 */
const TERMS_OUT = `
  WITH old AS (DELETE FROM recommendation_terms WHERE collection_id = ANY($1::text[]) RETURNING lexeme),
  counted AS (
    UPDATE recommendation_term_counts d SET n = d.n - x.n
    FROM (SELECT lexeme, count(*)::int AS n FROM old GROUP BY lexeme) x
    WHERE d.lexeme = x.lexeme RETURNING 1
  ),
  norms AS (DELETE FROM recommendation_term_norms WHERE collection_id = ANY($1::text[]) RETURNING 1)
  SELECT (SELECT count(*) FROM counted) + (SELECT count(*) FROM norms) AS n`;

/** The slice's word lists as they are now (listed collections, shown items), counted in. */
const TERMS_IN = `
  WITH added AS (
    INSERT INTO recommendation_terms (collection_id, lexeme)
    SELECT c.id, t.lexeme FROM collections c, unnest(c.search) t
    WHERE c.id = ANY($1::text[]) AND ${collectionListed('c')}
    UNION
    SELECT i.collection_id, t.lexeme
    FROM collection_items i JOIN collections c ON c.id = i.collection_id AND ${collectionListed('c')} AND ${itemListed('i')},
      unnest(i.search) t
    WHERE i.collection_id = ANY($1::text[])
    RETURNING lexeme
  )
  INSERT INTO recommendation_term_counts (lexeme, n)
  SELECT lexeme, count(*)::int FROM added GROUP BY lexeme
  ON CONFLICT (lexeme) DO UPDATE SET n = recommendation_term_counts.n + EXCLUDED.n`;

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
 * Both kinds of similarity of the slice's collections ($1) to every other, the best 100 each,
 * into the scratch table.
 *
 * `cf`: item-to-item collaborative filtering, the cosine similarity of the sets of people behind
 * two collections (people who share their activity; each person's 100 newest signals), damped by
 * co / (co + 2) so that one shared fan is not a perfect match. The size of a collection's set is
 * its `popularity` (likes + follows), kept by the counters.
 *
 * `content`, for the long tail (collections nobody has liked yet): tf-idf cosine over the stemmed,
 * unaccented words of the name, description and items (the `search` vectors), comparing each
 * collection's 50 rarest usable words.
 */
const SCORE = `
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
  cf AS (
    SELECT p.a, p.b,
      p.co / sqrt(greatest(ca.popularity, p.co) * greatest(cb.popularity, p.co)) * p.co / (p.co + 2) AS score
    FROM pairs p JOIN collections ca ON ca.id = p.a AND ${collectionListed('ca')}
    JOIN collections cb ON cb.id = p.b AND ${collectionListed('cb')}
  ),
  words AS (
    SELECT a, lexeme, w FROM (
      SELECT t.collection_id AS a, t.lexeme, ${usableWeight('d')} AS w,
        row_number() OVER (PARTITION BY t.collection_id ORDER BY d.n, t.lexeme) AS r
      FROM recommendation_terms t JOIN recommendation_term_counts d ON d.lexeme = t.lexeme
      WHERE t.collection_id = ANY($1::text[]) AND ${usable('d')}
    ) x WHERE r <= ${TERMS_PER_COLLECTION}
  ),
  dots AS (
    SELECT m.a, o.collection_id AS b, sum(m.w * m.w) AS dot
    FROM words m JOIN recommendation_terms o ON o.lexeme = m.lexeme AND o.collection_id <> m.a
    GROUP BY m.a, o.collection_id
  ),
  content AS (
    SELECT p.a, p.b, p.dot / (na.norm * nb.norm) AS score
    FROM dots p
    JOIN recommendation_term_norms na ON na.collection_id = p.a AND na.norm > 0
    JOIN recommendation_term_norms nb ON nb.collection_id = p.b AND nb.norm > 0
  ),
  ranked AS (
    SELECT a, 'cf' AS kind, b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b) AS rank FROM cf
    UNION ALL
    SELECT a, 'content', b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b)
    FROM content WHERE score >= 0.1
  )
  SELECT a, kind, b, score, rank FROM ranked WHERE rank <= ${SCORED_PER_COLLECTION}`;

/**
 * From the scratch scores to the neighbour table, in one statement whose parts touch different
 * rows: the slice's own lists become their top 50 (cf) or 20 (content); rows of other
 * collections pointing at the slice get the new score, or go when no similarity is left; and
 * each new top pair is written the other way too (similarity is symmetric). A row whose score did
 * not change is left as it is: a pair's reverse row is usually written again, with the same score,
 * by the other collection's slice.
 */
const APPLY = `
  WITH own_gone AS (
    DELETE FROM collection_neighbors n
    WHERE n.collection_id = ANY($1::text[]) AND NOT EXISTS (
      SELECT 1 FROM recommendation_scratch s
      WHERE s.collection_id = n.collection_id AND s.kind = n.kind AND s.neighbor_id = n.neighbor_id
        AND s.rank <= ${KEEP})
    RETURNING 1
  ),
  own_set AS (
    INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
    SELECT collection_id, kind, neighbor_id, score FROM recommendation_scratch WHERE rank <= ${KEEP}
    ON CONFLICT (collection_id, kind, neighbor_id) DO UPDATE SET score = EXCLUDED.score
      WHERE collection_neighbors.score IS DISTINCT FROM EXCLUDED.score
    RETURNING 1
  ),
  in_gone AS (
    DELETE FROM collection_neighbors n
    WHERE n.neighbor_id = ANY($1::text[]) AND NOT n.collection_id = ANY($1::text[]) AND NOT EXISTS (
      SELECT 1 FROM recommendation_scratch s
      WHERE s.collection_id = n.neighbor_id AND s.kind = n.kind AND s.neighbor_id = n.collection_id)
    RETURNING 1
  ),
  in_set AS (
    INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
    SELECT s.neighbor_id, s.kind, s.collection_id, s.score FROM recommendation_scratch s
    WHERE NOT s.neighbor_id = ANY($1::text[]) AND (s.rank <= ${KEEP} OR EXISTS (
      SELECT 1 FROM collection_neighbors n
      WHERE n.collection_id = s.neighbor_id AND n.kind = s.kind AND n.neighbor_id = s.collection_id))
    ON CONFLICT (collection_id, kind, neighbor_id) DO UPDATE SET score = EXCLUDED.score
      WHERE collection_neighbors.score IS DISTINCT FROM EXCLUDED.score
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM own_gone) + (SELECT count(*) FROM own_set)
    + (SELECT count(*) FROM in_gone) + (SELECT count(*) FROM in_set) AS n`;

/**
 * The rows past a list's length in the lists that just got reverse rows, driven from those lists
 * (an index scan each); deleted by key in a second statement, so no plan ever scans the table.
 */
const OVERFLOW = `
  SELECT t.collection_id, t.kind, x.neighbor_id
  FROM (SELECT DISTINCT neighbor_id AS collection_id, kind FROM recommendation_scratch
        WHERE rank <= ${KEEP} AND NOT neighbor_id = ANY($1::text[])) t
  CROSS JOIN LATERAL (
    SELECT neighbor_id FROM collection_neighbors
    WHERE collection_id = t.collection_id AND kind = t.kind
    ORDER BY score DESC, neighbor_id OFFSET CASE t.kind WHEN 'cf' THEN 50 ELSE 20 END
  ) x`;

/**
 * The people whose seeds the slice recomputed (they like, follow, collaborate on, saved or dismissed
 * one): their cached candidates go, so a like counts once its collection's neighbours do. Other
 * viewers keep theirs until they expire (RECOMMEND_CACHE_SECONDS).
 */
const FANS_STALE = `
  DELETE FROM recommendation_cache WHERE user_id IN (
    SELECT user_id FROM collection_likes WHERE collection_id = ANY($1::text[])
    UNION SELECT user_id FROM collection_followers WHERE collection_id = ANY($1::text[])
    UNION SELECT user_id FROM collection_collaborators WHERE collection_id = ANY($1::text[])
    UNION SELECT user_id FROM collections WHERE saved_from_id = ANY($1::text[])
    UNION SELECT user_id FROM dismissed_collections WHERE collection_id = ANY($1::text[]))`;

/** The slice is done: scratch emptied; a collection marked again meanwhile (newer instant) stays dirty. */
const DONE = `
  WITH scratch AS (DELETE FROM recommendation_scratch RETURNING 1)
  DELETE FROM recommendation_dirty d USING unnest($1::text[], $2::timestamptz[]) AS b(id, at)
  WHERE d.collection_id = b.id AND d.marked_at <= b.at`;

export interface RefreshReport {
  /** False when another process holds the lock or nothing was dirty. */
  rebuilt: boolean;
  /** Collections recomputed by this run. */
  collections: number;
  slices: number;
  /** Collections still dirty when the run stopped (at its cap, or another process's lock). */
  remaining: number;
  /** The longest slice, from its first statement to its last. */
  longest_slice_ms: number;
  /**
   * The longest the run held the database at once: how long a request could have waited for it.
   * A whole slice on PostgreSQL; on PGlite the longest of a slice's parts.
   */
  longest_hold_ms: number;
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
  /** Told after each slice commits (benchmark probes, tests). */
  onSlice?: (report: RefreshReport) => void;
}

const nextTurn = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/**
 * Recomputes the neighbours of the dirty collections (recommendation_dirty, filled by triggers),
 * oldest first, in slices, and yields between them so requests interleave. On PostgreSQL each
 * slice is one short transaction under an advisory lock (a second process skips instead of
 * waiting); on PGlite one transaction per part of a slice, and a run in this process waits for the
 * one before it (`sliceInParts`, `pgliteRuns`). Stops at `maxCollections`; the next run goes on
 * from there. Readers see each slice's (or part's) result as it commits.
 */
export function refreshRecommendations(db: Db, options: RefreshOptions = {}): Promise<RefreshReport> {
  if (db.kind !== 'pglite') return refresh(db, options);
  const run = pgliteRuns.catch(() => undefined).then(() => refresh(db, options));
  pgliteRuns = run;
  return run;
}

async function refresh(db: Db, options: RefreshOptions): Promise<RefreshReport> {
  const started = performance.now();
  const max = options.maxCollections ?? DEFAULT_MAX_COLLECTIONS;
  const report: RefreshReport = {
    rebuilt: false,
    collections: 0,
    slices: 0,
    remaining: 0,
    longest_slice_ms: 0,
    longest_hold_ms: 0,
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
  const pause = (took: number) => nextTurn(Math.round(took * (options.pause ?? 0)));
  const slice = db.kind === 'pglite' ? sliceInParts : sliceAtOnce;
  while (report.collections < max && !options.stopping?.()) {
    const { collections: done, took } = await slice(
      db,
      Math.min(size, max - report.collections),
      listed,
      report,
      pause,
    );
    if (done < 0) locked = false;
    if (done <= 0) break;
    report.collections += done;
    report.slices += 1;
    report.longest_slice_ms = Math.max(report.longest_slice_ms, Math.round(took));
    options.onSlice?.(report);
    size =
      took > SLICE_TARGET_MS
        ? Math.max(SLICE_MIN, Math.floor(size / 2))
        : took < SLICE_TARGET_MS / 2
          ? Math.min(SLICE_MAX, size * 2)
          : size;
  }
  // After a full rebuild every viewer's cached candidates are recomputed at their next read. An
  // incremental run drops only the recomputed collections' fans' (FANS_STALE): one like anywhere no
  // longer makes every viewer's next read a miss.
  if (report.collections > 0) report.rebuilt = true;
  if (report.rebuilt && options.full) {
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

type Batch = { collection_id: string; marked_at: string }[];

/** The oldest dirty collections, at most `limit`. */
const nextBatch = (q: Queryable, limit: number) =>
  q.query<Batch[number]>(
    // Qualified: a bare `marked_at` in ORDER BY is the text output column, which no index
    // serves (a sort of the whole queue each slice: 52 ms at 80,000 dirty collections).
    `SELECT d.collection_id, d.marked_at::text AS marked_at FROM recommendation_dirty d
     ORDER BY d.marked_at, d.collection_id LIMIT $1`,
    [limit],
  );

/**
 * A slice's statements, in three parts: its words, its similarities (into the scratch table), its
 * neighbour rows. Each part leaves the tables as readers may see them; the batch stays dirty until
 * the last part's end, so a slice cut short by a crash is done again.
 */
const PARTS: ((q: Queryable, ids: string[], batch: Batch, listed: number) => Promise<void>)[] = [
  async (q, ids, batch, listed) => {
    await q.query(TERMS_OUT, [ids]);
    await q.query(TERMS_IN, [ids]);
    await q.query(NORMS, [ids, listed]);
  },
  async (q, ids, batch, listed) => {
    // Empty already, unless a slice was cut short between this part and the next.
    await q.query('DELETE FROM recommendation_scratch');
    await q.query(SCORE, [ids, listed]);
  },
  async (q, ids, batch) => {
    await q.query(APPLY, [ids]);
    const overflow = await q.query<{ collection_id: string; kind: string; neighbor_id: string }>(OVERFLOW, [
      ids,
    ]);
    if (overflow.length > 0) {
      await q.query(
        `DELETE FROM collection_neighbors n USING unnest($1::text[], $2::text[], $3::text[]) AS d(c, k, nb)
         WHERE n.collection_id = d.c AND n.kind = d.k AND n.neighbor_id = d.nb`,
        [
          overflow.map((o) => o.collection_id),
          overflow.map((o) => o.kind),
          overflow.map((o) => o.neighbor_id),
        ],
      );
    }
    await q.query(FANS_STALE, [ids]);
    await q.query(DONE, [ids, batch.map((b) => b.marked_at)]);
  },
];

/**
 * One slice, then its pause. `collections` is how many it recomputed (0: none dirty; -1: another
 * process holds the lock); `took` its time holding the database, from the first statement of a
 * transaction to its commit (not the wait for the connection, nor the pauses).
 */
type Slice = (
  db: Db,
  limit: number,
  listed: number,
  report: RefreshReport,
  pause: (took: number) => Promise<void>,
) => Promise<{ collections: number; took: number }>;

/** PostgreSQL: a slice is one transaction, under the lock that lets one process at a time compute. */
const sliceAtOnce: Slice = async (db, limit, listed, report, pause) => {
  let at = 0;
  const collections = await db.transaction(async (tx) => {
    at = performance.now();
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      REFRESH_LOCK_KEY,
    ]);
    if (!lock?.locked) return -1;
    const batch = await nextBatch(tx, limit);
    if (batch.length === 0) return 0;
    const ids = batch.map((b) => b.collection_id);
    for (const part of PARTS) await part(tx, ids, batch, listed);
    return batch.length;
  });
  const took = performance.now() - at;
  report.longest_hold_ms = Math.max(report.longest_hold_ms, Math.round(took));
  await pause(took);
  return { collections, took };
};

/**
 * On PGlite, the run in progress in this process: the next one starts after it. One for every
 * embedded database the process opens, so that a wrapper of the same database (the benchmarks time
 * statements through one) cannot start a run beside it.
 */
let pgliteRuns: Promise<unknown> = Promise.resolve();

/**
 * On PGlite a transaction holds the only connection, so a slice is one transaction per part, each
 * followed by its pause: a request waits for one part at most, not for the slice (decision 073).
 * One process owns the database, so no lock is taken; parts of two runs in this process never
 * interleave (`pgliteRuns`).
 */
const sliceInParts: Slice = async (db, limit, listed, report, pause) => {
  let took = 0;
  const at = performance.now();
  const batch = await nextBatch(db, limit);
  took += performance.now() - at;
  if (batch.length === 0) return { collections: 0, took };
  const ids = batch.map((b) => b.collection_id);
  for (const part of PARTS) {
    let partAt = 0;
    await db.transaction((tx) => {
      partAt = performance.now();
      return part(tx, ids, batch, listed);
    });
    const partTook = performance.now() - partAt;
    took += partTook;
    report.longest_hold_ms = Math.max(report.longest_hold_ms, Math.round(partTook));
    await pause(partTook);
  }
  return { collections: batch.length, took };
};

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
 * viewer's own likes and follows count within RECOMMEND_RESCORE_SECONDS (decision 081), and again
 * when the job has recomputed what they liked (their cached candidates are dropped); what others
 * did reaches the neighbours within an interval or a few, and a viewer's cached candidates within
 * RECOMMEND_CACHE_SECONDS.
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
