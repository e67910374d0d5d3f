import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import type { Db } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { copyItem, itemOrder } from '../collection-item/collection-item.service.ts';
import { assertCan, type Viewer } from '../access/access.policy.ts';
import { findGuarded, getCollection } from '../collection/collection.service.ts';
import type { ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { notify } from '../notification/notification.service.ts';
import { recordActivity } from '../timeline/activity.service.ts';

/** Charges `count` copied items to the viewer's item budget (429 past it); issue 23. */
export type ChargeItems = (count: number) => Promise<void>;

/**
 * "Salvar em minhas coleções": a new collection owned by the viewer with the name, category,
 * description and items (ratings and order included; never one an operator hid) of one
 * they may read, remembering where it came from. Private unless the viewer says otherwise. Its items count against the viewer's item
 * budget before anything is written.
 */
export async function saveCollection(
  db: Db,
  sourceId: string,
  viewer: Viewer,
  options: { private: boolean },
  charge: ChargeDailyCap,
  chargeItems: ChargeItems,
): Promise<Collection> {
  const copyId = newId();
  await db.transaction(async (tx) => {
    // The share lock keeps the original from being deleted or changed while it is copied.
    assertCan('react', await findGuarded(tx, sourceId, viewer, { lock: 'share' }), viewer);
    // The items as anyone sees them (no viewer): never one an operator hid, not even for its owner,
    // whose copy would show it unmarked.
    const sourceItems = (await itemOrder(tx, sourceId, null)).flatMap((item) =>
      item.shown ? [item.id] : [],
    );
    await chargeItems(sourceItems.length);
    await tx.query(
      // The copy shares the original's pictures (its cover and its items'), never duplicates them.
      `INSERT INTO collections (id, user_id, category_id, name, description, private, saved_from_id, cover_image_id)
       SELECT $2, $3, c.category_id, c.name, c.description, $4, c.id, c.cover_image_id
       FROM collections c WHERE c.id = $1`,
      [sourceId, copyId, viewer.id, options.private],
    );
    await tx.query(
      `INSERT INTO collection_items (id, collection_id, name, description, rating, position, image_id)
       SELECT m.new_id, $1, i.name, i.description, i.rating, m.position, i.image_id
       FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS m(new_id, old_id, position)
       JOIN collection_items i ON i.id = m.old_id`,
      [copyId, sourceItems.map(() => newId()), sourceItems],
    );
    await charge(tx, viewer, 'save');
    await notify(tx, { kind: 'save', actorId: viewer.id, collectionId: sourceId });
    await recordActivity(tx, { kind: 'collection_saved', actorId: viewer.id, collectionId: sourceId });
  });
  return getCollection(db, copyId, viewer);
}

/** Copies an item the viewer may read, last, into one of the collections whose items they edit. */
export async function saveItem(
  db: Db,
  itemId: string,
  viewer: Viewer,
  targetCollectionId: string,
  charge: ChargeDailyCap,
  chargeItems: ChargeItems,
): Promise<CollectionItem> {
  return db.transaction(async (tx) => {
    const copy = await copyItem(tx, viewer, itemId, targetCollectionId);
    await chargeItems(1);
    await charge(tx, viewer, 'save');
    return copy;
  });
}
