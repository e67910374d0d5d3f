import {
  CARD_PREVIEW_ITEMS,
  COLLECTION_ITEMS_PAGE,
  type ByCategoryQuery,
  type ByUserQuery,
  type Collection,
  type CollectionCreateFields,
  type CollectionPage,
  type CollectionUpdateFields,
} from '@acervo/contract/collection';
import { issue } from '@acervo/contract/validation';
import type { CollectionItem } from '@acervo/contract/collection-item';
import type { Queryable } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { categoryExists, categoryNotFound } from '../category/category.service.ts';
import { IMAGE_JSON, publicImage, type StoredImage } from '../media/image-urls.ts';
import { deleteImageFiles, imagesUnder, releaseImages } from '../media/image.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { assertPersonVisible } from '../user/user.service.ts';
import {
  assertCan,
  picturesArePublic,
  publicRole,
  roleOf,
  type GuardedCollection,
  type Viewer,
} from '../access/access.policy.ts';
import {
  collectionListed,
  collectionListedFor,
  collectionVisibleTo,
  guardColumns,
  hiddenReasonFor,
  itemHiddenReasonFor,
  itemShownTo,
  personVisibleTo,
} from '../access/access.sql.ts';
import { assertNoBlockedTerms } from '../moderation/blocked-terms.ts';
import { recordActivity } from '../timeline/activity.service.ts';

/** ISO 8601 in UTC, the same text on PGlite and PostgreSQL whatever the session time zone. */
export const isoUtc = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** Microsecond precision for cursors, so that keyset pagination never skips or repeats a row. */
export const isoUtcMicros = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An item's columns over `i` as a write returns them. */
/** An item's source identifier as a link, when it is one (a Letterboxd film's address). */
const SOURCE_URL = (i: string) => `CASE WHEN ${i}.source_id LIKE 'https://%' THEN ${i}.source_id END`;
export const ITEM_COLUMNS = `i.id, i.collection_id, i.name, i.description, i.rating::float8 AS rating, i.year,
  ${SOURCE_URL('i')} AS source_url, i.position, ${IMAGE_JSON('i.image_id')} AS image`;
/** An item's columns over `i`, in its collection `c`, as the viewer in `viewerParam` sees it. */
export const itemColumns = (viewerParam: string) =>
  `${ITEM_COLUMNS}, ${itemHiddenReasonFor('i', 'c', viewerParam)} AS hidden_reason`;
const itemJson = (
  viewerParam: string,
) => `json_build_object('id', i.id, 'collection_id', i.collection_id, 'name', i.name,
  'description', i.description, 'rating', i.rating::float8, 'year', i.year, 'source_url', ${SOURCE_URL('i')},
  'position', i.position,
  'image', ${IMAGE_JSON('i.image_id')}, 'hidden_reason', ${itemHiddenReasonFor('i', 'c', viewerParam)})`;

/** An item as SQL returns it: its picture not yet turned into URLs. */
export type ItemRow = Omit<CollectionItem, 'image'> & { image: StoredImage | null };

/**
 * The item as the API shows it; pictures not public to everyone get signed URLs: those of a private
 * or withheld collection, and an item an operator hid (only its owner is shown it, and
 * `imageIsPublic` serves its picture to no one unsigned).
 */
export const toItem = (
  { hidden_reason, ...row }: ItemRow,
  collection: Pick<GuardedCollection, 'private' | 'withheld'>,
): CollectionItem => ({
  ...row,
  image: publicImage(row.image, !picturesArePublic(collection) || Boolean(hidden_reason)),
  // Only its owner ever gets it, and only while it is hidden.
  ...(hidden_reason ? { hidden_reason } : {}),
});

/**
 * The columns of a collection object over `c` (collections), items built as JSON in SQL.
 * `itemsLimit` caps the items (NULL: all of them). Owner and category names are looked up per row
 * by primary key rather than joined: a page has at most 51 rows, and a join made the planner hash
 * the whole users table on every feed request (measured: 629 -> 818 req/s on a 20-card page).
 * The viewer's own fields (liked, followed, role) are primary-key lookups too, with the viewer's
 * id in parameter `viewerParam`; `my_role` is derived from `collaborator_role` by the policy.
 */
const collectionColumns = (itemsLimit: string, viewerParam: string) => `
  c.id, c.name, c.description, c.user_id,
  (SELECT u.name FROM users u WHERE u.id = c.user_id) AS owner_name,
  (SELECT u.picture FROM users u WHERE u.id = c.user_id) AS owner_picture, c.category_id,
  (SELECT cat.name FROM categories cat WHERE cat.id = c.category_id) AS category_name, c.followers_count AS followers, c.likes_count AS likes,
  c.comments_count, c.comments_enabled,
  c.location, ${isoUtc('c.updated_at')} AS last_updated, ${isoUtc('c.created_at')} AS created_at,
  (SELECT count(*)::int FROM collection_items i WHERE i.collection_id = c.id AND ${itemShownTo('i', 'c', viewerParam)}) AS items_count,
  coalesce((
    SELECT json_agg(x.j ORDER BY x.position, x.id) FROM (
      SELECT ${itemJson(viewerParam)} AS j, i.position, i.id FROM collection_items i
      WHERE i.collection_id = c.id AND ${itemShownTo('i', 'c', viewerParam)} ORDER BY i.position, i.id LIMIT ${itemsLimit}
    ) x
  ), '[]'::json) AS collection_items,
  EXISTS (SELECT 1 FROM collection_likes l WHERE l.collection_id = c.id AND l.user_id = ${viewerParam}) AS liked_by_me,
  EXISTS (SELECT 1 FROM collection_followers f WHERE f.collection_id = c.id AND f.user_id = ${viewerParam}) AS followed_by_me,
  ${guardColumns('c', viewerParam)}, ${hiddenReasonFor('c', viewerParam)} AS hidden_reason,
  ${IMAGE_JSON('c.cover_image_id')} AS cover, ${savedFrom(viewerParam)} AS saved_from`;

/**
 * The original of a copy: its owner only for a viewer who may see them (no block between them, not
 * suspended; otherwise no attribution at all), its id and name only for one who may read it.
 */
const savedFrom = (viewerParam: string) => `(SELECT json_build_object(
     'id', CASE WHEN ${collectionVisibleTo('o', viewerParam)} THEN o.id END,
     'name', CASE WHEN ${collectionVisibleTo('o', viewerParam)} THEN o.name END,
     'user_id', o.user_id,
     'user_name', u.name)
   FROM collections o JOIN users u ON u.id = o.user_id
   WHERE o.id = c.saved_from_id AND ${personVisibleTo('u', viewerParam)})`;

/**
 * What a card says that depends on the viewer, for the cards `ids` (a text[] parameter) of a shared
 * page that are still listed for them: the rule of the viewer's own statement
 * (`collectionListedFor`), so a card made private, hidden, or whose owner blocked or is muted by
 * the viewer is not returned.
 */
export const viewerFields = (ids: string, viewer: string) => `
  SELECT c.id, ${guardColumns('c', viewer)},
    EXISTS (SELECT 1 FROM collection_likes l WHERE l.collection_id = c.id AND l.user_id = ${viewer}) AS liked_by_me,
    EXISTS (SELECT 1 FROM collection_followers f WHERE f.collection_id = c.id AND f.user_id = ${viewer}) AS followed_by_me,
    ${savedFrom(viewer)} AS saved_from
  FROM collections c WHERE c.id = ANY(${ids}::text[]) AND ${collectionListedFor('c', viewer)}`;

const VIEWER_FIELDS = viewerFields('$1', '$2');

export type ViewerFields = GuardedCollection &
  Pick<Collection, 'id' | 'liked_by_me' | 'followed_by_me' | 'saved_from'>;

/** Shared cards as `viewer` sees them, given `viewerFields`' rows: the unlisted ones left out. */
export function withViewerFields(cards: Collection[], rows: ViewerFields[], viewer: Viewer): Collection[] {
  const fresh = new Map(rows.map((row) => [row.id, row]));
  return cards.flatMap((card) => {
    const row = fresh.get(card.id);
    if (!row) return [];
    const { liked_by_me, followed_by_me, saved_from } = row;
    return [{ ...card, liked_by_me, followed_by_me, saved_from, my_role: publicRole(roleOf(row, viewer)) }];
  });
}

// One item more than a page says whether there are more.
const COLLECTION_BY_ID = `
  SELECT ${collectionColumns(String(COLLECTION_ITEMS_PAGE + 1), '$2')}
  FROM collections c
  WHERE c.id = $1`;

type CollectionRow = Omit<Collection, 'my_role' | 'collection_items' | 'cover'> &
  GuardedCollection & { sort_key?: string; collection_items: ItemRow[]; cover: StoredImage | null };

function toCollection(row: CollectionRow, viewer: Viewer | null): Collection {
  const {
    sort_key: _sortKey,
    collaborator_role: _role,
    blocked: _blocked,
    withheld: _withheld,
    hidden_reason,
    ...collection
  } = row;
  return {
    ...collection,
    ...(hidden_reason ? { hidden_reason } : {}),
    collection_items: row.collection_items.map((item) => toItem(item, row)),
    cover: publicImage(row.cover, !picturesArePublic(row)),
    my_role: publicRole(roleOf(row, viewer)),
  };
}

/**
 * The collection with its first page of items, if the viewer may read it; otherwise 404. The rest
 * come from `listItems` with `items_next_cursor`. An anonymous viewer (null) reads public
 * collections only; their per-viewer fields come out false and null.
 */
export async function getCollection(db: Queryable, id: string, viewer: Viewer | null): Promise<Collection> {
  const [row] = await db.query<CollectionRow>(COLLECTION_BY_ID, [id, viewer?.id ?? null], 'collection_by_id');
  assertCan('read', row, viewer);
  const collection = toCollection(row!, viewer);
  const { page, next_cursor } = cutPage(collection.collection_items, COLLECTION_ITEMS_PAGE, itemKey);
  return { ...collection, collection_items: page, items_next_cursor: next_cursor };
}

/** The keyset of items in their order: position, then id (positions may tie mid-reorder). */
export const itemKey = (item: { position: number; id: string }) => [item.position, item.id];

/**
 * Just enough of a collection to decide what `viewer` may do. Inside a transaction, `lock` keeps
 * the collection row locked until it ends: `update` for every change to a collection's items, so
 * they queue behind one another (and behind a reorder) always collection first, never
 * deadlocking; `share` for rows that point at the collection (likes, follows, copies), so it
 * cannot be deleted under them.
 */
const ROW_LOCKS = { update: ' FOR NO KEY UPDATE OF c', share: ' FOR KEY SHARE OF c' } as const;

export async function findGuarded(
  db: Queryable,
  id: string,
  viewer: Viewer | null,
  options: { lock?: 'update' | 'share' } = {},
): Promise<GuardedCollection | undefined> {
  const lock = options.lock ? ROW_LOCKS[options.lock] : '';
  const [row] = await db.query<GuardedCollection>(
    `SELECT ${guardColumns('c', '$2')} FROM collections c WHERE c.id = $1${lock}`,
    [id, viewer?.id ?? null],
    `collection_guard${options.lock ? `_${options.lock}` : ''}`,
  );
  return row;
}

async function assertCategory(db: Queryable, categoryId: string): Promise<void> {
  if (!(await categoryExists(db, categoryId))) {
    throw validationFailed({ category_id: issue.categoryUnknown });
  }
}

export async function createCollection(
  db: Queryable,
  owner: Viewer,
  input: CollectionCreateFields,
): Promise<Collection> {
  await assertCategory(db, input.category_id);
  await assertNoBlockedTerms(db, { name: input.name, description: input.description });
  const id = newId();
  await db.query(
    `INSERT INTO collections (id, user_id, category_id, name, description, private)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [id, owner.id, input.category_id, input.name, input.description, input.private],
  );
  // Recorded even when private: who may see it is decided on every read (it shows once public).
  await recordActivity(db, { kind: 'collection_created', actorId: owner.id, collectionId: id });
  return getCollection(db, id, owner);
}

export async function updateCollection(
  db: Queryable,
  id: string,
  viewer: Viewer,
  input: CollectionUpdateFields,
): Promise<Collection> {
  assertCan('manage', await findGuarded(db, id, viewer), viewer);
  await assertCategory(db, input.category_id);
  await assertNoBlockedTerms(db, { name: input.name, description: input.description });
  await db.query(
    `UPDATE collections SET category_id = $2, name = $3, description = coalesce($4, description),
       private = coalesce($5, private), updated_at = now()
     WHERE id = $1`,
    [id, input.category_id, input.name, input.description ?? null, input.private ?? null],
  );
  return getCollection(db, id, viewer);
}

/**
 * Deletes the collection; its items, likes and follows go with it (ON DELETE CASCADE), and so do
 * its pictures unless a saved copy still shows them.
 */
export async function deleteCollection(
  db: Queryable,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
): Promise<void> {
  assertCan('manage', await findGuarded(db, id, viewer), viewer);
  const images = await imagesUnder(db, { collectionId: id });
  await db.query('DELETE FROM collections WHERE id = $1', [id]);
  await deleteImageFiles(storage, await releaseImages(db, images));
}

// ---- Listings: LIMIT first, then owner, category and the first items of each card. ----

const invalidCursor = () =>
  new AppError(400, 'VALIDATION_FAILED', 'Cursor inválido.', { cursor: issue.invalid });

export function encodeCursor(parts: (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString('base64url');
}

/**
 * Cuts a page from `limit + 1` rows: the extra row only says that there is more, and the cursor
 * is the key of the last row shown.
 */
export function cutPage<R>(
  rows: R[],
  limit: number,
  keyOf: (row: R) => (string | number)[],
): { page: R[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

const CURSOR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/**
 * An instant the database accepts: `Date.parse` lets through days past the end of the month
 * (2026-02-30) and year 0000, which PostgreSQL refuses with an error, so the text must survive a
 * round trip through a Date unchanged (microseconds aside).
 */
function isRealInstant(p: unknown): boolean {
  if (typeof p !== 'string' || !CURSOR_INSTANT.test(p) || p.startsWith('0000')) return false;
  const millis = Date.parse(p.slice(0, 23) + 'Z');
  return !Number.isNaN(millis) && new Date(millis).toISOString() === p.slice(0, 23) + 'Z';
}
const INT4_MAX = 2_147_483_647;

export type CursorPart = 'instant' | 'id' | 'count' | 'score';
const CURSOR_PART_OK: Record<CursorPart, (p: unknown) => boolean> = {
  instant: isRealInstant,
  id: (p) => typeof p === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(p),
  count: (p) => typeof p === 'number' && Number.isInteger(p) && p >= 0 && p <= INT4_MAX,
  // A search rank (float8): any finite non-negative number.
  score: (p) => typeof p === 'number' && Number.isFinite(p) && p >= 0,
};

/** Cursors come back from clients: anything we did not issue is a 400, never a database error. */
export function decodeCursor(cursor: string, shape: CursorPart[]): (string | number)[] {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    !Array.isArray(parts) ||
    parts.length !== shape.length ||
    !shape.every((k, i) => CURSOR_PART_OK[k](parts[i]))
  ) {
    throw invalidCursor();
  }
  return parts as (string | number)[];
}

interface Ordering {
  /** ORDER BY over `c`. */
  orderBy: string;
  /** The keyset condition after the cursor, parameters starting at `$at`. */
  after: (at: number) => string;
  cursorShape: CursorPart[];
  sortKey: string;
  keyOf: (row: { sort_key: string; id: string; popularity?: number }) => (string | number)[];
}

const NEWEST: Ordering = {
  orderBy: 'c.updated_at DESC, c.id DESC',
  after: (at) => `(c.updated_at, c.id) < ($${at}::timestamptz, $${at + 1})`,
  cursorShape: ['instant', 'id'],
  sortKey: isoUtcMicros('c.updated_at'),
  keyOf: (row) => [row.sort_key, row.id],
};

const POPULAR: Ordering = {
  orderBy: 'c.popularity DESC, c.updated_at DESC, c.id DESC',
  after: (at) => `(c.popularity, c.updated_at, c.id) < ($${at}::int, $${at + 1}::timestamptz, $${at + 2})`,
  cursorShape: ['count', 'instant', 'id'],
  sortKey: isoUtcMicros('c.updated_at'),
  keyOf: (row) => [row.popularity ?? 0, row.sort_key, row.id],
};

/**
 * One page of cards: `where` selects the collections (parameters $1..$n), the page is cut with
 * LIMIT before anything is joined, and each card carries its first items.
 */
function pageSql(where: string, ordering: Ordering, paramCount: number, withCursor: boolean): string {
  // The viewer's id is always the last of the `where` parameters.
  const viewerParam = `$${paramCount}`;
  const cursorAt = paramCount + 2;
  return `
    WITH page AS (
      SELECT c.*, ${ordering.sortKey} AS sort_key FROM collections c
      WHERE ${where}${withCursor ? ` AND ${ordering.after(cursorAt)}` : ''}
      ORDER BY ${ordering.orderBy}
      LIMIT $${paramCount + 1}
    )
    SELECT ${collectionColumns(String(CARD_PREVIEW_ITEMS), viewerParam)}, c.sort_key, c.popularity
    FROM page c
    ORDER BY ${ordering.orderBy}`;
}

async function listPage(
  db: Queryable,
  viewer: Viewer | null,
  name: string,
  where: string,
  params: unknown[],
  ordering: Ordering,
  limit: number,
  cursor: string | undefined,
): Promise<CollectionPage> {
  const after = cursor ? decodeCursor(cursor, ordering.cursorShape) : [];
  const sql = pageSql(where, ordering, params.length + 1, Boolean(cursor));
  const rows = await db.query<CollectionRow & { sort_key: string; popularity: number }>(
    sql,
    [...params, viewer?.id ?? null, limit + 1, ...after],
    `${name}${cursor ? '_after' : ''}`,
  );
  const { page, next_cursor } = cutPage(rows, limit, ordering.keyOf);
  return { data: page.map((row) => toCollection(row, viewer)), next_cursor };
}

/**
 * A category's public collections, newest or most popular first. With a null viewer, the page as
 * anyone sees it: what the shared first page (category-pages.ts) holds, before `forViewer`.
 */
export async function listByCategory(
  db: Queryable,
  categoryId: string,
  viewer: Viewer | null,
  options: ByCategoryQuery,
): Promise<CollectionPage> {
  const ordering = options.sort === 'popular' ? POPULAR : NEWEST;
  const page = await listPage(
    db,
    viewer,
    // The shared page (for no one) and a viewer's page are different statements.
    `collections_by_category_${options.sort}${viewer ? '_for' : ''}`,
    `c.category_id = $1 AND ${viewer ? collectionListedFor('c', '$2') : collectionListed('c')}`,
    [categoryId],
    ordering,
    options.limit,
    options.cursor,
  );
  // Only an empty page needs the extra look-up: an unknown category is a 404, not an empty feed.
  if (page.data.length === 0 && !(await categoryExists(db, categoryId))) throw categoryNotFound();
  return page;
}

/**
 * A shared page (computed for no one) as `viewer` sees it: their own likes, follows and role, and
 * only the cards still listed for them (`VIEWER_FIELDS`).
 */
export async function forViewer(
  db: Queryable,
  page: CollectionPage,
  viewer: Viewer,
): Promise<CollectionPage> {
  if (page.data.length === 0) return page;
  const rows = await db.query<ViewerFields>(
    VIEWER_FIELDS,
    [page.data.map((c) => c.id), viewer.id],
    'collection_viewer_fields',
  );
  return { data: withViewerFields(page.data, rows, viewer), next_cursor: page.next_cursor };
}

/** A user's collections the viewer may see (all of them for the owner), newest first. */
export async function listByUser(
  db: Queryable,
  userId: string,
  viewer: Viewer,
  options: ByUserQuery,
): Promise<CollectionPage> {
  const page = await listPage(
    db,
    viewer,
    'collections_by_user',
    `c.user_id = $1 AND ${collectionVisibleTo('c', '$2')}`,
    [userId],
    NEWEST,
    options.limit,
    options.cursor,
  );
  // An unknown user, or one the viewer may not see, is a 404, not an empty list. A page with a
  // card already proves the person visible: a block or a suspension hides every collection too.
  if (page.data.length === 0) await assertPersonVisible(db, userId, viewer);
  return page;
}

/** The most followed public collections (recommendations and "Mais populares"). */
export async function listByFollowers(db: Queryable, viewer: Viewer, limit: number): Promise<Collection[]> {
  const rows = await db.query<CollectionRow>(
    `WITH page AS (
       SELECT c.* FROM collections c WHERE ${collectionListedFor('c', '$2')}
       ORDER BY c.followers_count DESC, c.likes_count DESC, c.updated_at DESC, c.id DESC
       LIMIT $1
     )
     SELECT ${collectionColumns(String(CARD_PREVIEW_ITEMS), '$2')}
     FROM page c
     ORDER BY c.followers_count DESC, c.likes_count DESC, c.updated_at DESC, c.id DESC`,
    [limit, viewer.id],
    'collections_by_followers',
  );
  return rows.map((row) => toCollection(row, viewer));
}

/**
 * Cards for `ids`, in that order, leaving out any the viewer may not read (recommendations pick
 * the ids; this renders them like every other card).
 */
export async function listCardsByIds(db: Queryable, ids: string[], viewer: Viewer): Promise<Collection[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<CollectionRow>(
    `WITH page AS (
       SELECT c.* FROM collections c WHERE c.id = ANY($1::text[]) AND ${collectionVisibleTo('c', '$2')}
     )
     SELECT ${collectionColumns(String(CARD_PREVIEW_ITEMS), '$2')}
     FROM page c`,
    [ids, viewer.id],
    'collections_by_ids',
  );
  const byId = new Map(rows.map((row) => [row.id, toCollection(row, viewer)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
