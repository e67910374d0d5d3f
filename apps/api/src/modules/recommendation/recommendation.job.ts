import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { collectionListed, itemListed } from '../access/access.sql.ts';

// Any constant works; every API process uses the same one, so only one rebuilds at a time.
const REFRESH_LOCK_KEY = 7_240_611;
/** Neighbours kept per collection and kind: reads sum over at most 50 seeds x this. */
const NEIGHBORS_PER_COLLECTION = 20;
/** Signals counted per person (their newest): one heavy liker cannot square the work. */
const SIGNALS_PER_PERSON = 100;

/**
 * Who did what to which public collection, from people who let their activity be used
 * (`share_activity`): likes, follows, collaborations and saved copies all say "I care about this".
 */
const SIGNALS = `
  signals AS (
    SELECT user_id, collection_id FROM (
      SELECT s.user_id, s.collection_id,
        row_number() OVER (PARTITION BY s.user_id ORDER BY max(s.at) DESC, s.collection_id) AS recent
      FROM (
        SELECT user_id, collection_id, created_at AS at FROM collection_likes
        UNION ALL SELECT user_id, collection_id, created_at FROM collection_followers
        UNION ALL SELECT user_id, collection_id, created_at FROM collection_collaborators
        UNION ALL SELECT user_id, saved_from_id, created_at FROM collections WHERE saved_from_id IS NOT NULL
      ) s
      JOIN users u ON u.id = s.user_id AND u.share_activity
      JOIN collections c ON c.id = s.collection_id AND ${collectionListed('c')} AND c.user_id <> s.user_id
      GROUP BY s.user_id, s.collection_id
    ) ranked
    WHERE recent <= ${SIGNALS_PER_PERSON}
  )`;

/**
 * Item-to-item collaborative filtering: cosine similarity of the sets of people behind two
 * collections, damped by co / (co + 2) so that one shared fan is not a perfect match.
 */
const REBUILD_CF = `
  INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
  WITH ${SIGNALS},
  -- Integer keys: the self-join, grouping and sorting below run on millions of rows.
  keyed AS (
    SELECT dense_rank() OVER (ORDER BY user_id) AS u, dense_rank() OVER (ORDER BY collection_id) AS c,
      collection_id
    FROM signals
  ),
  names AS (SELECT DISTINCT c, collection_id FROM keyed),
  norms AS (SELECT c, count(*)::float8 AS n FROM keyed GROUP BY c),
  pairs AS (
    SELECT a.c AS a, b.c AS b, count(*)::float8 AS co
    FROM keyed a JOIN keyed b ON b.u = a.u AND b.c <> a.c
    GROUP BY a.c, b.c
  ),
  scored AS (
    SELECT p.a, p.b, p.co / sqrt(na.n * nb.n) * p.co / (p.co + 2) AS score
    FROM pairs p JOIN norms na ON na.c = p.a JOIN norms nb ON nb.c = p.b
  ),
  ranked AS (
    SELECT a, b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b) AS rank FROM scored
  )
  SELECT na.collection_id, 'cf', nb.collection_id, r.score
  FROM ranked r JOIN names na ON na.c = r.a JOIN names nb ON nb.c = r.b
  WHERE r.rank <= ${NEIGHBORS_PER_COLLECTION}`;

/**
 * Content similarity for the long tail (collections nobody has liked yet): tf-idf cosine over the
 * stemmed, unaccented words of the name, description and items (the `search` vectors of the
 * search issue). Words in more than 2% of the collections (at least 20) say nothing and are
 * dropped, which also bounds the pairs a word can make.
 */
const REBUILD_CONTENT = `
  INSERT INTO collection_neighbors (collection_id, kind, neighbor_id, score)
  WITH terms AS (
    SELECT c.id AS collection_id, t.lexeme FROM collections c, unnest(c.search) t WHERE ${collectionListed('c')}
    UNION
    SELECT i.collection_id, t.lexeme
    FROM collection_items i JOIN collections c ON c.id = i.collection_id AND ${collectionListed('c')} AND ${itemListed('i')},
      unnest(i.search) t
  ),
  total AS (SELECT count(DISTINCT collection_id)::float8 AS n FROM terms),
  df AS (SELECT lexeme, count(*)::float8 AS df FROM terms GROUP BY lexeme),
  weighted AS (
    SELECT dense_rank() OVER (ORDER BY t.collection_id) AS c, dense_rank() OVER (ORDER BY t.lexeme) AS term,
      t.collection_id, ln(1 + total.n / df.df) AS w
    FROM terms t JOIN df ON df.lexeme = t.lexeme CROSS JOIN total
    WHERE df.df >= 2 AND df.df <= greatest(20, total.n * 0.02)
  ),
  names AS (SELECT DISTINCT c, collection_id FROM weighted),
  norms AS (SELECT c, sqrt(sum(w * w)) AS norm FROM weighted GROUP BY c),
  pairs AS (
    SELECT a.c AS a, b.c AS b, sum(a.w * a.w) AS dot
    FROM weighted a JOIN weighted b ON b.term = a.term AND b.c <> a.c
    GROUP BY a.c, b.c
  ),
  scored AS (
    SELECT p.a, p.b, p.dot / (na.norm * nb.norm) AS score
    FROM pairs p JOIN norms na ON na.c = p.a JOIN norms nb ON nb.c = p.b
  ),
  ranked AS (
    SELECT a, b, score, row_number() OVER (PARTITION BY a ORDER BY score DESC, b) AS rank
    FROM scored WHERE score >= 0.1
  )
  SELECT na.collection_id, 'content', nb.collection_id, r.score
  FROM ranked r JOIN names na ON na.c = r.a JOIN names nb ON nb.c = r.b
  WHERE r.rank <= ${NEIGHBORS_PER_COLLECTION}`;

/**
 * Changes to anything a rebuild reads show in this text: counts catch deletions, the newest
 * instants catch additions, `collections.updated_at` catches edits to collections and items.
 */
const SIGNATURE = `
  SELECT concat_ws(':',
    (SELECT count(*) FROM collection_likes), (SELECT max(created_at) FROM collection_likes),
    (SELECT count(*) FROM collection_followers), (SELECT max(created_at) FROM collection_followers),
    (SELECT count(*) FROM collection_collaborators), (SELECT max(created_at) FROM collection_collaborators),
    (SELECT count(*) FROM collections), (SELECT max(updated_at) FROM collections),
    (SELECT count(*) FILTER (WHERE ${collectionListed('c')}) FROM collections c),
    (SELECT count(*) FILTER (WHERE share_activity) FROM users)) AS signature`;

export interface RefreshReport {
  /** False when another process holds the lock or nothing changed since the last rebuild. */
  rebuilt: boolean;
  ms: number;
  /** Time spent on each kind of neighbour (when rebuilt). */
  cf_ms?: number;
  content_ms?: number;
}

/**
 * Rebuilds the neighbour table in one transaction under an advisory lock: two API processes never
 * compute at once (the second skips), and readers see the old table until the new one commits.
 * `force` rebuilds even when nothing changed (the benchmark).
 */
export async function refreshRecommendations(
  db: Db,
  options: { force?: boolean } = {},
): Promise<RefreshReport> {
  const started = performance.now();
  const phases: Pick<RefreshReport, 'cf_ms' | 'content_ms'> = {};
  // `exec`, not `query`: a rebuild is not a request, so the statement limit that keeps requests
  // from hanging (15 s, decision 024) does not apply; on a large database it takes longer.
  const timed = async (phase: keyof typeof phases, sql: string, tx: Queryable) => {
    const at = performance.now();
    await tx.exec(sql);
    phases[phase] = Math.round(performance.now() - at);
  };
  const rebuilt = await db.transaction(async (tx: Queryable) => {
    const [lock] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
      REFRESH_LOCK_KEY,
    ]);
    if (!lock?.locked) return false;
    const [now] = await tx.query<{ signature: string }>(SIGNATURE);
    const [last] = await tx.query<{ signature: string }>('SELECT signature FROM recommendation_state');
    if (!options.force && last?.signature === now!.signature) return false;
    // The joins and sorts of a rebuild outgrow the default 4 MB and would spill to disk.
    await tx.query("SET LOCAL work_mem = '64MB'");
    await tx.exec('DELETE FROM collection_neighbors');
    await timed('cf_ms', REBUILD_CF, tx);
    await timed('content_ms', REBUILD_CONTENT, tx);
    await tx.query(
      `INSERT INTO recommendation_state (id, signature) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET signature = EXCLUDED.signature, refreshed_at = now()`,
      [now!.signature],
    );
    return true;
  });
  return { rebuilt, ms: Math.round(performance.now() - started), ...phases };
}

export interface RecommendationJob {
  /** Waits for the rebuild in progress, then stops. */
  stop(): Promise<void>;
}

/**
 * Rebuilds right after start, then every `intervalMs`, in the API process (like the mail
 * worker). A viewer's own likes and follows count at once (reads use them live); what others did
 * reaches the neighbours within one interval.
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
    running = refreshRecommendations(db)
      .then(
        (report) => {
          if (report.rebuilt) log.info(report, 'recommendations rebuilt');
        },
        (err: unknown) => log.warn({ err }, 'recommendations rebuild failed'),
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
