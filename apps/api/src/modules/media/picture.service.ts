import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import type { ImageAspect } from '@acervo/contract/image';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';
import { getItem, loadItem } from '../collection-item/collection-item.service.ts';
import { assertCan, type Viewer } from '../access/access.policy.ts';
import { itemListed } from '../access/access.sql.ts';
import { findGuarded, getCollection } from '../collection/collection.service.ts';
import { notify } from '../notification/notification.service.ts';
import { deleteImageFiles, releaseImages, storeImage } from './image.service.ts';
import type { MediaStorage } from './media.storage.ts';

/**
 * What points at pictures: an item's `image` (whoever edits the items) and a collection's `cover`
 * (its owner). Each swap runs under the collection's lock and releases the picture it replaced.
 */

/** Throws unless the viewer may change the item's picture; checked before the upload is read. */
export async function assertItemEditable(db: Queryable, itemId: string, viewer: Viewer): Promise<void> {
  await loadItem(db, itemId, viewer, 'editItems');
}

/** Throws unless the viewer may change the collection's cover. */
export async function assertCoverEditable(db: Queryable, id: string, viewer: Viewer): Promise<void> {
  assertCan('manage', await findGuarded(db, id, viewer), viewer);
}

async function swapItemImage(tx: Queryable, itemId: string, viewer: Viewer, imageId: string | null) {
  const item = await loadItem(tx, itemId, viewer, 'editItems');
  await tx.query(
    `WITH updated AS (
       UPDATE collection_items SET image_id = $2, updated_at = now() WHERE id = $1 RETURNING collection_id
     )
     UPDATE collections SET updated_at = now() WHERE id IN (SELECT collection_id FROM updated)`,
    [itemId, imageId],
    'item_image_swap',
  );
  await notify(tx, { kind: 'item_changed', actorId: viewer.id, collectionId: item.collection_id });
  return releaseImages(tx, [item.image_id]);
}

async function swapCover(tx: Queryable, id: string, viewer: Viewer, imageId: string | null) {
  assertCan('manage', await findGuarded(tx, id, viewer, { lock: 'update' }), viewer);
  const [row] = await tx.query<{ previous: string | null }>(
    `WITH old AS (SELECT cover_image_id FROM collections WHERE id = $1),
     updated AS (UPDATE collections SET cover_image_id = $2, updated_at = now() WHERE id = $1)
     SELECT (SELECT cover_image_id FROM old) AS previous`,
    [id, imageId],
    'cover_swap',
  );
  return releaseImages(tx, [row?.previous ?? null]);
}

export async function setItemImage(
  db: Db,
  storage: MediaStorage,
  itemId: string,
  viewer: Viewer,
  data: Buffer,
  aspect: ImageAspect,
): Promise<CollectionItem> {
  await storeImage(db, storage, data, aspect, async (tx, imageId) => ({
    result: null,
    released: await swapItemImage(tx, itemId, viewer, imageId),
  }));
  return getItem(db, itemId, viewer);
}

export async function removeItemImage(
  db: Db,
  storage: MediaStorage,
  itemId: string,
  viewer: Viewer,
): Promise<CollectionItem> {
  const released = await db.transaction((tx) => swapItemImage(tx, itemId, viewer, null));
  await deleteImageFiles(storage, released);
  return getItem(db, itemId, viewer);
}

export async function uploadCover(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
  data: Buffer,
  aspect: ImageAspect,
): Promise<Collection> {
  await storeImage(db, storage, data, aspect, async (tx, imageId) => ({
    result: null,
    released: await swapCover(tx, id, viewer, imageId),
  }));
  return getCollection(db, id, viewer);
}

/**
 * The cover becomes the picture of one of the collection's own items (the same files). Never of
 * one an operator hid: its owner sees it, marked, but the cover would show its picture to everyone,
 * unsigned. Such an item answers as one without a picture (400), as one of another collection does.
 */
export async function coverFromItem(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
  itemId: string,
): Promise<Collection> {
  const released = await db.transaction(async (tx) => {
    await assertCoverEditable(tx, id, viewer);
    const [item] = await tx.query<{ image_id: string | null }>(
      `SELECT i.image_id FROM collection_items i WHERE i.id = $1 AND i.collection_id = $2 AND ${itemListed('i')}`,
      [itemId, id],
      'cover_item_image',
    );
    if (!item?.image_id) throw validationFailed({ item_id: issue.coverItemWithoutImage });
    return swapCover(tx, id, viewer, item.image_id);
  });
  await deleteImageFiles(storage, released);
  return getCollection(db, id, viewer);
}

export async function removeCover(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
): Promise<Collection> {
  const released = await db.transaction((tx) => swapCover(tx, id, viewer, null));
  await deleteImageFiles(storage, released);
  return getCollection(db, id, viewer);
}
