import type { Collection } from '@acervo/contract/collection';
import { useAuth } from '../../../lib/auth';
import { FollowCollectionButton } from './follow-button';
import { LikeButton, LikeCount } from './like-button';
import { SaveCollectionButton } from './save-collection';

/**
 * Under a card (the app plugs this into the collections feature's card slot): the heart and its
 * count, 'Seguir' and 'Salvar em minhas coleções'. One's own collection shows only its count.
 */
export function CollectionCardActions({ collection }: { collection: Collection }) {
  const { user } = useAuth();
  const own = collection.user_id === user?.userId;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 card-actions">
      {own ? (
        <LikeCount count={collection.likes} withHeart />
      ) : (
        <>
          <LikeButton collection={collection} variant="card" />
          <FollowCollectionButton collection={collection} size="sm" />
          <SaveCollectionButton collection={collection} size="sm" />
        </>
      )}
    </div>
  );
}

/** On the banner of someone else's collection (its counters are already on the banner). */
export function CollectionBannerActions({ collection }: { collection: Collection }) {
  const { user } = useAuth();
  if (collection.user_id === user?.userId) return null;
  return (
    <>
      <LikeButton collection={collection} variant="banner" />
      <FollowCollectionButton collection={collection} size="md" />
      <SaveCollectionButton collection={collection} size="md" />
    </>
  );
}
