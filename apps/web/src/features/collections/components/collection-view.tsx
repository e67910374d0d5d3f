import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { SignInPrompt } from '../../../components/ui/prompt-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCollectionSlots } from '../../../lib/feature-slots';
import { useCollection } from '../hooks/use-collections';
import { CollectionBanner } from './collection-banner';
import { ItemCard } from './item-card';
import { mayEditItems } from './roles';
import { SortableItems } from './sortable-items';

function SignedInView({ collectionId, userId }: { collectionId: string; userId: string }) {
  const { t } = useTranslation();
  const query = useCollection(collectionId);
  const { bannerActions: BannerActions } = useCollectionSlots();
  useDocumentTitle(query.data?.name ?? t('collections.view.visitorItems'));
  if (query.isPending) return <Loading />;
  if (query.isError)
    return (
      <section className="container py-5">
        <ErrorState
          message={t(errorMessageKey(query.error, 'collectionView'))}
          onRetry={isNotFound(query.error) ? undefined : () => void query.refetch()}
        />
        <Link to="/profile">{t('collections.view.backToProfile')}</Link>
      </section>
    );

  const collection = query.data;
  const owner = collection.user_id === userId;
  const editor = mayEditItems(collection, userId);
  return (
    <>
      <CollectionBanner collection={collection}>
        {owner ? (
          <Link to={`/lists/edit/${collection.id}`} className="btn btn-light">
            {t('collections.view.edit')}
          </Link>
        ) : null}
        {editor ? (
          <Link to={`/lists/${collection.id}/items/create`} className="btn btn-primary">
            {t('collections.view.addItem')}
          </Link>
        ) : null}
        {BannerActions ? <BannerActions collection={collection} /> : null}
      </CollectionBanner>
      <section className="container py-4 py-lg-5" aria-labelledby="items-title">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="items-title" className="h4 mb-0">
            {t(owner ? 'collections.view.ownerItems' : 'collections.view.visitorItems')}
          </h2>
          {editor && collection.collection_items.length > 1 ? (
            <span className="small text-body-secondary">{t('collections.view.reorderHint')}</span>
          ) : null}
        </div>
        {collection.collection_items.length === 0 ? (
          <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
        ) : editor ? (
          <SortableItems items={collection.collection_items} collectionId={collection.id} />
        ) : (
          <ol className="list-unstyled item-list mb-0">
            {collection.collection_items.map((item) => (
              <li key={item.id}>
                <ItemCard item={item} collectionId={collection.id} editable={false} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** /lists/{id} for the three viewers: owner, other signed-in user, anonymous visitor. */
export function CollectionView({ collectionId }: { collectionId: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  // What an anonymous visitor sees on /lists/{id} (spec section 2): a prompt, no data.
  if (!user) return <SignInPrompt message={t('collections.view.anonymous')} />;
  return <SignedInView collectionId={collectionId} userId={user.userId} />;
}
