import '../texts';
import { ShareButton } from '../../../components/ui/share-button';
import type { Collection } from '@acervo/contract/collection';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { SignInPrompt } from '../../../components/ui/prompt-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessageKey, isNotFound } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useCollectionSlots } from '../../../lib/feature-slots';
import { useCollection, useMoreItems } from '../hooks/use-collections';
import { CollectionBanner } from './collection-banner';
import { ItemCard } from './item-card';
import { cannotShow } from './item-loader';
import { JoinCallout } from './join-callout';
import { mayEditItems } from './roles';
import { ScrollSentinel } from './scroll-sentinel';

/**
 * Reordering (dnd-kit, 14 KB gzip) only for signed-in viewers: a visitor of a shared collection
 * does not download it (decision 031). It is fetched beside the collection, and an editor's view
 * waits for it as a reader's waits for the banner's buttons: a plain list shown first and swapped
 * for the sortable one when the chunk arrived took the focus from whoever was already in it.
 */
const loadSortable = () => import('./sortable-items');
const SortableItems = lazy(() => loadSortable().then((m) => ({ default: m.SortableItems })));

/**
 * The first items' pictures are in the first screen: loaded at once, not lazily (Chromium reports
 * lazy images in view, and they would wait for layout).
 */
const EAGER_ITEMS = 3;

/**
 * The items past the first page (issue 14): more as the list's end scrolls into view, or with
 * 'Carregar mais'. Editors get them all at once (at most ten pages: a collection holds 1,000),
 * because reordering sends the whole order.
 */
function useItems(collection: Collection, editor: boolean) {
  const [wanted, setWanted] = useState(false);
  const more = useMoreItems(collection.id, collection.items_next_cursor, wanted || editor);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = more;
  useEffect(() => {
    if (editor && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [editor, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const loading = more.isFetching;
  return {
    items: more.data ? [...collection.collection_items, ...more.data] : collection.collection_items,
    hasMore: more.data ? hasNextPage : Boolean(collection.items_next_cursor),
    loading,
    failed: more.isError,
    error: more.error,
    loadMore: () => {
      if (loading) return;
      if (more.data) void fetchNextPage();
      else setWanted(true);
    },
  };
}

/**
 * The collection for a signed-in viewer (`userId`) or, read-only, for an anonymous visitor
 * (null; issue 12: a shared public collection opens without an account).
 */
function CollectionScreen({ collectionId, userId }: { collectionId: string; userId: string | null }) {
  const { t } = useTranslation();
  const query = useCollection(collectionId);
  useEffect(() => {
    if (userId) void loadSortable().catch(() => undefined);
  }, [userId]);
  useDocumentTitle(query.data?.name ?? t('collections.view.visitorItems'));
  if (query.isPending) return <Loading />;
  const { data } = query;
  // Private or missing, to someone without an account: the spec's prompt, saying neither.
  if (query.isError && !userId && isNotFound(query.error))
    return <SignInPrompt message={t('collections.view.anonymous')} />;
  if (!data || cannotShow(query))
    return (
      <section className="container py-5">
        <ErrorState
          message={t(errorMessageKey(query.error, 'collectionView'))}
          onRetry={isNotFound(query.error) ? undefined : () => void query.refetch()}
        />
        {userId ? <Link to="/profile">{t('collections.view.backToProfile')}</Link> : null}
      </section>
    );

  return (
    // The banner's buttons from other features (bannerActions, bannerSafety) load on demand: for a
    // signed-in reader the view waits for them, rather than have them push the banner's own aside.
    <Suspense fallback={<Loading />}>
      <LoadedView collection={data} userId={userId} />
    </Suspense>
  );
}

/** The items of a reader (an editor's are `SortableItems`). */
function ItemList({ items, collectionId }: { items: Collection['collection_items']; collectionId: string }) {
  return (
    <ol className="list-unstyled item-list mb-0">
      {items.map((item, index) => (
        <li key={item.id}>
          <ItemCard item={item} collectionId={collectionId} editable={false} eager={index < EAGER_ITEMS} />
        </li>
      ))}
    </ol>
  );
}

function LoadedView({ collection, userId }: { collection: Collection; userId: string | null }) {
  const { t } = useTranslation();
  const {
    bannerActions: BannerActions,
    bannerSafety: BannerSafety,
    ownerNotice: OwnerNotice,
    comments: Comments,
  } = useCollectionSlots();
  const owner = userId !== null && collection.user_id === userId;
  const editor = userId !== null && mayEditItems(collection, userId);
  const { items, hasMore, loading, failed, error, loadMore } = useItems(collection, editor);
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
        {collection.private ? null : <ShareButton title={collection.name} path={`/c/${collection.id}`} />}
        {BannerSafety && userId ? <BannerSafety collection={collection} /> : null}
      </CollectionBanner>
      {OwnerNotice && owner && collection.hidden_reason ? (
        <div className="container pt-4">
          <OwnerNotice collection={collection} />
        </div>
      ) : null}
      <section className="container py-4 py-lg-5" aria-labelledby="items-title">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="items-title" className="h4 mb-0">
            {t(owner ? 'collections.view.ownerItems' : 'collections.view.visitorItems')}
          </h2>
          {editor && items.length > 1 ? (
            <span className="small text-body-secondary">{t('collections.view.reorderHint')}</span>
          ) : null}
        </div>
        {items.length === 0 ? (
          <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
        ) : editor ? (
          <SortableItems items={items} collectionId={collection.id} />
        ) : (
          <ItemList items={items} collectionId={collection.id} />
        )}
        {/* Keyed by the count: a new mark observes afresh, in case the end is still in view. */}
        {hasMore ? <ScrollSentinel key={items.length} onVisible={loadMore} /> : null}
        <LoadMore
          hasNextPage={hasMore}
          loading={loading}
          failedText={failed ? t(errorMessageKey(error, 'collectionView')) : null}
          onLoadMore={loadMore}
        />
      </section>
      {Comments ? <Comments collection={collection} /> : null}
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
