import type { Category } from '@acervo/contract/category';
import type { Collection, CollectionCreateBody, CollectionUpdateBody } from '@acervo/contract/collection';
import type {
  CollectionItem,
  CollectionItemCreateBody,
  CollectionItemUpdateBody,
} from '@acervo/contract/collection-item';
import { api } from '../../../lib/api-client';

/** The spec's `{product}` path segment is `collection` (ARCHITECTURE.md). */
const enc = encodeURIComponent;

export const collectionsApi = {
  categories: () => api.get<Category[]>('/category'),
  collection: (id: string) => api.get<Collection>(`/collection/${enc(id)}`),
  byUser: (userId: string) => api.get<Collection[]>(`/collection/by_user/${enc(userId)}?limit=50`),
  byCategory: (categoryId: string) => api.get<Collection[]>(`/collection/by_category/${enc(categoryId)}`),
  popular: () => api.get<Collection[]>('/collection/by_followers?limit=5'),
  create: (body: CollectionCreateBody) => api.post<Collection | undefined>('/collection', body),
  update: (id: string, body: CollectionUpdateBody) =>
    api.put<Collection | undefined>(`/collection/${enc(id)}`, body),
  remove: (id: string) => api.delete<{ deleted: true } | undefined>(`/collection/${enc(id)}`),
  item: (itemId: string) => api.get<CollectionItem>(`/collection_items/${enc(itemId)}`),
  createItem: (body: CollectionItemCreateBody) =>
    api.post<CollectionItem | undefined>('/collection_items', body),
  updateItem: (itemId: string, body: CollectionItemUpdateBody) =>
    api.put<CollectionItem | undefined>(`/collection_items/${enc(itemId)}`, body),
  removeItem: (itemId: string) =>
    api.delete<{ deleted: true; collection_id: string } | undefined>(`/collection_items/${enc(itemId)}`),
};
