import { RATING_STEPS, STATS_ACTIVITY_DAYS, STATS_CLOSEST_MAX, type Stats } from '@acervo/contract/stats';
import type { Queryable } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { assertCanSeePerson, type GuardedPerson, type Viewer } from '../access/access.policy.ts';
import {
  collectionVisibleTo,
  itemShownTo,
  personGuardColumns,
  personHeardBy,
  personVisibleTo,
} from '../access/access.sql.ts';
import { compareTaste, ratingsOfMany } from '../taste/taste.service.ts';
import { userNotFound } from '../user/user.service.ts';

/** The person's works (newest first) compared with others' ratings of the same works. */
const GENEROSITY_WORKS = 200;
/** Others' ratings read per work: a work everyone rated costs no more than this. */
const OTHERS_PER_WORK = 20;
/** People compared in full ("taste in common") to find the closest. */
const CLOSEST_CANDIDATES = 10;

/**
 * The person's items as the viewer may read them: their own collections (not the saved copies of
 * someone else's, whose ratings are not theirs), items not hidden from the viewer. `$1` is the
 * person, `$2` the viewer.
 */
export const readable = (c: string, i: string) =>
  `${c}.user_id = $1 AND ${c}.saved_from_id IS NULL AND ${collectionVisibleTo(c, '$2')} AND ${itemShownTo(i, c, '$2')}`;

const CATEGORIES_SQL = `
  SELECT cat.id AS category_id, cat.name AS category_name, count(*)::int AS items,
    count(i.rating)::int AS rated, round(avg(i.rating), 2)::float8 AS average
  FROM collections c JOIN collection_items i ON i.collection_id = c.id JOIN categories cat ON cat.id = c.category_id
  WHERE ${readable('c', 'i')}
  GROUP BY cat.id, cat.name
  ORDER BY count(*) DESC, cat.name`;

const HISTOGRAM_SQL = `
  SELECT i.rating::float8 AS rating, count(*)::int AS n
  FROM collections c JOIN collection_items i ON i.collection_id = c.id
  WHERE ${readable('c', 'i')} AND i.rating IS NOT NULL
  GROUP BY i.rating`;

/** Items added to the person's collections, and ratings they changed, per day (UTC). */
const ACTIVITY_SQL = `
  SELECT to_char(x.day, 'YYYY-MM-DD') AS date, count(*)::int AS count
  FROM (
    SELECT (i.created_at AT TIME ZONE 'UTC')::date AS day
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE ${readable('c', 'i')} AND i.created_at >= $3::timestamptz
    UNION ALL
    SELECT (a.created_at AT TIME ZONE 'UTC')::date
    FROM activities a JOIN collections c ON c.id = a.collection_id JOIN collection_items i ON i.id = a.item_id
    WHERE a.actor_id = $1 AND a.kind = 'item_rated' AND a.created_at >= $3::timestamptz AND ${readable('c', 'i')}
  ) x
  GROUP BY x.day
  ORDER BY x.day`;

/**
 * The person's newest rated works (a work: the same category, work key and a year that agrees,
 * migration 027) and, for each, up to `OTHERS_PER_WORK` ratings others gave the
 * same work in collections the viewer may read. From them: generous or harsh, and the people who
 * rated most of the same works (the candidates for the closest taste).
 */
const OTHERS_SQL = `
  WITH mine AS (
    SELECT category_id, key, year, rating FROM (
      SELECT DISTINCT ON (c.category_id, i.work_key, i.year) c.category_id, i.work_key AS key, i.year,
        i.rating::float8 AS rating, i.updated_at, i.id
      FROM collections c JOIN collection_items i ON i.collection_id = c.id
      WHERE ${readable('c', 'i')} AND i.rating IS NOT NULL
      ORDER BY c.category_id, i.work_key, i.year, i.updated_at DESC, i.id DESC
    ) w
    ORDER BY updated_at DESC, id DESC
    LIMIT ${GENEROSITY_WORKS}
  ),
  theirs AS (
    SELECT m.category_id, m.key, m.year, m.rating AS mine, o.rating AS theirs, o.user_id
    FROM mine m CROSS JOIN LATERAL (
      SELECT i.rating::float8 AS rating, c.user_id
      FROM collection_items i JOIN collections c ON c.id = i.collection_id
      WHERE i.work_key = m.key AND (m.year IS NULL OR i.year IS NULL OR i.year = m.year)
        AND c.category_id = m.category_id AND c.user_id <> $1
        AND c.saved_from_id IS NULL AND i.rating IS NOT NULL
        AND ${collectionVisibleTo('c', '$2')} AND ${itemShownTo('i', 'c', '$2')}
      LIMIT ${OTHERS_PER_WORK}
    ) o
  ),
  works AS (SELECT DISTINCT category_id, key, year, mine FROM theirs)
  SELECT (SELECT count(*)::int FROM works) AS items,
    (SELECT round(avg(mine)::numeric, 2)::float8 FROM works) AS own_average,
    (SELECT round(avg(theirs)::numeric, 2)::float8 FROM theirs) AS others_average,
    coalesce((
      SELECT json_agg(json_build_object('id', k.user_id, 'name', k.name) ORDER BY k.n DESC, k.user_id) FROM (
        -- Counted first, then each person looked up by key (a join before the count read every user).
        SELECT t.user_id, u.name, t.n
        FROM (SELECT user_id, count(DISTINCT (category_id, key, year)) AS n FROM theirs GROUP BY user_id) t
        JOIN users u ON u.id = t.user_id
        WHERE u.share_activity AND ${personVisibleTo('u', '$2')}
        ORDER BY t.n DESC, t.user_id
        LIMIT ${CLOSEST_CANDIDATES}
      ) k
    ), '[]'::json) AS candidates`;

const MOST_LIKED_SQL = `
  SELECT c.id, c.name, c.likes_count
  FROM collections c
  WHERE c.user_id = $1 AND c.likes_count > 0 AND ${collectionVisibleTo('c', '$2')}
  ORDER BY c.likes_count DESC, c.updated_at DESC, c.id
  LIMIT 1`;

/** The person's cached figures for a view while younger than `maxAge` seconds. */
const CACHED_SQL = (person: string, view: string, maxAge: string) => `
  SELECT k.stats FROM stats_cache k
  WHERE k.user_id = ${person} AND k.view = ${view}
    AND k.computed_at > now() - make_interval(secs => ${maxAge}::float8)`;

/** Cached statistics are recomputed past this age: others' ratings move generosity and the closest. */
export const STATS_CACHE_SECONDS = 600;

/** The people among `candidates` whose taste is closest to the person's, as `viewerId` may read both. */
async function closestOf(
  db: Queryable,
  personId: string,
  viewerId: string | null,
  candidates: { id: string; name: string }[],
) {
  if (!candidates.length) return [];
  const ratings = await ratingsOfMany(db, [personId, ...candidates.map((c) => c.id)], viewerId);
  const mine = ratings.get(personId)!;
  const matches = [];
  for (const { id, name } of candidates) {
    const { match } = compareTaste(mine, ratings.get(id)!);
    if (match !== null) matches.push({ user_id: id, name, match });
  }
  return matches
    .sort((a, b) => b.match - a.match || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, STATS_CLOSEST_MAX);
}

/**
 * The person's statistics as `viewerId` may read them (null: anyone, public collections only).
 */
async function computeStats(db: Queryable, personId: string, viewerId: string | null): Promise<Stats> {
  const params = [personId, viewerId];
  const since = new Date(Date.now() - (STATS_ACTIVITY_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [categories, steps, activity, [others], [mostLiked]] = await Promise.all([
    db.query<Stats['categories'][number]>(CATEGORIES_SQL, params, 'stats_categories'),
    db.query<{ rating: number; n: number }>(HISTOGRAM_SQL, params, 'stats_histogram'),
    db.query<Stats['activity'][number]>(ACTIVITY_SQL, [...params, since.toISOString()], 'stats_activity'),
    db.query<{
      items: number;
      own_average: number | null;
      others_average: number | null;
      candidates: { id: string; name: string }[];
    }>(OTHERS_SQL, params, 'stats_others'),
    db.query<NonNullable<Stats['most_liked_collection']>>(MOST_LIKED_SQL, params, 'stats_most_liked'),
  ]);

  const histogram = Object.fromEntries(
    RATING_STEPS.map((step) => [step, 0]),
  ) as Stats['ratings']['histogram'];
  let count = 0;
  let sum = 0;
  for (const { rating, n } of steps) {
    histogram[String(rating) as (typeof RATING_STEPS)[number]] = n;
    count += n;
    sum += rating * n;
  }
  return {
    ratings: { count, average: count ? Math.round((sum / count) * 100) / 100 : null, histogram },
    categories,
    activity,
    generosity:
      others && others.items > 0 && others.own_average !== null && others.others_average !== null
        ? { own_average: others.own_average, others_average: others.others_average, items: others.items }
        : null,
    // Others only: `theirs` never holds the person's own ratings.
    closest: await closestOf(db, personId, viewerId, others?.candidates ?? []),
    most_liked_collection: mostLiked ?? null,
  };
}

/**
 * `GET /user/{id}/stats` (issue 28). The owner sees all of their own; everyone else what anyone may
 * read (public collections), as the issue puts it. Both views are cached (`stats_cache`, dropped by
 * the person's own writes, recomputed after `STATS_CACHE_SECONDS`). Checked on every read: 404
 * when the viewer may not see the person (a block, a suspension), and for anyone else when the
 * person turned sharing their activity off; the closest people the viewer may not hear of are left out.
 */
export async function readStats(
  db: Queryable,
  personId: string,
  viewer: Viewer,
  heavy: HeavyReads,
): Promise<Stats> {
  const own = personId === viewer.id;
  // Who may see the person, whether they share their activity, and the cached figures: one read.
  const [person] = await db.query<GuardedPerson & { share_activity: boolean; stats: Stats | null }>(
    `SELECT ${personGuardColumns('u', '$2')}, u.share_activity, (${CACHED_SQL('u.id', '$3', '$4')}) AS stats
     FROM users u WHERE u.id = $1`,
    [personId, viewer.id, own ? 'owner' : 'public', STATS_CACHE_SECONDS],
    'stats_person_and_cache',
  );
  assertCanSeePerson(person, viewer);
  if (!own && !person!.share_activity) throw userNotFound();
  // Only figures still to compute wait for a turn among the expensive reads (decision 059); once it
  // comes, the cache is read again, so a person's figures are computed once however many waited.
  const stats = person!.stats ?? (await heavy(() => cachedStats(db, personId, own)));
  if (!stats.closest.length) return stats;
  const heard = new Set(
    (
      await db.query<{ id: string }>(
        `SELECT u.id FROM users u WHERE u.id = ANY($1::text[]) AND u.share_activity AND ${personHeardBy('u', '$2')}`,
        [stats.closest.map((p) => p.user_id), viewer.id],
        'stats_closest_heard',
      )
    ).map((u) => u.id),
  );
  return { ...stats, closest: stats.closest.filter((p) => heard.has(p.user_id)) };
}

/** The person's statistics for the view from `stats_cache` while fresh; undefined otherwise. */
async function storedStats(db: Queryable, personId: string, own: boolean): Promise<Stats | undefined> {
  const [cached] = await db.query<{ stats: Stats | null }>(
    `SELECT (${CACHED_SQL('$1', '$2', '$3')}) AS stats`,
    [personId, own ? 'owner' : 'public', STATS_CACHE_SECONDS],
    'stats_cache_read',
  );
  return cached?.stats ?? undefined;
}

/**
 * `cachedStats` for other readers (a year's best match): the cache answers at once; computing
 * waits for a turn among the expensive reads, as `readStats`'s does (decision 059).
 */
export async function statsInTurn(
  db: Queryable,
  personId: string,
  own: boolean,
  heavy: HeavyReads,
): Promise<Stats> {
  return (await storedStats(db, personId, own)) ?? heavy(() => cachedStats(db, personId, own));
}

/**
 * The person's statistics as the owner (`own`) or anyone (public collections) reads them, from
 * `stats_cache` while fresh, else computed and cached. No access check: the callers make theirs.
 */
export async function cachedStats(db: Queryable, personId: string, own: boolean): Promise<Stats> {
  const view = own ? 'owner' : 'public';
  let stats = await storedStats(db, personId, own);
  if (!stats) {
    stats = await computeStats(db, personId, own ? personId : null);
    await db.query(
      `INSERT INTO stats_cache (user_id, view, stats) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, view) DO UPDATE SET stats = EXCLUDED.stats, computed_at = now()`,
      [personId, view, JSON.stringify(stats)],
      'stats_cache_write',
    );
  }
  return stats;
}
