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
import { ShareButton } from './share-button';
import { SortableItems } from './sortable-items';

/** Under a public collection, for a visitor without an account: what an account adds. */
function JoinCallout() {
  const { t } = useTranslation();
  return (
    <section className="container pb-5" aria-labelledby="join-title">
      <div className="card border-0 shadow-sm">
        <div className="card-body p-4 d-flex flex-column flex-md-row gap-3 align-items-md-center">
          <div className="flex-grow-1">
            <h2 id="join-title" className="h5 mb-1">
              {t('collections.view.join.title')}
            </h2>
            <p className="mb-0 text-body-secondary">{t('collections.view.join.text')}</p>
          </div>
          <div className="d-flex flex-column flex-sm-row gap-2 flex-shrink-0">
            <Link to="/login" className="btn btn-outline-primary">
              {t('common.signInPrompt.login')}
            </Link>
            <Link to="/register" className="btn btn-primary">
              {t('common.signInPrompt.register')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The collection for a signed-in viewer (`userId`) or, read-only, for an anonymous visitor
 * (null; issue 12: a shared public collection opens without an account).
 */
function CollectionScreen({ collectionId, userId }: { collectionId: string; userId: string | null }) {
  const { t } = useTranslation();
  const query = useCollection(collectionId);
  const { bannerActions: BannerActions } = useCollectionSlots();
  useDocumentTitle(query.data?.name ?? t('collections.view.visitorItems'));
  if (query.isPending) return <Loading />;
  // Private or missing, to someone without an account: the spec's prompt, saying neither.
  if (query.isError && !userId && isNotFound(query.error))
    return <SignInPrompt message={t('collections.view.anonymous')} />;
  if (query.isError)
    return (
      <section className="container py-5">
        <ErrorState
          message={t(errorMessageKey(query.error, 'collectionView'))}
          onRetry={isNotFound(query.error) ? undefined : () => void query.refetch()}
        />
        {userId ? <Link to="/profile">{t('collections.view.backToProfile')}</Link> : null}
      </section>
    );

  const collection = query.data;
  const owner = userId !== null && collection.user_id === userId;
  const editor = userId !== null && mayEditItems(collection, userId);
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
        {BannerActions && userId ? <BannerActions collection={collection} /> : null}
        {collection.private ? null : <ShareButton collection={collection} />}
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
      {userId ? null : <JoinCallout />}
    </>
  );
}

/**
 * /lists/{id} for the three viewers: owner, other signed-in user, anonymous visitor. The last
 * reads a public collection without an account and gets the sign-in prompt for any other.
 */
export function CollectionView({ collectionId }: { collectionId: string }) {
  const { user } = useAuth();
  return <CollectionScreen collectionId={collectionId} userId={user?.userId ?? null} />;
}
