import { COLLECTION_ITEMS_PAGE, type CollectionItemsPage } from '@acervo/contract/collection';
import {
  ALSO_IN_COUNTED,
  ALSO_IN_LISTED,
  ITEMS_PER_COLLECTION_MAX,
  type CollectionItem,
  type CollectionItemDetail,
  type CollectionItemCreateFields,
  type CollectionItemUpdateFields,
} from '@acervo/contract/collection-item';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  assertCan,
  itemShown,
  roleOf,
  type CollectionAction,
  type GuardedCollection,
  type Viewer,
} from '../access/access.policy.ts';
import { collectionVisibleTo, guardColumns, itemGuardColumn, itemShownTo } from '../access/access.sql.ts';
import {
  cutPage,
  decodeCursor,
  findGuarded,
  ITEM_COLUMNS,
  itemColumns,
  itemKey,
  toItem,
  type ItemRow,
} from '../collection/collection.service.ts';
import { deleteImageFiles, releaseImages } from '../media/image.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { notify } from '../notification/notification.service.ts';
import { recordActivity } from '../timeline/activity.service.ts';
import { assertNoBlockedTerms } from '../moderation/blocked-terms.ts';

export const itemNotFound = () => new AppError(404, 'NOT_FOUND', 'Item não encontrado.');

type ItemWithGuard = ItemRow &
  GuardedCollection & { image_id: string | null; source_id: string | null; item_hidden: boolean };

// With the lock, the collection row is locked (not the item): see `findGuarded`.
const itemById = (lock: boolean) => `
  SELECT ${itemColumns('$2')}, i.image_id, i.source_id, ${itemGuardColumn('i')}, ${guardColumns('c', '$2')}
  FROM collection_items i JOIN collections c ON c.id = i.collection_id
  WHERE i.id = $1${lock ? ' FOR NO KEY UPDATE OF c' : ''}`;

function guardedToItem({
  user_id: _u,
  collaborator_role: _r,
  image_id: _i,
  source_id: _s,
  item_hidden: _h,
  blocked: _b,
  withheld,
  private: inPrivate,
  ...item
}: ItemWithGuard): CollectionItem {
  return toItem(item, { private: inPrivate, withheld });
}

/**
 * An item is visible exactly when its collection is; otherwise it does not exist (404). Editing
 * locks the collection for the rest of the transaction.
 */
export async function loadItem(db: Queryable, id: string, viewer: Viewer | null, action: CollectionAction) {
  const lock = action === 'editItems';
  const [row] = await db.query<ItemWithGuard>(
    itemById(lock),
    [id, viewer?.id ?? null],
    lock ? 'item_by_id_lock' : 'item_by_id',
  );
  if (!row || !itemShown(row, roleOf(row, viewer))) throw itemNotFound();
  try {
    assertCan(action, row, viewer);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw itemNotFound();
    throw err;
  }
  return row;
}

/** The items of a collection the viewer may read after `cursor` (from `items_next_cursor`). */
export async function listItems(
  db: Queryable,
  collectionId: string,
  viewer: Viewer | null,
  cursor: string | undefined,
): Promise<CollectionItemsPage> {
  const collection = await findGuarded(db, collectionId, viewer);
  assertCan('read', collection, viewer);
  // Without a cursor: from the start (positions are integers, so below the smallest int4 is none).
  const after = cursor ? decodeCursor(cursor, ['count', 'id']) : [-2_147_483_648, ''];
  const rows = await db.query<ItemRow>(
    `SELECT ${itemColumns('$5')} FROM collection_items i JOIN collections c ON c.id = i.collection_id
     WHERE i.collection_id = $1 AND (i.position, i.id) > ($2::int, $3) AND ${itemShownTo('i', 'c', '$5')}
     ORDER BY i.position, i.id LIMIT $4`,
    [collectionId, ...after, COLLECTION_ITEMS_PAGE + 1, viewer?.id ?? null],
    'collection_items_page',
  );
  const { page, next_cursor } = cutPage(rows, COLLECTION_ITEMS_PAGE, itemKey);
  return { data: page.map((row) => toItem(row, collection!)), next_cursor };
}

/** One item; an anonymous viewer (null) sees the items of public collections only. */
export async function getItem(db: Queryable, id: string, viewer: Viewer | null): Promise<CollectionItem> {
  return guardedToItem(await loadItem(db, id, viewer, 'read'));
}

/**
 * Where else the item's work appears, in collections the viewer may read (decision 054): items of
 * the same category with the same work key and a year that agrees, or the same source identifier.
 * At most ALSO_IN_COUNTED of them are read, so a work in every collection costs a bounded amount.
 * The ratings are one per person (their newest), saved copies left out: a copy repeats a rating.
 */
const ALSO_IN_SQL = `
  WITH it AS (
    SELECT i.work_key, i.year, i.source_id, i.collection_id, c.category_id
    FROM collection_items i JOIN collections c ON c.id = i.collection_id WHERE i.id = $1
  ),
  same AS (
    SELECT m.collection_id, m.rating::float8 AS rating, m.updated_at, m.id, c.user_id, c.saved_from_id,
      c.name, c.followers_count
    FROM it CROSS JOIN collection_items m JOIN collections c ON c.id = m.collection_id
    WHERE (m.work_key = it.work_key AND (it.year IS NULL OR m.year IS NULL OR m.year = it.year)
        OR m.source_id = it.source_id)
      AND c.category_id = it.category_id
      AND ${collectionVisibleTo('c', '$2')} AND ${itemShownTo('m', 'c', '$2')}
    LIMIT ${ALSO_IN_COUNTED}
  ),
  also AS (
    SELECT DISTINCT ON (s.collection_id) s.collection_id AS id, s.name, s.user_id, s.followers_count
    FROM same s WHERE s.collection_id <> (SELECT collection_id FROM it)
  ),
  rated AS (
    SELECT DISTINCT ON (user_id) rating FROM same
    WHERE rating IS NOT NULL AND saved_from_id IS NULL
    ORDER BY user_id, updated_at DESC, id DESC
  )
  SELECT (SELECT count(*)::int FROM also) AS count,
    coalesce((
      SELECT json_agg(json_build_object('id', a.id, 'name', a.name,
        'owner', json_build_object('id', u.id, 'name', u.name)) ORDER BY a.followers_count DESC, a.id)
      FROM (SELECT * FROM also ORDER BY followers_count DESC, id LIMIT ${ALSO_IN_LISTED}) a
      JOIN users u ON u.id = a.user_id
    ), '[]') AS collections,
    (SELECT round(avg(rating)::numeric, 2)::float8 FROM rated) AS average,
    (SELECT count(*)::int FROM rated) AS rated`;

/** `GET /collection_items/{item}`: the item, where else its work appears and how it is rated. */
export async function getItemDetail(
  db: Queryable,
  id: string,
  viewer: Viewer | null,
): Promise<CollectionItemDetail> {
  const item = await getItem(db, id, viewer);
  const [row] = await db.query<{
    count: number;
    collections: CollectionItemDetail['also_in']['collections'];
    average: number | null;
    rated: number;
  }>(ALSO_IN_SQL, [id, viewer?.id ?? null], 'item_also_in');
  return {
    ...item,
    also_in: { count: row!.count, collections: row!.collections },
    ratings_across: row!.rated > 0 ? { average: row!.average!, count: row!.rated } : null,
  };
}

/** Adds the item last in its collection (owner or editor) and marks the collection as updated. */
export async function createItem(
  db: Db,
  viewer: Viewer,
  input: CollectionItemCreateFields,
): Promise<CollectionItem> {
  await assertNoBlockedTerms(db, { name: input.name, description: input.description });
  return db.transaction(async (tx) => {
    const collection = await findGuarded(tx, input.collection_id, viewer, { lock: 'update' });
    assertCan('editItems', collection, viewer);
    const item = await insertItem(tx, { ...input, image_id: null });
    // Sent together (decision 079): the whole embedded database waits for each exchange.
    await Promise.all([
      notify(tx, { kind: 'item_added', actorId: viewer.id, collectionId: item.collection_id }),
      recordActivity(tx, {
        kind: 'item_added',
        actorId: viewer.id,
        collectionId: item.collection_id,
        itemId: item.id,
      }),
    ]);
    return toItem(item, collection!);
  });
}

const collectionFull = () =>
  new AppError(
    409,
    'COLLECTION_FULL',
    `Esta coleção já tem ${ITEMS_PER_COLLECTION_MAX} itens, o máximo. Remova algum ou crie outra coleção.`,
  );

/**
 * Inserts the item after the last one; the caller holds the collection's lock, so two additions
 * cannot both take the last free place.
 */
async function insertItem(
  db: Queryable,
  input: {
    collection_id: string;
    name: string;
    description: string;
    rating: number | null;
    year: number | null;
    /** Kept by a copy: the same work (migration 023). */
    source_id?: string | null;
    image_id: string | null;
  },
): Promise<ItemRow> {
  const [count] = await db.query<{ items: number }>(
    'SELECT count(*)::int AS items FROM collection_items WHERE collection_id = $1',
    [input.collection_id],
    'item_count',
  );
  if (count!.items >= ITEMS_PER_COLLECTION_MAX) throw collectionFull();
  const [row] = await db.query<ItemRow>(
    `WITH touched AS (
       UPDATE collections SET updated_at = now() WHERE id = $2 RETURNING id
     ), inserted AS (
       INSERT INTO collection_items (id, collection_id, name, description, rating, position, image_id, year, source_id)
       SELECT $1, touched.id, $3, $4, $5,
         coalesce((SELECT max(position) FROM collection_items WHERE collection_id = $2), 0) + 1, $6, $7, $8
       FROM touched
       RETURNING *
     )
     SELECT ${ITEM_COLUMNS} FROM inserted i`,
    [
      newId(),
      input.collection_id,
      input.name,
      input.description,
      input.rating,
      input.image_id,
      input.year,
      input.source_id ?? null,
    ],
    'item_insert',
  );
  return row!;
}

export async function updateItem(
  db: Db,
  id: string,
  viewer: Viewer,
  input: CollectionItemUpdateFields,
): Promise<CollectionItem> {
  await assertNoBlockedTerms(db, { name: input.name, description: input.description });
  return db.transaction(async (tx) => {
    const current = await loadItem(tx, id, viewer, 'editItems');
    const rating = input.rating === undefined ? current.rating : input.rating;
    const year = input.year === undefined ? current.year : input.year;
    const [row] = await tx.query<ItemRow>(
      `WITH updated AS (
       UPDATE collection_items SET name = $2, description = coalesce($3, description), rating = $4,
         year = $5, updated_at = now()
       WHERE id = $1
       RETURNING *
     ), touched AS (
       UPDATE collections SET updated_at = now() WHERE id = (SELECT collection_id FROM updated)
     )
     SELECT ${ITEM_COLUMNS} FROM updated i`,
      [id, input.name, input.description ?? null, rating, year],
    );
    // Deleted by someone else while this request waited for the lock.
    if (!row) throw itemNotFound();
    await notify(tx, { kind: 'item_changed', actorId: viewer.id, collectionId: row.collection_id });
    // A new rating is news on "Seguindo"; other edits are not.
    if (rating !== current.rating) {
      await recordActivity(tx, {
        kind: 'item_rated',
        actorId: viewer.id,
        collectionId: row.collection_id,
        itemId: row.id,
      });
    }
    return toItem(row, current);
  });
}

export async function deleteItem(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
): Promise<{ id: string; collection_id: string }> {
  const { deleted, released } = await db.transaction(async (tx) => {
    const current = await loadItem(tx, id, viewer, 'editItems');
    const deleted = await tx.query(
      `WITH deleted AS (DELETE FROM collection_items WHERE id = $1 RETURNING collection_id),
       touched AS (UPDATE collections SET updated_at = now() WHERE id IN (SELECT collection_id FROM deleted))
       SELECT collection_id FROM deleted`,
      [id],
    );
    if (deleted.length === 0) throw itemNotFound();
    // Its picture goes too, unless a saved copy or the cover still shows it.
    const released = await releaseImages(tx, [current.image_id]);
    return { deleted: { id, collection_id: current.collection_id }, released };
  });
  await deleteImageFiles(storage, released);
  return deleted;
}

/**
 * Copies an item the viewer may read, last, into a collection whose items they edit (saving an
 * item). Run inside a transaction: it holds the target's lock. Only the target is locked, so two
 * copies in opposite directions cannot deadlock. Never an item an operator hid: its owner reads it
 * (marked), but the copy would show it unmarked, so it is a 404 to them as to everyone else.
 */
export async function copyItem(
  tx: Queryable,
  viewer: Viewer,
  itemId: string,
  targetCollectionId: string,
): Promise<CollectionItem> {
  const source = await loadItem(tx, itemId, viewer, 'react');
  if (source.item_hidden) throw itemNotFound();
  const target = await findGuarded(tx, targetCollectionId, viewer, { lock: 'update' });
  assertCan('editItems', target, viewer);
  // The copy shows the same picture files (see releaseImages).
  const copy = await insertItem(tx, {
    collection_id: targetCollectionId,
    name: source.name,
    description: source.description,
    rating: source.rating,
    year: source.year,
    source_id: source.source_id,
    image_id: source.image_id,
  });
  await recordActivity(tx, {
    kind: 'item_added',
    actorId: viewer.id,
    collectionId: targetCollectionId,
    itemId: copy.id,
  });
  return toItem(copy, target!);
}

/**
 * The collection's item ids in their order, each with whether the viewer is shown it
 * (`itemShownTo`: every item to the owner, none an operator hid to anyone else; with no viewer,
 * as anyone sees them).
 */
export async function itemOrder(
  db: Queryable,
  collectionId: string,
  viewer: Viewer | null,
): Promise<{ id: string; shown: boolean }[]> {
  return db.query<{ id: string; shown: boolean }>(
    `SELECT i.id, ${itemShownTo('i', 'c', '$2')} AS shown
     FROM collection_items i JOIN collections c ON c.id = i.collection_id
     WHERE i.collection_id = $1 ORDER BY i.position, i.id`,
    [collectionId, viewer?.id ?? null],
    'item_order',
  );
}

const sameSequence = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** True when `proposed` holds every id of `current` exactly once and nothing else. */
function isPermutationOf(proposed: readonly string[], current: readonly string[]): boolean {
  const ids = new Set(proposed);
  return (
    ids.size === proposed.length && proposed.length === current.length && current.every((id) => ids.has(id))
  );
}

/**
 * Puts the collection's items in the order of `itemIds` (owner or editor). Under the collection's
 * lock, the list must be exactly the items the viewer is shown (and, when given, `previousIds`
 * exactly their current order); otherwise nothing changes and that order comes back, for a 409,
 * never naming an item the viewer may not see.
 *
 * The owner is shown every item and orders them all. An editor is not shown those an operator hid:
 * these keep their places (their positions among all the items), and the editor's order fills the
 * other places. So the owner finds a hidden item where they left it, and if the operator shows it
 * again it comes back there, without the editor's move telling them anything about it.
 */
export async function reorderItems(
  db: Db,
  collectionId: string,
  viewer: Viewer,
  itemIds: string[],
  previousIds?: string[],
): Promise<{ applied: boolean; current: string[] }> {
  return db.transaction(async (tx) => {
    assertCan('editItems', await findGuarded(tx, collectionId, viewer, { lock: 'update' }), viewer);
    const all = await itemOrder(tx, collectionId, viewer);
    const current = all.filter((item) => item.shown).map((item) => item.id);
    if (!isPermutationOf(itemIds, current) || (previousIds && !sameSequence(previousIds, current))) {
      return { applied: false, current };
    }
    // The shown items' places, in order, take the new order; the others stay where they are.
    let next = 0;
    const ordered = all.map((item) => (item.shown ? itemIds[next++]! : item.id));
    await tx.query(
      `WITH moved AS (
         UPDATE collection_items i SET position = o.ord
         FROM unnest($2::text[]) WITH ORDINALITY AS o(id, ord)
         WHERE i.collection_id = $1 AND i.id = o.id
       )
       UPDATE collections SET updated_at = now() WHERE id = $1`,
      [collectionId, ordered],
    );
    return { applied: true, current: itemIds };
  });
}
