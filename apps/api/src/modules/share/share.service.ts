import type { Queryable } from '../../db/client.ts';
import { PUBLICLY_LISTED } from '../collection/collection.policy.ts';
import { isoUtc } from '../collection/collection.service.ts';

/**
 * What a link preview (Open Graph, Twitter card) and the sitemap may say about collections and
 * their items. Only public collections are ever read here: a private or missing one has no preview at all, so the
 * page cannot tell which of the two it is (issue 12, decision 017).
 */

/** How many item names a preview's description lists. */
const PREVIEW_ITEMS = 3;
/** Collections per sitemap page: small pages, far below the protocol's 50,000. */
export const SITEMAP_PAGE_SIZE = 1000;

export interface CollectionPreview {
  id: string;
  name: string;
  description: string;
  owner_name: string;
  items_count: number;
  first_items: string[];
}

const PUBLIC_COLLECTION_PREVIEW = `
  SELECT c.id, c.name, c.description,
    (SELECT u.name FROM users u WHERE u.id = c.user_id) AS owner_name,
    (SELECT count(*)::int FROM collection_items ci WHERE ci.collection_id = c.id) AS items_count,
    coalesce((SELECT json_agg(x.name ORDER BY x.position, x.id) FROM (
      SELECT i.name, i.position, i.id FROM collection_items i
      WHERE i.collection_id = c.id ORDER BY i.position, i.id LIMIT ${PREVIEW_ITEMS}) x), '[]'::json) AS first_items
  FROM collections c
  WHERE c.id = $1 AND ${PUBLICLY_LISTED('c')}`;

export async function publicCollectionPreview(
  db: Queryable,
  id: string,
): Promise<CollectionPreview | undefined> {
  const [row] = await db.query<CollectionPreview>(
    PUBLIC_COLLECTION_PREVIEW,
    [id],
    'public_collection_preview',
  );
  return row;
}

export interface ItemPreview {
  id: string;
  name: string;
  description: string;
  collection_id: string;
  collection_name: string;
  owner_name: string;
}

// An item of a public collection only; `collection_id` is the item's own collection, whatever the
// address said, so that both the canonical link and the check follow the item.
const PUBLIC_ITEM_PREVIEW = `
  SELECT i.id, i.name, i.description, c.id AS collection_id, c.name AS collection_name,
    (SELECT u.name FROM users u WHERE u.id = c.user_id) AS owner_name
  FROM collection_items i JOIN collections c ON c.id = i.collection_id
  WHERE i.id = $1 AND ${PUBLICLY_LISTED('c')}`;

/** The preview of an item page (`/lists/{id}/items/{item}`): items of public collections only. */
export async function publicItemPreview(db: Queryable, id: string): Promise<ItemPreview | undefined> {
  const [row] = await db.query<ItemPreview>(PUBLIC_ITEM_PREVIEW, [id], 'public_item_preview');
  return row;
}

export async function countPublicCollections(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM collections c WHERE ${PUBLICLY_LISTED('c')}`,
  );
  return row?.n ?? 0;
}

/** One page (1-based) of public collections for the sitemap, in a stable order. */
export async function publicCollectionsPage(
  db: Queryable,
  page: number,
): Promise<{ id: string; last_updated: string }[]> {
  return db.query(
    `SELECT c.id, ${isoUtc('c.updated_at')} AS last_updated FROM collections c
     WHERE ${PUBLICLY_LISTED('c')} ORDER BY c.id LIMIT $1 OFFSET $2`,
    [SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE],
  );
}
