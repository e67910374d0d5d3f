import type {
  CollectionItem,
  CollectionItemCreateFields,
  CollectionItemUpdateFields,
} from '@acervo/contract/collection-item';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  assertCanRead,
  assertCanWrite,
  collectionNotFound,
  type GuardedCollection,
  type Viewer,
} from '../collection/collection.policy.ts';
import { findGuarded, ITEM_COLUMNS } from '../collection/collection.service.ts';
import { notify } from '../notification/notification.service.ts';

export const itemNotFound = () => new AppError(404, 'NOT_FOUND', 'Item não encontrado.');

type ItemWithGuard = CollectionItem & { owner_id: string; collection_private: boolean };

const ITEM_BY_ID = `
  SELECT ${ITEM_COLUMNS}, c.user_id AS owner_id, c.private AS collection_private
  FROM collection_items i JOIN collections c ON c.id = i.collection_id
  WHERE i.id = $1`;

function guardOf(row: ItemWithGuard): GuardedCollection {
  return { user_id: row.owner_id, private: row.collection_private };
}

function toItem({ owner_id: _o, collection_private: _p, ...item }: ItemWithGuard): CollectionItem {
  return item;
}

/** An item is visible exactly when its collection is; otherwise it does not exist (404). */
async function loadItem(db: Queryable, id: string, viewer: Viewer, mode: 'read' | 'write') {
  const [row] = await db.query<ItemWithGuard>(ITEM_BY_ID, [id], 'item_by_id');
  if (!row) throw itemNotFound();
  try {
    if (mode === 'read') assertCanRead(guardOf(row), viewer);
    else assertCanWrite(guardOf(row), viewer);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw itemNotFound();
    throw err;
  }
  return row;
}

export async function getItem(db: Queryable, id: string, viewer: Viewer): Promise<CollectionItem> {
  return toItem(await loadItem(db, id, viewer, 'read'));
}

/** Adds the item last in its collection and marks the collection as updated, in one statement. */
export async function createItem(
  db: Queryable,
  viewer: Viewer,
  input: CollectionItemCreateFields,
): Promise<CollectionItem> {
  const guard = await findGuarded(db, input.collection_id);
  if (!guard) throw collectionNotFound();
  assertCanWrite(guard, viewer);
  const [row] = await db.query<CollectionItem>(
    `WITH touched AS (
       UPDATE collections SET updated_at = now() WHERE id = $2 RETURNING id
     ), inserted AS (
       INSERT INTO collection_items (id, collection_id, name, description, rating, position)
       SELECT $1, touched.id, $3, $4, $5,
         coalesce((SELECT max(position) FROM collection_items WHERE collection_id = $2), 0) + 1
       FROM touched
       RETURNING *
     )
     SELECT ${ITEM_COLUMNS} FROM inserted i`,
    [newId(), input.collection_id, input.name, input.description, input.rating],
  );
  // The collection was deleted between the check and the insert.
  if (!row) throw collectionNotFound();
  await notify(db, { kind: 'item_added', actorId: viewer.id, collectionId: row.collection_id });
  return row;
}

export async function updateItem(
  db: Queryable,
  id: string,
  viewer: Viewer,
  input: CollectionItemUpdateFields,
): Promise<CollectionItem> {
  const current = await loadItem(db, id, viewer, 'write');
  const rating = input.rating === undefined ? current.rating : input.rating;
  const [row] = await db.query<CollectionItem>(
    `WITH updated AS (
       UPDATE collection_items SET name = $2, description = coalesce($3, description), rating = $4,
         updated_at = now()
       WHERE id = $1
       RETURNING *
     ), touched AS (
       UPDATE collections SET updated_at = now() WHERE id = (SELECT collection_id FROM updated)
     )
     SELECT ${ITEM_COLUMNS} FROM updated i`,
    [id, input.name, input.description ?? null, rating],
  );
  if (!row) throw itemNotFound();
  await notify(db, { kind: 'item_changed', actorId: viewer.id, collectionId: row.collection_id });
  return row;
}

export async function deleteItem(
  db: Queryable,
  id: string,
  viewer: Viewer,
): Promise<{ id: string; collection_id: string }> {
  const current = await loadItem(db, id, viewer, 'write');
  await db.query(
    `WITH deleted AS (DELETE FROM collection_items WHERE id = $1 RETURNING collection_id)
     UPDATE collections SET updated_at = now() WHERE id IN (SELECT collection_id FROM deleted)`,
    [id],
  );
  return { id, collection_id: current.collection_id };
}
