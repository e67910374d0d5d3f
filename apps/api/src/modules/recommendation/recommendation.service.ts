import type {
  CollectionReason,
  PersonReason,
  RecommendationSettings,
  RecommendationSettingsBody,
  RecommendedCollection,
  SeedSignal,
  SuggestedPerson,
} from '@acervo/contract/recommendation';
import type { UserProfile } from '@acervo/contract/user';
import type { Collection } from '@acervo/contract/collection';
import type { Queryable } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { LIST_LIMIT_MAX } from '@acervo/contract/collection';
import { LRUCache } from 'lru-cache';
import { issue } from '@acervo/contract/validation';
import { validationFailed } from '../../lib/app-error.ts';
import { assertCan, type Viewer } from '../access/access.policy.ts';
import {
  collectionListedFor,
  collectionVisibleTo,
  itemListed,
  mutedBy,
  personHeardBy,
} from '../access/access.sql.ts';
import {
  findGuarded,
  listCardsByIds,
  viewerFields,
  withViewerFields,
  type ViewerFields,
} from '../collection/collection.service.ts';
import { assertUserExists, pageProfiles, userNotFound } from '../user/user.service.ts';

/**
 * How much each signal weighs in a collection's score. The hybrid is the product; the others are
 * its parts alone, kept for the offline benchmark (bench/recommend.ts) that compares them.
 */
export interface Weights {
  /** Sum of the item-to-item (co-likes...) similarities to the viewer's seeds. */
  cf: number;
  /** Sum of the content (shared words) similarities to the viewer's seeds. */
  content: number;
  /** ln(1 + people the viewer follows who liked it). */
  social: number;
  /** Items the viewer rated 4+ (minus those rated 2-) that the collection also holds. */
  rated: number;
  /**
   * Popular in what the viewer is into lately: ln(1 + followers + likes) times the share of the
   * viewer's seeds (recency-weighted, as below) in the collection's category, for the three
   * categories their seeds lean to most.
   */
  category: number;
  /** ln(1 + followers + likes): the cold-start fallback and a prior among personal candidates. */
  popularity: number;
  /**
   * Recency of the seeds, as a half-life in seeds: the viewer's k-th newest signal weighs
   * 0.5^((k - 1) / recency) in the cf and content sums. 0 weighs them all alike.
   */
  recency: number;
}

const HYBRID = {
  cf: 1,
  content: 0.1,
  social: 0.4,
  rated: 0.4,
  category: 0.1,
  popularity: 0.03,
  recency: 5,
};

export const STRATEGIES = {
  hybrid: HYBRID,
  /** The hybrid with every seed weighing the same (as before decision 043): what recency adds. */
  unweighted: { ...HYBRID, recency: 0 },
  collaborative: { cf: 1, content: 0, social: 0, rated: 0, category: 0, popularity: 1e-6, recency: 0 },
  content: { cf: 0, content: 1, social: 0, rated: 0, category: 0, popularity: 1e-6, recency: 0 },
  popularity: { cf: 0, content: 0, social: 0, rated: 0, category: 0, popularity: 1, recency: 0 },
} as const satisfies Record<string, Weights>;
export type Strategy = keyof typeof STRATEGIES;

/** The viewer's newest signals that seed their suggestions, read when their candidates are scored. */
const SEEDS_PER_VIEWER = 50;
/** Personal candidates read in full per request (the rest never could make the page). */
const PERSONAL_CANDIDATES = 200;
/** Collections read per item the viewer rated (by name) for the "rated" signal. */
const RATED_MATCHES_PER_ITEM = 100;
/** Candidates scored per request: enough for the diversity re-rank to reach other categories. */
const poolSize = (limit: number) => limit * 4 + 20;

/**
 * The collections the viewer ($1) likes, follows, collaborates on, saved or dismissed: never
 * suggested, and left out of cached candidates at once (decision 081).
 */
const VIEWER_HAS = `
  SELECT collection_id AS id FROM collection_likes WHERE user_id = $1
  UNION SELECT collection_id FROM collection_followers WHERE user_id = $1
  UNION SELECT collection_id FROM collection_collaborators WHERE user_id = $1
  UNION SELECT saved_from_id FROM collections WHERE user_id = $1 AND saved_from_id IS NOT NULL
  UNION SELECT collection_id FROM dismissed_collections WHERE user_id = $1`;

/**
 * One statement: the viewer's live seeds meet the precomputed neighbours (`collection_neighbors`,
 * rebuilt by recommendation.job.ts), plus what the people they follow liked, the items they
 * rated, and the popular collections (overall and in their favourite categories) as fallback.
 * Never their own, one they like, follow, collaborate on, saved or dismissed, nor one they may
 * not read. Neighbours of dismissed collections count against a candidate. The page is cut
 * before anything is looked up for display.
 */
const RECOMMENDED_SQL = `
  WITH me AS (SELECT personalize FROM users WHERE id = $1),
  -- Newer seeds weigh more: the k-th newest weighs 0.5^((k - 1) / $9) ($9 = 0: all alike).
  seeds AS (
    SELECT s.collection_id, s.signal,
      CASE WHEN $9::float8 > 0
        THEN power(0.5, (row_number() OVER (ORDER BY s.at DESC, s.collection_id) - 1) / $9::float8)
        ELSE 1 END AS weight
    FROM (
      SELECT collection_id, 'like' AS signal, created_at AS at FROM collection_likes WHERE user_id = $1
      UNION ALL SELECT collection_id, 'follow', created_at FROM collection_followers WHERE user_id = $1
      UNION ALL SELECT collection_id, 'collaborate', created_at FROM collection_collaborators WHERE user_id = $1
      UNION ALL SELECT saved_from_id, 'save', created_at FROM collections
        WHERE user_id = $1 AND saved_from_id IS NOT NULL
    ) s
    JOIN collections sc ON sc.id = s.collection_id AND ${collectionVisibleTo('sc', '$1')}
    WHERE (SELECT personalize FROM me)
    ORDER BY s.at DESC, s.collection_id LIMIT ${SEEDS_PER_VIEWER}
  ),
  neigh AS (
    SELECT n.neighbor_id AS id, n.kind, n.score::float8 * s.weight AS score, s.collection_id AS seed, s.signal
    FROM seeds s JOIN collection_neighbors n ON n.collection_id = s.collection_id
  ),
  cf AS (
    SELECT id, sum(score) AS score, (array_agg(seed ORDER BY score DESC, seed))[1] AS seed,
      (array_agg(signal ORDER BY score DESC, seed))[1] AS signal
    FROM neigh WHERE kind = 'cf' GROUP BY id
  ),
  ct AS (
    SELECT id, sum(score) AS score, (array_agg(seed ORDER BY score DESC, seed))[1] AS seed
    FROM neigh WHERE kind = 'content' GROUP BY id
  ),
  penalty AS (
    SELECT n.neighbor_id AS id, sum(n.score)::float8 AS score
    FROM dismissed_collections d JOIN collection_neighbors n ON n.collection_id = d.collection_id
    WHERE d.user_id = $1 GROUP BY n.neighbor_id
  ),
  social AS (
    SELECT l.collection_id AS id, count(*)::int AS n
    FROM user_followers f
    JOIN users u ON u.id = f.followed_id AND u.share_activity AND ${personHeardBy('u', '$1')}
    JOIN collection_likes l ON l.user_id = f.followed_id
    WHERE f.follower_id = $1 AND (SELECT personalize FROM me)
    GROUP BY l.collection_id
  ),
  -- The works the viewer rated, one per work key and year (migration 027): another collection
  -- holds the same work when its item has the key and a year that agrees (or none on either side).
  rated AS (
    SELECT i.work_key || '|' || coalesce(i.year::text, '') AS work, i.work_key AS key, i.year,
      min(i.name) AS name, max(i.rating)::float8 AS rating
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE c.user_id = $1 AND (i.rating >= 4 OR i.rating <= 2) AND (SELECT personalize FROM me)
    GROUP BY i.work_key, i.year
    ORDER BY max(i.rating) DESC, i.work_key, i.year LIMIT 100
  ),
  rated_hits AS (
    SELECT i.collection_id AS id,
      (count(DISTINCT r.work) FILTER (WHERE r.rating >= 4) - count(DISTINCT r.work) FILTER (WHERE r.rating <= 2))::int AS n,
      (array_agg(r.name ORDER BY r.rating DESC, r.name) FILTER (WHERE r.rating >= 4))[1] AS item,
      (array_agg(r.rating ORDER BY r.rating DESC, r.name) FILTER (WHERE r.rating >= 4))[1] AS rating
    -- At most RATED_MATCHES_PER_ITEM collections per rated name: a name thousands of collections
    -- hold (every "Cidade de Deus") costs no more than a rare one. An item an operator hid matches
    -- nothing: its reason would name it.
    FROM rated r CROSS JOIN LATERAL (
      SELECT m.collection_id FROM collection_items m
      WHERE m.work_key = r.key AND (r.year IS NULL OR m.year IS NULL OR m.year = r.year)
        AND ${itemListed('m')}
      LIMIT ${RATED_MATCHES_PER_ITEM}
    ) i
    GROUP BY i.collection_id
  ),
  -- The three categories the viewer's seeds lean to, newer seeds weighing more, with their share.
  fav AS (
    SELECT c.category_id, sum(s.weight) / (SELECT sum(weight) FROM seeds) AS share
    FROM seeds s JOIN collections c ON c.id = s.collection_id
    GROUP BY c.category_id ORDER BY sum(s.weight) DESC, count(*) DESC, c.category_id LIMIT 3
  ),
  popular AS (
    SELECT c.id FROM collections c WHERE ${collectionListedFor('c', '$1')}
    ORDER BY c.followers_count DESC, c.likes_count DESC, c.updated_at DESC, c.id DESC LIMIT 100
  ),
  fav_popular AS (
    SELECT p.id FROM fav CROSS JOIN LATERAL (
      SELECT c.id FROM collections c WHERE c.category_id = fav.category_id AND ${collectionListedFor('c', '$1')}
      ORDER BY c.popularity DESC, c.updated_at DESC, c.id DESC LIMIT 30
    ) p
  ),
  -- What the viewer already has or refused: one hashed anti-join instead of a probe per candidate.
  mine AS (${VIEWER_HAS}),
  -- The best personal candidates by their personal terms alone, before any collection is read:
  -- a person with many likes reaches thousands of neighbours, and only the top can make a page.
  personal AS (
    SELECT k.id FROM (
      SELECT id FROM cf UNION SELECT id FROM ct UNION SELECT id FROM social
      UNION SELECT id FROM rated_hits WHERE n > 0
      EXCEPT SELECT id FROM mine
    ) k
    LEFT JOIN cf ON cf.id = k.id LEFT JOIN ct ON ct.id = k.id LEFT JOIN social so ON so.id = k.id
    LEFT JOIN rated_hits rh ON rh.id = k.id LEFT JOIN penalty pe ON pe.id = k.id
    ORDER BY $3::float8 * coalesce(cf.score, 0) + $4::float8 * coalesce(ct.score, 0)
      + $5::float8 * ln(1 + coalesce(so.n, 0)) + $6::float8 * coalesce(rh.n, 0) - coalesce(pe.score, 0) DESC, k.id
    LIMIT ${PERSONAL_CANDIDATES}
  ),
  candidates AS (
    (SELECT id FROM personal UNION SELECT id FROM popular UNION SELECT id FROM fav_popular)
    EXCEPT SELECT id FROM mine
  ),
  scored AS (
    SELECT c.id, c.category_id, cf.seed AS cf_seed, cf.signal AS cf_signal, ct.seed AS ct_seed,
      coalesce(cf.score, 0) AS cf, coalesce(ct.score, 0) AS ct, coalesce(so.n, 0) AS social,
      coalesce(rh.n, 0) AS rated, rh.item AS rated_item, rh.rating AS rated_rating,
      fav.share IS NOT NULL AS fav_category,
      $3::float8 * coalesce(cf.score, 0) + $4::float8 * coalesce(ct.score, 0)
        + $5::float8 * ln(1 + coalesce(so.n, 0)) + $6::float8 * coalesce(rh.n, 0)
        + ($7::float8 * coalesce(fav.share, 0) + $8::float8) * ln(1 + c.popularity) - coalesce(pe.score, 0) AS score
    FROM candidates k JOIN collections c ON c.id = k.id
    LEFT JOIN fav ON fav.category_id = c.category_id
    LEFT JOIN cf ON cf.id = c.id LEFT JOIN ct ON ct.id = c.id LEFT JOIN social so ON so.id = c.id
    LEFT JOIN rated_hits rh ON rh.id = c.id LEFT JOIN penalty pe ON pe.id = c.id
    WHERE c.user_id <> $1 AND ${collectionVisibleTo('c', '$1')} AND NOT ${mutedBy('c.user_id', '$1')}
    ORDER BY score DESC, c.id
    LIMIT $2
  )
  SELECT s.* FROM scored s ORDER BY s.score DESC, s.id`;

/** A scored candidate as the statement returns it and the cache keeps it (no names: read live). */
interface Candidate {
  id: string;
  category_id: string;
  cf: number;
  cf_seed: string | null;
  cf_signal: SeedSignal | null;
  ct: number;
  ct_seed: string | null;
  social: number;
  rated: number;
  rated_item: string | null;
  rated_rating: number | null;
  fav_category: boolean;
  score: number;
}

/** A candidate still listed for the viewer, with the names its reason needs, read at request time. */
interface CandidateRow {
  candidate: Candidate;
  category_name: string;
  /** Null when the seed is no longer one the viewer may read: the reason then names another signal. */
  cf_seed_name: string | null;
  ct_seed_name: string | null;
}

/** The signal that weighed most in a candidate's score, as a reason the viewer can check. */
function collectionReason(
  { candidate: row, category_name, cf_seed_name, ct_seed_name }: CandidateRow,
  w: Weights,
): CollectionReason {
  const parts: [number, () => CollectionReason][] = [
    [
      cf_seed_name === null ? 0 : w.cf * row.cf,
      () => ({
        code: 'because_you',
        params: { collection_id: row.cf_seed!, collection_name: cf_seed_name!, signal: row.cf_signal! },
      }),
    ],
    [
      ct_seed_name === null ? 0 : w.content * row.ct,
      () => ({
        code: 'similar_to',
        params: { collection_id: row.ct_seed!, collection_name: ct_seed_name! },
      }),
    ],
    [w.social * Math.log1p(row.social), () => ({ code: 'followed_liked', params: { count: row.social } })],
    [
      row.rated_item ? w.rated * row.rated : 0,
      () => ({ code: 'rated_item', params: { item_name: row.rated_item!, rating: row.rated_rating! } }),
    ],
  ];
  const [weight, reason] = parts.reduce((best, part) => (part[0] > best[0] ? part : best));
  if (weight > 0) return reason();
  if (row.fav_category && w.category > 0) {
    return { code: 'popular_in_category', params: { category_name } };
  }
  return { code: 'popular', params: {} };
}

/**
 * How much a card's score drops for each card of its category already on the page, as a share of
 * the page's best score (decision 061).
 */
export const CATEGORY_DISCOUNT = 0.02;

/**
 * The page, picked greedily (MMR-style): each next card is the candidate with the best score after
 * a discount of `CATEGORY_DISCOUNT` x the best score for every card of its category already picked
 * (an exact tie goes to the category shown less, then to the better rank). So near-tied candidates
 * mix categories, while one clearly stronger than the rest still shows, whatever its category.
 * The page is full whenever there are enough candidates.
 */
export function diverse<R>(
  rows: R[],
  limit: number,
  of: (row: R) => { category_id: string; score: number },
): R[] {
  const best = rows.length > 0 ? Math.max(...rows.map((row) => of(row).score)) : 0;
  const step = CATEGORY_DISCOUNT * Math.abs(best);
  const perCategory = new Map<string, number>();
  const left = [...rows];
  const picked: R[] = [];
  while (picked.length < limit && left.length > 0) {
    let next = 0;
    let bestScore = -Infinity;
    let bestShown = Infinity;
    left.forEach((row, i) => {
      const { category_id, score: own } = of(row);
      const shown = perCategory.get(category_id) ?? 0;
      const score = own - step * shown;
      if (score > bestScore || (score === bestScore && shown < bestShown)) {
        next = i;
        bestScore = score;
        bestShown = shown;
      }
    });
    const [row] = left.splice(next, 1);
    const { category_id } = of(row!);
    perCategory.set(category_id, (perCategory.get(category_id) ?? 0) + 1);
    picked.push(row!);
  }
  return picked;
}

/** Candidates scored and cached per viewer: enough for the largest page and its re-rank. */
const CACHED_CANDIDATES = poolSize(LIST_LIMIT_MAX);

const scoreCandidates = (db: Queryable, viewer: Viewer, pool: number, w: Weights) =>
  db.query<Candidate>(
    RECOMMENDED_SQL,
    [viewer.id, pool, w.cf, w.content, w.social, w.rated, w.category, w.popularity, w.recency],
    'recommended_collections',
  );

/**
 * How long a viewer's scored candidates are kept when their own signals do not change: what others
 * do reaches them within this (the statistics' cache keeps as long: `STATS_CACHE_SECONDS`).
 */
export const RECOMMEND_CACHE_SECONDS = 600;

/**
 * How soon the viewer's own likes, follows, saved copies, collaborations, people followed and
 * rated items count in their suggestions (decision 081): the triggers of migration 032 stamp the
 * cached candidates' `signals_at`, and candidates scored before it are scored again on the first
 * read once they are this old. A first signal after a quiet minute counts at once; a run of them
 * costs one scoring a minute. What the viewer acted on leaves the strip at once (`VIEWER_HAS`).
 */
export const RECOMMEND_RESCORE_SECONDS = 60;

/**
 * Whether the cached candidates `k` may be read: of the job's generation (no full rebuild since),
 * younger than `RECOMMEND_CACHE_SECONDS`, and younger than `RECOMMEND_RESCORE_SECONDS` if the
 * viewer's own signals changed since they were scored.
 */
const cacheUsable = (k: string) => `
  ${k}.generation = coalesce((SELECT generation FROM recommendation_state), 0)
  AND ${k}.computed_at > now() - make_interval(secs => ${RECOMMEND_CACHE_SECONDS})
  AND (${k}.signals_at IS NULL OR ${k}.computed_at > now() - make_interval(secs => ${RECOMMEND_RESCORE_SECONDS}))`;

/**
 * The viewer's cached candidates (`$2` null), or the ones just scored (`$2`), that the viewer may
 * still be shown, checked now (a collection made private, hidden, or whose owner was blocked or
 * muted since it was cached, or that they acted on since it was scored, is gone at once): the first
 * `$3` in their order, with the names their reasons show, a seed's name only while the viewer may
 * read the seed. The cache is read and checked in the database, so a page sends only what it
 * shows. One row with `cached` false and no candidate when there is no cache to read
 * (`cacheUsable`).
 */
const SHOWN_SQL = `
  WITH g AS (SELECT coalesce((SELECT generation FROM recommendation_state), 0) AS generation),
  cache AS (
    SELECT g.generation, coalesce($2::jsonb, k.candidates) AS candidates, k.computed_at::text AS token,
      k.signals_at IS NOT NULL AS acted
    FROM g LEFT JOIN recommendation_cache k ON $2::jsonb IS NULL AND k.user_id = $1 AND ${cacheUsable('k')}
  ),
  k AS (
    SELECT e.v, e.v->>'id' AS id, e.v->>'cf_seed' AS cf_seed, e.v->>'ct_seed' AS ct_seed, e.n, cache.acted
    FROM cache, jsonb_array_elements(cache.candidates) WITH ORDINALITY AS e(v, n)
  ),
  -- Read only for candidates scored before the viewer's last own signal.
  has AS (${VIEWER_HAS}),
  -- The candidates the viewer has not acted on since they were scored, numbered again.
  live AS (
    SELECT k.*, row_number() OVER (ORDER BY k.n) AS m FROM k
    WHERE k.acted IS NOT TRUE OR k.id NOT IN (SELECT id FROM has)
  ),
  -- A few seeds name many candidates: each is checked once.
  seeds AS (
    SELECT x.id, x.name FROM collections x
    WHERE x.id IN (SELECT cf_seed FROM k UNION SELECT ct_seed FROM k) AND ${collectionVisibleTo('x', '$1')}
  ),
  shown AS (
    SELECT k.m, k.v AS candidate, cat.name AS category_name, cs.name AS cf_seed_name, ts.name AS ct_seed_name
    FROM live k
    JOIN collections c ON c.id = k.id
    JOIN categories cat ON cat.id = c.category_id
    LEFT JOIN seeds cs ON cs.id = k.cf_seed
    LEFT JOIN seeds ts ON ts.id = k.ct_seed
    WHERE c.user_id <> $1 AND ${collectionListedFor('c', '$1')}
    ORDER BY k.m LIMIT $3
  )
  SELECT cache.generation::text, cache.token, cache.candidates IS NOT NULL AS cached,
    -- The pool is the first candidates, none left out but what the viewer acted on (it stays out
    -- until they are scored again): what a page picked from it may be kept on.
    (SELECT coalesce(max(m), 0) = count(*) AND count(*) = least($3, (SELECT count(*) FROM live)) FROM shown) AS whole,
    shown.candidate, shown.category_name,
    shown.cf_seed_name, shown.ct_seed_name
  FROM cache LEFT JOIN shown ON true
  ORDER BY shown.m`;

type ShownRow = { generation: string; token: string | null; cached: boolean; whole: boolean } & (
  CandidateRow | { candidate: null; category_name: null; cf_seed_name: null; ct_seed_name: null }
);

/** `scored`: the candidates just scored, as the JSON the cache keeps; null reads the cache. */
const readShown = (db: Queryable, viewer: Viewer, scored: string | null, limit: number) =>
  db.query<ShownRow>(SHOWN_SQL, [viewer.id, scored, limit], 'recommended_shown');

const candidateRows = (rows: ShownRow[]): CandidateRow[] =>
  rows.filter((row): row is ShownRow & CandidateRow => row.candidate !== null);

/**
 * The first `limit` of the viewer's scored candidates they may be shown now. The candidates come
 * from `recommendation_cache` while `cacheUsable` (no full rebuild since, not aged out, their own
 * signals since no older than `RECOMMEND_RESCORE_SECONDS`, the row not dropped by the triggers of
 * migrations 017 and 030, the job or an import); otherwise the statement scores them and they are
 * cached. Only the scoring waits for a turn among the expensive reads (decision 059): a cached
 * answer costs about what a page does. Once the turn comes the cache is read again, so requests
 * that waited together compute once.
 */
async function shownCandidates(
  db: Queryable,
  viewer: Viewer,
  limit: number,
  heavy: HeavyReads,
): Promise<{ token: string | null; rows: CandidateRow[] }> {
  // A page may be kept only while its pool left nothing out (a candidate listed again would change it).
  const tokenOf = (rows: ShownRow[], token: string | null) => (rows[0]?.whole ? token : null);
  const first = await readShown(db, viewer, null, limit);
  if (first[0]?.cached) return { token: tokenOf(first, first[0].token), rows: candidateRows(first) };
  return heavy(async () => {
    const again = await readShown(db, viewer, null, limit);
    if (again[0]?.cached) return { token: tokenOf(again, again[0].token), rows: candidateRows(again) };
    const candidates = JSON.stringify(
      await scoreCandidates(db, viewer, CACHED_CANDIDATES, STRATEGIES.hybrid),
    );
    const [written] = await db.query<{ token: string }>(
      `INSERT INTO recommendation_cache (user_id, generation, candidates) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET generation = EXCLUDED.generation, candidates = EXCLUDED.candidates,
         computed_at = now(), signals_at = NULL
       RETURNING computed_at::text AS token`,
      [viewer.id, again[0]?.generation ?? '0', candidates],
      'recommendation_cache_write',
    );
    const shown = await readShown(db, viewer, candidates, limit);
    return { token: tokenOf(shown, written?.token ?? null), rows: candidateRows(shown) };
  });
}

/**
 * A page of the strip as it was picked for a viewer (decision 072): its collections in order with
 * their reasons, the cached candidates it was drawn from (their `computed_at`), and its cards,
 * reused while `SHARED_CARDS_MS`.
 */
interface PickedPage {
  token: string;
  ids: string[];
  reasons: CollectionReason[];
  cards: Collection[];
  cardsUntil: number;
  /** The cards' read once they expired, shared by the requests that found them expired. */
  rereading?: Promise<Collection[]> | undefined;
}

/** Pages picked in this process, per viewer and page size; see `recommendCollections`. */
export type PickedPages = LRUCache<string, PickedPage>;

/** At most this many viewers' pages are kept (~60 KB each at 20 cards). */
const PICKED_PAGES_MAX = 500;

export const pickedPages = (): PickedPages =>
  new LRUCache<string, PickedPage>({ max: PICKED_PAGES_MAX, ttl: RECOMMEND_CACHE_SECONDS * 1000 });

/**
 * How long a picked page's cards (names, counts, previews) are reused: as long as a category's
 * shared first page (decision 023). What depends on the viewer is read fresh every time.
 */
export const SHARED_CARDS_MS = 2000;

/**
 * Whether a picked page may be shown again, in one statement: the candidates it was drawn from are
 * still the viewer's usable cache (`cacheUsable`), and which seeds its reasons name the viewer may
 * still read (with their names now); with, for each card of `$3` still listed for the viewer and
 * not acted on since the candidates were scored, what it says that depends on them. No row when
 * the cache is gone.
 */
const PICKED_CHECK_SQL = `
  WITH t AS (
    SELECT k.computed_at::text AS token, k.signals_at IS NOT NULL AS acted,
      (SELECT coalesce(jsonb_object_agg(x.id, x.name), '{}'::jsonb) FROM collections x
        WHERE x.id = ANY($2::text[]) AND ${collectionVisibleTo('x', '$1')}) AS seeds
    FROM recommendation_cache k
    WHERE k.user_id = $1 AND ${cacheUsable('k')}
  ),
  has AS (${VIEWER_HAS}),
  v AS (
    ${viewerFields('$3', '$1')} AND c.user_id <> $1
      AND ((SELECT acted FROM t) IS NOT TRUE OR c.id NOT IN (SELECT id FROM has))
  )
  SELECT t.token, t.seeds, v.* FROM t LEFT JOIN v ON true`;

type PickedCheckRow = { token: string; seeds: Record<string, string> } & (
  ViewerFields | { [K in keyof ViewerFields]: null }
);

/** The reasons that name one of the viewer's seeds. */
type SeedReason = Extract<CollectionReason, { code: 'because_you' | 'similar_to' }>;
const namesSeed = (reason: CollectionReason): reason is SeedReason =>
  reason.code === 'because_you' || reason.code === 'similar_to';

/**
 * The picked page again, or null when anything it shows changed for the viewer: a card no longer
 * listed, a seed its reason names no longer readable (then it is picked anew). A named seed shows
 * its name now. (A seed the viewer could not read when the page was picked, and may read again,
 * is named once the candidates are next scored.) Cards younger than `SHARED_CARDS_MS` are reused
 * when `shareCards` (not for someone who has just written: their write shows at once) with the
 * viewer's own fields read fresh; older ones are read again.
 */
async function pickedAgain(
  db: Queryable,
  viewer: Viewer,
  page: PickedPage,
  shareCards: boolean,
): Promise<{ reasons: CollectionReason[]; cards: Collection[] } | null> {
  const seedIds = [...new Set(page.reasons.filter(namesSeed).map((reason) => reason.params.collection_id))];
  const checked = await db.query<PickedCheckRow>(
    PICKED_CHECK_SQL,
    [viewer.id, seedIds, page.ids],
    'recommended_picked_check',
  );
  const check = checked[0];
  const fields = checked.filter((row): row is PickedCheckRow & ViewerFields => row.id !== null);
  if (check?.token !== page.token || fields.length !== page.ids.length) return null;
  if (seedIds.some((id) => !(id in check.seeds))) return null;
  const named = <R extends SeedReason>(reason: R): R => ({
    ...reason,
    params: { ...reason.params, collection_name: check.seeds[reason.params.collection_id]! },
  });
  const reasons = page.reasons.map((reason) => (namesSeed(reason) ? named(reason) : reason));
  const cards = shareCards
    ? withViewerFields(await sharedCards(db, page, viewer), fields, viewer)
    : keptCards(page, await listCardsByIds(db, page.ids, viewer));
  return cards.length === page.ids.length ? { reasons, cards } : null;
}

/** Cards just read become the page's shared ones for `SHARED_CARDS_MS`. */
function keptCards(page: PickedPage, cards: Collection[]): Collection[] {
  page.cards = cards;
  page.cardsUntil = Date.now() + SHARED_CARDS_MS;
  return cards;
}

/**
 * A picked page's cards, read again once older than `SHARED_CARDS_MS`. The requests that find them
 * expired share one read, as a category's shared page does: otherwise every request in flight at
 * that moment read them again, all at once.
 */
function sharedCards(db: Queryable, page: PickedPage, viewer: Viewer): Collection[] | Promise<Collection[]> {
  if (page.cardsUntil > Date.now()) return page.cards;
  page.rereading ??= listCardsByIds(db, page.ids, viewer)
    .then((cards) => keptCards(page, cards))
    .finally(() => {
      page.rereading = undefined;
    });
  return page.rereading;
}

/**
 * Collections for the viewer, each with its reason: what `GET /collection/recommended` serves.
 * `heavy` is the lane of expensive reads the scoring waits in when the cache cannot answer. With
 * `picked` (the route's), a page picked before is shown again while nothing it shows changed for
 * the viewer (decision 072): a statement of checks instead of reading the cached candidates.
 */
export async function recommendCollections(
  db: Queryable,
  viewer: Viewer,
  limit: number,
  heavy: HeavyReads,
  picked?: { pages: PickedPages; shareCards: boolean },
): Promise<RecommendedCollection[]> {
  const key = `${viewer.id}:${limit}`;
  const before = picked?.pages.get(key);
  const again = picked && before && (await pickedAgain(db, viewer, before, picked.shareCards));
  if (again) return again.cards.map((card, i) => ({ ...card, reason: again.reasons[i]! }));
  // The pool a page is drawn from: 4x the page, of what the viewer may still be shown.
  const shown = await shownCandidates(db, viewer, poolSize(limit), heavy);
  const rows = diverse(shown.rows, limit, (row) => row.candidate);
  const ids = rows.map((row) => row.candidate.id);
  const cards = await listCardsByIds(db, ids, viewer);
  const reasons = rows.map((row) => collectionReason(row, STRATEGIES.hybrid));
  if (picked && shown.token !== null && cards.length === ids.length) {
    picked.pages.set(key, {
      token: shown.token,
      ids,
      reasons,
      cards,
      cardsUntil: Date.now() + SHARED_CARDS_MS,
    });
  } else picked?.pages.delete(key);
  const reasonOf = new Map(ids.map((id, i) => [id, reasons[i]!]));
  return cards.map((card) => ({ ...card, reason: reasonOf.get(card.id)! }));
}

/**
 * Just the ids the statement ranks with a strategy's weights, for the offline benchmark's
 * comparisons: no cache, no cards, no category mix, no reasons.
 */
export async function recommendedIds(
  db: Queryable,
  viewer: Viewer,
  limit: number,
  strategy: Strategy,
): Promise<string[]> {
  const rows = await scoreCandidates(db, viewer, limit, STRATEGIES[strategy]);
  return rows.map((row) => row.id);
}

// ---- People ----

/**
 * People whose tastes match the viewer's, computed live (the Pessoas tab is not a hot read):
 * items both rated alike (by item name, at most one star apart), collections both like or
 * follow, people both follow. Only people who share their activity, never oneself, someone
 * already followed or dismissed. The reasons only name what the viewer may read. Popular people
 * fill the rest (and are all there is with personalisation off).
 */
const SUGGESTED_SQL = `
  WITH me AS (SELECT personalize FROM users WHERE id = $1),
  mine AS (
    SELECT collection_id FROM collection_likes WHERE user_id = $1 AND (SELECT personalize FROM me)
    UNION SELECT collection_id FROM collection_followers WHERE user_id = $1 AND (SELECT personalize FROM me)
  ),
  others AS (
    SELECT l.user_id AS id, l.collection_id FROM mine m
    JOIN collection_likes l ON l.collection_id = m.collection_id WHERE l.user_id <> $1
    UNION
    SELECT f.user_id, f.collection_id FROM mine m
    JOIN collection_followers f ON f.collection_id = m.collection_id WHERE f.user_id <> $1
  ),
  shared_by_category AS (
    SELECT o.id, c.category_id, count(*)::int AS n
    FROM others o JOIN collections c ON c.id = o.collection_id AND ${collectionVisibleTo('c', '$1')}
    GROUP BY o.id, c.category_id
  ),
  shared_collections AS (
    SELECT id, sum(n)::int AS n, count(*)::int AS categories,
      (array_agg(category_id ORDER BY n DESC, category_id))[1] AS category_id
    FROM shared_by_category GROUP BY id
  ),
  shared_follows AS (
    SELECT theirs.follower_id AS id, count(*)::int AS n
    FROM user_followers m JOIN user_followers theirs ON theirs.followed_id = m.followed_id
    WHERE m.follower_id = $1 AND theirs.follower_id <> $1 AND (SELECT personalize FROM me)
    GROUP BY theirs.follower_id
  ),
  -- The same works as in rated above: key and agreeing years (migration 027).
  my_rated AS (
    SELECT i.work_key || '|' || coalesce(i.year::text, '') AS work, i.work_key AS key, i.year,
      max(i.rating) AS rating
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE c.user_id = $1 AND i.rating IS NOT NULL AND (SELECT personalize FROM me)
    GROUP BY i.work_key, i.year
    ORDER BY max(i.rating) DESC, i.work_key, i.year LIMIT 200
  ),
  rated_pairs AS (
    SELECT DISTINCT ON (c.user_id, r.work) c.user_id AS id, r.work, i.name, i.rating::float8 AS theirs,
      r.rating::float8 AS mine
    FROM my_rated r JOIN collection_items i ON i.work_key = r.key
      AND (r.year IS NULL OR i.year IS NULL OR i.year = r.year) AND ${itemListed('i')}
    JOIN collections c ON c.id = i.collection_id AND c.user_id <> $1 AND ${collectionVisibleTo('c', '$1')}
    WHERE abs(i.rating - r.rating) <= 1
    ORDER BY c.user_id, r.work, abs(i.rating - r.rating), i.name
  ),
  rated_alike AS (
    SELECT id, sum(1 - abs(theirs - mine) / 2) AS similarity,
      (array_agg(name ORDER BY (theirs = mine) DESC, mine DESC, name))[1:2] AS items,
      (array_agg(CASE WHEN theirs = mine THEN mine END ORDER BY (theirs = mine) DESC, mine DESC, name))[1:2] AS ratings
    FROM rated_pairs GROUP BY id
  ),
  popular AS (
    SELECT u.id FROM users u WHERE u.id <> $1 ORDER BY u.followers_count DESC, u.id LIMIT 50
  ),
  candidates AS (
    SELECT id FROM shared_collections UNION SELECT id FROM shared_follows
    UNION SELECT id FROM rated_alike UNION SELECT id FROM popular
  ),
  page AS (
    SELECT u.id,
      coalesce(ra.similarity, 0) + 0.5 * coalesce(sc.n, 0) + 0.3 * coalesce(sf.n, 0)
        + 0.01 * ln(1 + u.followers_count) AS score,
      ra.similarity AS rated_similarity, ra.items AS rated_items, ra.ratings AS rated_ratings,
      sc.n AS shared_collections, sc.categories AS shared_categories,
      (SELECT cat.name FROM categories cat WHERE cat.id = sc.category_id) AS shared_category_name,
      sf.n AS shared_follows
    FROM candidates k JOIN users u ON u.id = k.id
    LEFT JOIN rated_alike ra ON ra.id = u.id
    LEFT JOIN shared_collections sc ON sc.id = u.id
    LEFT JOIN shared_follows sf ON sf.id = u.id
    WHERE u.id <> $1 AND u.share_activity AND ${personHeardBy('u', '$1')}
      AND NOT EXISTS (SELECT 1 FROM user_followers f WHERE f.followed_id = u.id AND f.follower_id = $1)
      AND NOT EXISTS (SELECT 1 FROM dismissed_people d WHERE d.person_id = u.id AND d.user_id = $1)
    ORDER BY score DESC, u.id
    LIMIT $2
  )
  ${pageProfiles(
    '$1',
    'p.score DESC, p.id',
    `, p.rated_similarity, p.rated_items, p.rated_ratings,
    p.shared_collections, p.shared_categories, p.shared_category_name, p.shared_follows`,
  )}`;

interface SuggestedRow extends UserProfile {
  rated_similarity: number | null;
  rated_items: string[] | null;
  rated_ratings: (number | null)[] | null;
  shared_collections: number | null;
  shared_categories: number | null;
  shared_category_name: string | null;
  shared_follows: number | null;
}

function personReason(row: SuggestedRow): PersonReason {
  const parts: [number, () => PersonReason][] = [
    [
      row.rated_similarity ?? 0,
      () => {
        const ratings = row.rated_ratings ?? [];
        const same = ratings.every((r) => r !== null && r === ratings[0]);
        return {
          code: 'rated_alike',
          params: { items: row.rated_items ?? [], rating: same ? (ratings[0] ?? null) : null },
        };
      },
    ],
    [
      0.5 * (row.shared_collections ?? 0),
      () => ({
        code: 'shared_collections',
        params: {
          count: row.shared_collections!,
          category_name: row.shared_categories === 1 ? row.shared_category_name : null,
        },
      }),
    ],
    [
      0.3 * (row.shared_follows ?? 0),
      () => ({ code: 'shared_follows', params: { count: row.shared_follows! } }),
    ],
  ];
  const [weight, reason] = parts.reduce((best, part) => (part[0] > best[0] ? part : best));
  return weight > 0 ? reason() : { code: 'popular', params: {} };
}

export async function suggestPeople(
  db: Queryable,
  viewer: Viewer,
  limit: number,
): Promise<SuggestedPerson[]> {
  const rows = await db.query<SuggestedRow>(SUGGESTED_SQL, [viewer.id, limit], 'suggested_people');
  return rows.map((row) => {
    const {
      rated_similarity: _rs,
      rated_items: _ri,
      rated_ratings: _rr,
      shared_collections: _sc,
      shared_categories: _sk,
      shared_category_name: _sn,
      shared_follows: _sf,
      ...profile
    } = row;
    return { ...profile, reason: personReason(row) };
  });
}

// ---- "Não tenho interesse" ----

/** Hides a collection from the viewer's suggestions (or shows it again): 404 if they may not read it. */
export async function setCollectionDismissed(
  db: Queryable,
  collectionId: string,
  viewer: Viewer,
  dismissed: boolean,
): Promise<void> {
  assertCan('read', await findGuarded(db, collectionId, viewer), viewer);
  await db.query(
    dismissed
      ? `INSERT INTO dismissed_collections (user_id, collection_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
      : `DELETE FROM dismissed_collections WHERE user_id = $1 AND collection_id = $2`,
    [viewer.id, collectionId],
  );
}

export async function setPersonDismissed(
  db: Queryable,
  personId: string,
  viewer: Viewer,
  dismissed: boolean,
): Promise<void> {
  if (personId === viewer.id) throw validationFailed({ user_id: issue.invalid });
  await assertUserExists(db, personId);
  await db.query(
    dismissed
      ? `INSERT INTO dismissed_people (user_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`
      : `DELETE FROM dismissed_people WHERE user_id = $1 AND person_id = $2`,
    [viewer.id, personId],
  );
}

// ---- Privacy settings ----

export async function getSettings(db: Queryable, viewer: Viewer): Promise<RecommendationSettings> {
  const [row] = await db.query<RecommendationSettings>(
    'SELECT personalize, share_activity FROM users WHERE id = $1',
    [viewer.id],
    'recommendation_settings',
  );
  if (!row) throw userNotFound();
  return row;
}

export async function updateSettings(
  db: Queryable,
  viewer: Viewer,
  body: RecommendationSettingsBody,
): Promise<RecommendationSettings> {
  const [row] = await db.query<RecommendationSettings>(
    `UPDATE users SET personalize = coalesce($2, personalize), share_activity = coalesce($3, share_activity)
     WHERE id = $1 RETURNING personalize, share_activity`,
    [viewer.id, body.personalize ?? null, body.share_activity ?? null],
  );
  if (!row) throw userNotFound();
  return row;
}
