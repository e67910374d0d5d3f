import {
  TIMELINE_BURST_MINUTES,
  TIMELINE_COMMENT_EXCERPT,
  TIMELINE_ENTRY_ITEMS,
  TIMELINE_PAGE_ACTIVITIES,
  type ActivityKind,
  type TimelineEntry,
  type TimelinePage,
} from '@acervo/contract/timeline';
import type { Queryable } from '../../db/client.ts';
import { picturesArePublic, type GuardedCollection, type Viewer } from '../access/access.policy.ts';
import { activityOnProfileFor, activityOnTimelineOf, guardColumns } from '../access/access.sql.ts';
import { cutPage, decodeCursor, isoUtc, isoUtcMicros } from '../collection/collection.service.ts';
import { IMAGE_JSON, publicImage, type StoredImage } from '../media/image-urls.ts';
import { assertPersonVisible } from '../user/user.service.ts';

/** A like taken back takes its activity off the timeline too. Over `a`. */
const STILL_TRUE = `(a.kind <> 'collection_liked' OR EXISTS (
  SELECT 1 FROM collection_likes l WHERE l.collection_id = a.collection_id AND l.user_id = a.actor_id))`;

/** Before the cursor (`$2`, `$3`); the first page starts before 'infinity'. One statement, prepared once. */
const BEFORE = '(a.created_at, a.id) < ($2::timestamptz, $3::text)';

/**
 * The newest `$4` activities of one source (`sourceColumn` = `sourceExpr`) the viewer `$1` may
 * see, before the cursor (`$2`, `$3`). Walks the source's index newest first and stops at the
 * page's size, so a timeline read costs about a page per followed person or collection.
 */
const newestOf = (sourceColumn: string, sourceExpr: string) => `
  SELECT a.id, a.created_at FROM activities a
  JOIN users au ON au.id = a.actor_id
  JOIN collections c ON c.id = a.collection_id
  WHERE a.${sourceColumn} = ${sourceExpr} AND a.actor_id <> $1 AND ${BEFORE}
    AND ${activityOnTimelineOf('a', 'au', 'c', '$1')} AND ${STILL_TRUE}
  ORDER BY a.created_at DESC, a.id DESC LIMIT $4`;

/** What an entry shows of each activity picked (`picked`: `id`), newest first. */
const details = (picked: string) => `
  SELECT a.id, a.kind, a.actor_id, au.name AS actor_name, au.picture AS actor_picture,
    a.collection_id, c.name AS collection_name, ${IMAGE_JSON('c.cover_image_id')} AS cover,
    ${guardColumns('c', '$1')},
    a.item_id, i.name AS item_name, i.rating::float8 AS item_rating, ${IMAGE_JSON('i.image_id')} AS item_image,
    a.comment_id, left(cm.body, ${TIMELINE_COMMENT_EXCERPT}) AS comment_excerpt, cm.collection_item_id AS comment_item_id,
    ${isoUtc('a.created_at')} AS created_at, ${isoUtcMicros('a.created_at')} AS sort_key
  FROM (${picked}) p
  JOIN activities a ON a.id = p.id
  JOIN users au ON au.id = a.actor_id
  JOIN collections c ON c.id = a.collection_id
  LEFT JOIN collection_items i ON i.id = a.item_id
  LEFT JOIN comments cm ON cm.id = a.comment_id
  ORDER BY a.created_at DESC, a.id DESC`;

/**
 * Fan-out on read (decision 045): the newest activities of each person the viewer follows and of
 * each collection they follow, merged. UNION drops an activity reached from both sides. Checks
 * every source's activities until a page of them is visible: exact whatever is hidden, and what
 * `readTimeline` falls back to when the quick read below cannot vouch for its page.
 */
const TIMELINE_SQL = details(`
  SELECT x.id, x.created_at FROM (
    SELECT pa.id, pa.created_at FROM user_followers f
    CROSS JOIN LATERAL (${newestOf('actor_id', 'f.followed_id')}) pa
    WHERE f.follower_id = $1
    UNION
    SELECT ca.id, ca.created_at FROM collection_followers cf
    CROSS JOIN LATERAL (${newestOf('collection_id', 'cf.collection_id')}) ca
    WHERE cf.user_id = $1
  ) x
  ORDER BY x.created_at DESC, x.id DESC LIMIT $4`);

/** The newest `$4` activities of one source before the cursor, unchecked: read from the index alone. */
const newestUnchecked = (sourceColumn: string, sourceExpr: string) => `
  SELECT a.id, a.created_at, row_number() OVER (ORDER BY a.created_at DESC, a.id DESC) AS n
  FROM activities a
  WHERE a.${sourceColumn} = ${sourceExpr} AND a.actor_id <> $1 AND ${BEFORE}
  ORDER BY a.created_at DESC, a.id DESC LIMIT $4`;

/**
 * The quick read (decision 058): each source's newest `$4` activities from its index alone, the
 * newest `$5` of them merged, and only those checked, newest first, until a page is visible. Each
 * row says whether that page is exactly what TIMELINE_SQL would read (`exact`): a source that gave
 * all `$4` of its candidates may hold older visible activities behind hidden ones, so the page
 * holds only if its last activity is not older than any such source's last candidate; a short
 * page holds only if no source and no merge was cut.
 */
const TIMELINE_QUICK_SQL = `
  WITH src AS MATERIALIZED (
    SELECT pa.* FROM user_followers f
    CROSS JOIN LATERAL (${newestUnchecked('actor_id', 'f.followed_id')}) pa
    WHERE f.follower_id = $1
    UNION ALL
    SELECT ca.* FROM collection_followers cf
    CROSS JOIN LATERAL (${newestUnchecked('collection_id', 'cf.collection_id')}) ca
    WHERE cf.user_id = $1
  ),
  cands AS (SELECT DISTINCT id, created_at FROM src),
  top AS (SELECT id, created_at FROM cands ORDER BY created_at DESC, id DESC LIMIT $5),
  visible AS MATERIALIZED (
    SELECT t.id, t.created_at FROM top t
    JOIN activities a ON a.id = t.id
    JOIN users au ON au.id = a.actor_id
    JOIN collections c ON c.id = a.collection_id
    WHERE ${activityOnTimelineOf('a', 'au', 'c', '$1')} AND ${STILL_TRUE}
    ORDER BY t.created_at DESC, t.id DESC LIMIT $4
  ),
  horizon AS (SELECT created_at, id FROM src WHERE n = $4 ORDER BY created_at DESC, id DESC LIMIT 1),
  last AS (SELECT created_at, id FROM visible ORDER BY created_at, id LIMIT 1),
  verdict AS (
    SELECT CASE WHEN (SELECT count(*) FROM visible) = $4
      THEN NOT EXISTS (SELECT 1 FROM horizon h, last l WHERE (l.created_at, l.id) < (h.created_at, h.id))
      ELSE NOT EXISTS (SELECT 1 FROM horizon) AND (SELECT count(*) FROM cands) <= $5 END AS exact
  )
  SELECT d.*, v.exact FROM (${details('SELECT id FROM visible')}) d CROSS JOIN verdict v`;

/** Activities merged before any is checked, per page: twice the page leaves room for what is hidden. */
const QUICK_CANDIDATES = 2 * (TIMELINE_PAGE_ACTIVITIES + 1);

/** One person's public activity (`$5`) as the viewer `$1` may see it on their profile. */
const PROFILE_SQL = details(`
  SELECT a.id FROM activities a
  JOIN users au ON au.id = a.actor_id
  JOIN collections c ON c.id = a.collection_id
  WHERE a.actor_id = $5 AND ${BEFORE}
    AND ${activityOnProfileFor('a', 'au', 'c', '$1')} AND ${STILL_TRUE}
  ORDER BY a.created_at DESC, a.id DESC LIMIT $4`);

type ActivityRow = Pick<GuardedCollection, 'private' | 'withheld'> & {
  id: string;
  kind: ActivityKind;
  actor_id: string;
  actor_name: string;
  actor_picture: string | null;
  collection_id: string;
  collection_name: string;
  cover: StoredImage | null;
  item_id: string | null;
  item_name: string | null;
  item_rating: number | null;
  item_image: StoredImage | null;
  comment_id: string | null;
  comment_excerpt: string | null;
  comment_item_id: string | null;
  created_at: string;
  sort_key: string;
};

const BURST_MS = TIMELINE_BURST_MINUTES * 60_000;

/**
 * Groups a page's activities (newest first) into entries: one per actor, collection and kind, as
 * long as each activity is within the burst window of the entry's newest one. Item kinds count
 * distinct items, comments every comment; the others read once however often they happened
 * (liked, unliked, liked again).
 */
function groupBursts(rows: ActivityRow[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  const open = new Map<string, { entry: TimelineEntry; newest: number; items: Set<string> }>();
  for (const row of rows) {
    const key = `${row.actor_id}/${row.collection_id}/${row.kind}`;
    const at = Date.parse(row.created_at);
    let group = open.get(key);
    if (!group || group.newest - at > BURST_MS) {
      const publicPictures = picturesArePublic(row);
      group = {
        newest: at,
        items: new Set(),
        entry: {
          id: row.id,
          kind: row.kind,
          actor: { id: row.actor_id, name: row.actor_name, picture: row.actor_picture },
          collection: {
            id: row.collection_id,
            name: row.collection_name,
            cover: publicImage(row.cover, !publicPictures),
          },
          items: [],
          count: 0,
          // The newest comment of the burst (rows come newest first).
          comment:
            row.comment_id === null
              ? null
              : { id: row.comment_id, excerpt: row.comment_excerpt ?? '', item_id: row.comment_item_id },
          created_at: row.created_at,
        },
      };
      open.set(key, group);
      entries.push(group.entry);
    }
    if (row.comment_id !== null) {
      group.entry.count += 1;
    } else if (row.item_id === null) {
      group.entry.count = 1;
    } else if (!group.items.has(row.item_id)) {
      group.items.add(row.item_id);
      group.entry.count = group.items.size;
      if (group.entry.items.length < TIMELINE_ENTRY_ITEMS) {
        group.entry.items.push({
          id: row.item_id,
          name: row.item_name ?? '',
          rating: row.item_rating,
          image: publicImage(row.item_image, !picturesArePublic(row)),
        });
      }
    }
  }
  return entries;
}

async function readPage(
  db: Queryable,
  sql: string,
  name: string,
  viewer: Viewer,
  cursor: string | undefined,
  extra: string[],
): Promise<TimelinePage> {
  const rows = await db.query<ActivityRow>(
    sql,
    [viewer.id, ...cursorOf(cursor), TIMELINE_PAGE_ACTIVITIES + 1, ...extra],
    name,
  );
  return pageOf(rows);
}

/** The cursor's instant and id; the first page starts before 'infinity'. */
const cursorOf = (cursor: string | undefined) =>
  cursor ? decodeCursor(cursor, ['instant', 'id']) : ['infinity', ''];

/** A page of activities (newest first, one more than a page when there is a next) as entries. */
function pageOf(rows: ActivityRow[]): TimelinePage {
  const { page, next_cursor } = cutPage(rows, TIMELINE_PAGE_ACTIVITIES, (row) => [row.sort_key, row.id]);
  return { data: groupBursts(page), next_cursor };
}

/**
 * "Seguindo": what the people the viewer follows did and what changed in the collections they
 * follow, newest first, a burst as one entry (within a page only: decision 045).
 */
export async function readTimeline(
  db: Queryable,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<TimelinePage> {
  const after = cursorOf(cursor);
  const params = [viewer.id, ...after, TIMELINE_PAGE_ACTIVITIES + 1];
  const quick = await db.query<ActivityRow & { exact: boolean }>(
    TIMELINE_QUICK_SQL,
    [...params, QUICK_CANDIDATES],
    'timeline_quick',
  );
  // A page the quick read cannot vouch for, or none (nothing visible among its candidates says
  // nothing of what lies behind them): read in full.
  return pageOf(quick[0]?.exact ? quick : await db.query<ActivityRow>(TIMELINE_SQL, params, 'timeline_page'));
}

/** A person's public activity, for their profile; 404 for someone the viewer may not see. */
export async function readProfileActivity(
  db: Queryable,
  personId: string,
  viewer: Viewer,
  cursor: string | undefined,
): Promise<TimelinePage> {
  await assertPersonVisible(db, personId, viewer);
  return readPage(db, PROFILE_SQL, 'profile_activity_page', viewer, cursor, [personId]);
}
