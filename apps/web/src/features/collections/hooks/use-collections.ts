import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { Collection, CollectionCreateBody, CollectionUpdateBody } from '@acervo/contract/collection';
import type { CollectionItemCreateBody, CollectionItemUpdateBody } from '@acervo/contract/collection-item';
import type { ImageAspect } from '@acervo/contract/image';
import type { ItemOrderBody } from '@acervo/contract/social';
import { sharedKeys } from '../../../lib/query-keys';
import { collectionsApi } from '../api/collections-api';
import { takeShared } from './share-data';

/**
 * A visitor's first look at a shared page starts from the server's copy (decision 031), marked as
 * old as can be so that it is refreshed at once, as a page that fetched would have been.
 */
const SHARED_COPY_UPDATED_AT = 0;

/**
 * Query keys of the collections feature. Listings live under `collections`, so one invalidation
 * after a write refreshes every card list (profile tabs, feed, popular strip) at once. The social
 * feature patches the same keys (`lib/query-keys.ts`) after a like, a follow or a save.
 */
export const collectionKeys = {
  categories: ['categories'] as const,
  all: sharedKeys.collections,
  byUser: (userId: string) => [...sharedKeys.collections, 'by-user', userId] as const,
  byCategory: (categoryId: string) => [...sharedKeys.collections, 'by-category', categoryId] as const,
  popular: [...sharedKeys.collections, 'popular'] as const,
  detail: sharedKeys.collection,
  item: (itemId: string) => ['item', itemId] as const,
};

/** Categories hardly change: fetched once per visit. */
export function useCategories() {
  return useQuery({
    queryKey: collectionKeys.categories,
    queryFn: collectionsApi.categories,
    staleTime: Infinity,
  });
}

/**
 * The items after a collection's first page, from its `items_next_cursor`, once `wanted`. Keyed
 * under the collection, so every write that refreshes the collection refreshes these too.
 */
export function useMoreItems(collectionId: string, firstCursor: string | null | undefined, wanted: boolean) {
  return useInfiniteQuery({
    queryKey: [...collectionKeys.detail(collectionId), 'items', firstCursor ?? ''],
    queryFn: ({ pageParam }) => collectionsApi.items(collectionId, pageParam),
    initialPageParam: firstCursor ?? '',
    getNextPageParam: (last) => last.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled: Boolean(firstCursor) && wanted,
  });
}

export function useCollection(id: string | undefined, enabled = true) {
  return useQuery({
    queryKey: collectionKeys.detail(id ?? ''),
    queryFn: () => collectionsApi.collection(id!),
    enabled: Boolean(id) && enabled,
    staleTime: 30_000,
    initialData: () => (id ? takeShared('collection', id) : undefined),
    initialDataUpdatedAt: SHARED_COPY_UPDATED_AT,
  });
}

/**
 * Every collection of a user, all pages: the profile groups them into category tabs with counts
 * and the add-item modal offers them in a select, so a partial list would look wrong in both.
 */
export function useUserCollections(userId: string | undefined) {
  return useQuery({
    queryKey: collectionKeys.byUser(userId ?? ''),
    queryFn: ({ signal }) => collectionsApi.byUserAll(userId!, signal),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

/**
 * A category's public collections a page at a time ('Carregar mais'). The key stays under
 * `collections`, so a write refetches the pages already loaded.
 */
export function useCategoryCollections(categoryId: string | undefined) {
  return useInfiniteQuery({
    queryKey: collectionKeys.byCategory(categoryId ?? ''),
    queryFn: ({ pageParam }) => collectionsApi.byCategory(categoryId!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
    enabled: Boolean(categoryId),
    staleTime: 30_000,
  });
}

export function usePopularCollections(enabled = true) {
  return useQuery({
    queryKey: collectionKeys.popular,
    queryFn: collectionsApi.popular,
    enabled,
    staleTime: 30_000,
  });
}

export function useItem(itemId: string | undefined) {
  return useQuery({
    queryKey: collectionKeys.item(itemId ?? ''),
    queryFn: () => collectionsApi.item(itemId!),
    enabled: Boolean(itemId),
    staleTime: 30_000,
    initialData: () => (itemId ? takeShared('item', itemId) : undefined),
    initialDataUpdatedAt: SHARED_COPY_UPDATED_AT,
  });
}

/**
 * After any write: the listings, the collection itself and the user counters (the profile
 * header's `['user', ...]` queries belong to the users feature; the key is in lib/query-keys).
 */
async function invalidateAfterWrite(client: QueryClient, collectionId?: string) {
  await Promise.all([
    client.invalidateQueries({ queryKey: collectionKeys.all }),
    collectionId ? client.invalidateQueries({ queryKey: collectionKeys.detail(collectionId) }) : null,
    client.invalidateQueries({ queryKey: sharedKeys.users }),
  ]);
}

export function useCreateCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionCreateBody) => collectionsApi.create(body),
    onSuccess: () => invalidateAfterWrite(client),
  });
}

export function useUpdateCollection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionUpdateBody) => collectionsApi.update(id, body),
    onSuccess: () => invalidateAfterWrite(client, id),
  });
}

export function useDeleteCollection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => collectionsApi.remove(id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: collectionKeys.detail(id) });
      await invalidateAfterWrite(client);
    },
  });
}

export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionItemCreateBody) => collectionsApi.createItem(body),
    onSuccess: (_item, body) => invalidateAfterWrite(client, body.collection_id),
  });
}

export function useUpdateItem(collectionId: string, itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionItemUpdateBody) => collectionsApi.updateItem(itemId, body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: collectionKeys.item(itemId) }),
        invalidateAfterWrite(client, collectionId),
      ]);
    },
  });
}

/** Sets (a file) or removes (null) an item's picture; the lists showing it refresh. */
export function useItemImage(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      itemId,
      picture,
    }: {
      itemId: string;
      picture: { file: File; aspect: ImageAspect } | null;
    }) =>
      picture
        ? collectionsApi.uploadItemImage(itemId, picture.file, picture.aspect)
        : collectionsApi.removeItemImage(itemId),
    onSuccess: async (_item, { itemId }) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: collectionKeys.item(itemId) }),
        invalidateAfterWrite(client, collectionId),
      ]);
    },
  });
}

/** Sets (an upload or an item's picture) or removes (null) a collection's cover. */
export function useCover(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cover: Parameters<typeof collectionsApi.setCover>[1] | null) =>
      cover ? collectionsApi.setCover(collectionId, cover) : collectionsApi.removeCover(collectionId),
    onSuccess: () => invalidateAfterWrite(client, collectionId),
  });
}

export function useDeleteItem(collectionId: string, itemId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => collectionsApi.removeItem(itemId),
    onSuccess: async () => {
      client.removeQueries({ queryKey: collectionKeys.item(itemId) });
      await invalidateAfterWrite(client, collectionId);
    },
  });
}

/**
 * Persists a new item order (issue 8). The list shows `variables` while the call is out (see
 * SortableItems), so nothing is written to the cache before the server agrees; the answer is the
 * collection in its new order. A 409 means the items or their order changed meanwhile (someone
 * else's move): the collection is fetched again so the list shows the order the server has now.
 * Calls of one collection run one at a time, in the order they were made, so each one's
 * `previous_item_ids` is what the one before it left.
 */
export function useReorderItems(collectionId: string) {
  const client = useQueryClient();
  return useMutation({
    scope: { id: `reorder-${collectionId}` },
    mutationFn: (body: Required<ItemOrderBody>) => collectionsApi.reorder(collectionId, body),
    onSuccess: (collection: Collection | undefined) => {
      if (collection) client.setQueryData(collectionKeys.detail(collectionId), collection);
    },
    // Card previews show the first three items, so the listings follow the new order too.
    onSettled: (collection) =>
      Promise.all([
        client.invalidateQueries({ queryKey: collectionKeys.all }),
        collection ? null : client.invalidateQueries({ queryKey: collectionKeys.detail(collectionId) }),
      ]),
  });
}
