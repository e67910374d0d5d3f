import type { Collection } from '@acervo/contract/collection';
import type { CollectionItem } from '@acervo/contract/collection-item';
import { createContext, useContext, type ComponentType } from 'react';

/**
 * Places where the collections feature shows controls that belong to another feature (likes,
 * follows and saves live in `features/social`). Features never import each other, so the app
 * fills these slots once, at the root, and the cards and banners render whatever is there.
 */
export type CollectionSlots = {
  /**
   * Under a collection card: heart and count, follow, 'Salvar em minhas coleções'. It may suspend
   * while its code loads: card lists wait with their placeholders, so that no card grows.
   */
  cardActions?: ComponentType<{ collection: Collection }>;
  /**
   * On the collection banner, next to the owner's or editor's own buttons. It may suspend while its
   * code loads: the collection's view then shows once it is in, so that nothing moves.
   */
  bannerActions?: ComponentType<{ collection: Collection }>;
  /** On the banner too: 'Denunciar' (features/safety). It may suspend as `bannerActions` does. */
  bannerSafety?: ComponentType<{ collection: Collection }>;
  /** Under the banner, for the owner: why an operator hid the collection, and the appeal. */
  ownerNotice?: ComponentType<{ collection: Collection }>;
  /** On an item's page: the same for the item. */
  itemSafety?: ComponentType<{ item: CollectionItem; collection: Collection }>;
  /** Under a collection's items, and on an item's page: 'Comentários' (features/comments). */
  comments?: ComponentType<{ collection: Collection; item?: CollectionItem }>;
};

const SlotsContext = createContext<CollectionSlots>({});

export const CollectionSlotsProvider = SlotsContext.Provider;

export function useCollectionSlots(): CollectionSlots {
  return useContext(SlotsContext);
}
