import type { Category } from '@acervo/contract/category';
import type {
  Collection,
  CollectionCreateBody,
  CollectionItemsPage,
  CollectionPage,
  CollectionUpdateBody,
} from '@acervo/contract/collection';
import type {
  CollectionItem,
  CollectionItemDetail,
  CollectionItemCreateBody,
  CollectionItemUpdateBody,
} from '@acervo/contract/collection-item';
import type { ImageAspect } from '@acervo/contract/image';
import type { ItemOrderBody } from '@acervo/contract/social';
import { api } from '../../../lib/api-client';

/** The spec's `{product}` path segment is `collection` (ARCHITECTURE.md). */
const enc = encodeURIComponent;

/** Multipart with one file field named `file`, as the profile photo. */
const fileBody = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return body;
};

export const collectionsApi = {
  categories: () => api.get<Category[]>('/category'),
  collection: (id: string) => api.get<Collection>(`/collection/${enc(id)}`),
  /** The items after `cursor` (a collection's `items_next_cursor`), a page at a time. */
  items: (id: string, cursor: string) =>
    api.page<CollectionItemsPage>(`/collection/${enc(id)}/items`, cursor),
  /** Every collection of a user, following the cursors 50 (the API's most) at a time. */
  byUserAll: async (userId: string, signal?: AbortSignal) => {
    const all: Collection[] = [];
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: CollectionPage = await api.page<CollectionPage>(
        `/collection/by_user/${enc(userId)}?limit=50`,
        cursor,
        { signal },
      );
      all.push(...page.data);
      // A cursor seen before would loop forever; the API never sends one, but stop if it did.
      if (page.next_cursor && seen.has(page.next_cursor)) break;
      cursor = page.next_cursor;
      if (cursor) seen.add(cursor);
    } while (cursor);
    return all;
  },
  /** One page (20) of a category's public collections, newest first. */
  byCategory: (categoryId: string, cursor?: string | null) =>
    api.page<CollectionPage>(`/collection/by_category/${enc(categoryId)}`, cursor),
  popular: () => api.get<Collection[]>('/collection/by_followers?limit=5'),
  create: (body: CollectionCreateBody) => api.create<Collection | undefined>('/collection', body),
  update: (id: string, body: CollectionUpdateBody) =>
    api.put<Collection | undefined>(`/collection/${enc(id)}`, body),
  remove: (id: string) => api.delete<{ deleted: true } | undefined>(`/collection/${enc(id)}`),
  item: (itemId: string) => api.get<CollectionItemDetail>(`/collection_items/${enc(itemId)}`),
  createItem: (body: CollectionItemCreateBody) =>
    api.create<CollectionItem | undefined>('/collection_items', body),
  updateItem: (itemId: string, body: CollectionItemUpdateBody) =>
    api.put<CollectionItem | undefined>(`/collection_items/${enc(itemId)}`, body),
  /**
   * Every item id of the collection, once, in the new order (issue 8), with the order the screen
   * showed before the move: 409 when the items, or their order, changed meanwhile.
   */
  reorder: (id: string, body: ItemOrderBody) =>
    api.put<Collection | undefined>(`/collection/${enc(id)}/items/order`, body),
  /** The item's picture, cropped to `aspect`; the answer is the item with its new `image`. */
  uploadItemImage: (itemId: string, file: File, aspect: ImageAspect) =>
    api.put<CollectionItem | undefined>(
      `/collection_items/${enc(itemId)}/image?aspect=${aspect}`,
      fileBody(file),
    ),
  removeItemImage: (itemId: string) =>
    api.delete<CollectionItem | undefined>(`/collection_items/${enc(itemId)}/image`),
  /** A cover from an upload, or from one of the collection's items' pictures. */
  setCover: (id: string, cover: { file: File; aspect: ImageAspect } | { item_id: string }) =>
    'file' in cover
      ? api.put<Collection | undefined>(
          `/collection/${enc(id)}/cover?aspect=${cover.aspect}`,
          fileBody(cover.file),
        )
      : api.put<Collection | undefined>(`/collection/${enc(id)}/cover`, cover),
  removeCover: (id: string) => api.delete<Collection | undefined>(`/collection/${enc(id)}/cover`),
  removeItem: (itemId: string) =>
    api.delete<{ deleted: true; collection_id: string } | undefined>(`/collection_items/${enc(itemId)}`),
};
