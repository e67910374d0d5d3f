import type { Queryable } from '../../db/client.ts';
import { collectionListed } from '../access/access.sql.ts';
import { isoUtc } from '../collection/collection.service.ts';

/**
 * What a link preview (Open Graph, Twitter card) and the sitemap may say about collections and
 * their items. Only public collections are ever listed here; a page's preview is built from the
 * collection as the API answers an anonymous visitor (share-data.ts), so a private or missing one
 * has no preview at all and the page cannot tell which of the two it is (issue 12, decision 017).
 */

/** How many item names a preview's description lists. */
export const PREVIEW_ITEMS = 3;
/** Collections per sitemap page: small pages, far below the protocol's 50,000. */
export const SITEMAP_PAGE_SIZE = 1000;

/** What a collection's preview says (built from the collection as a visitor reads it). */
export interface CollectionPreview {
  id: string;
  name: string;
  description: string;
  owner_name: string;
  items_count: number;
  first_items: string[];
}

/** What an item's preview says; `collection_id` is the item's own collection. */
export interface ItemPreview {
  id: string;
  name: string;
  description: string;
  collection_id: string;
  collection_name: string;
  owner_name: string;
}

export async function countPublicCollections(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM collections c WHERE ${collectionListed('c')}`,
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
     WHERE ${collectionListed('c')} ORDER BY c.id LIMIT $1 OFFSET $2`,
    [SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE],
  );
}
