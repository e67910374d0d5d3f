import '../texts';
import { useState, type ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { errorMessageKey } from '../../../lib/api-errors';
import { useCategories, useCategoryCollections, usePopularCollections } from '../hooks/use-collections';
import { CollectionGrid } from './collection-card';

type FeedTab = 'following' | 'categories' | 'popular' | 'forYou' | 'people';

function CategoryCollections({ categoryId, categoryName }: { categoryId: string; categoryName: string }) {
  const { t } = useTranslation();
  const query = useCategoryCollections(categoryId);
  const { container, loadMore } = useLoadMore(query.data?.length ?? 0, query.fetchNextPage);

  return (
    <section aria-labelledby="feed-category-heading">
      <h2 id="feed-category-heading" className="h5 mb-3">
        {t('collections.feed.categoryHeading', { category: categoryName })}
      </h2>
      {query.data ? (
        <>
          <div ref={container}>
            <CollectionGrid collections={query.data} columnClass="col-12 col-md-6" />
          </div>
          <LoadMore
            hasNextPage={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failedText={
              query.isFetchNextPageError ? t(errorMessageKey(query.error, 'categoryCollections')) : null
            }
            onLoadMore={loadMore}
          />
        </>
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'categoryCollections'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <CardSkeleton count={3} className="col-12 col-md-6" />
      )}
    </section>
  );
}

function PopularCollections() {
  const { t } = useTranslation();
  const query = usePopularCollections();
  return (
    <section aria-labelledby="feed-popular-heading">
      <h2 id="feed-popular-heading" className="h5 mb-3">
        {t('collections.feed.popularHeading')}
      </h2>
      {query.isPending ? (
        <CardSkeleton count={3} className="col-12 col-md-6" />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'popularCollections'))}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <CollectionGrid collections={query.data} columnClass="col-12 col-md-6" />
      )}
    </section>
  );
}

/**
 * The feed (spec section 2): categories on the side, the first one alphabetically selected on load
 * (the API sorts them by name), and three tabs. The app plugs in the search box above the
 * categories, the Pessoas tab's content (issue 8), the "Para você" tab (issue 11) and "Seguindo"
 * (issue 26), which belong to other features. "Seguindo" is the first tab, open on arrival, for
 * someone who follows someone (`following.first`); others keep the categories first and find it
 * last. `initialTab` opens a tab a link asked for (/onboarding's "Para você").
 */
export function FeedBrowser({
  search,
  people,
  forYou,
  following,
  initialTab,
}: {
  search?: ReactNode;
  people?: ReactNode;
  forYou?: { title: string; content: ReactNode };
  /** `first` is undefined while it is not known yet whether the person follows anyone. */
  following?: { title: string; content: ReactNode; first: boolean | undefined };
  initialTab?: FeedTab | undefined;
}) {
  const { t } = useTranslation();
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  // Until the person picks a tab, the default follows what is known of them (it may arrive late).
  const [picked, setTab] = useState<FeedTab | null>(initialTab ?? null);
  const tab: FeedTab = picked ?? (following?.first ? 'following' : 'categories');
  // Until then the categories' pane shows its placeholder (its cards load meanwhile, hidden), so a
  // follower does not see the categories flash before "Seguindo" opens.
  const deciding = following !== undefined && following.first === undefined && picked === null;
  const categoryPlaceholder = (
    // The category's heading line too: without it the cards' placeholders sat 24 px higher than
    // the cards that replace them (the row's negative margin collapsed into the tabs' margin).
    <div>
      <div className="h5 mb-3 placeholder-glow" aria-hidden="true">
        <span className="placeholder col-6" />
      </div>
      <CardSkeleton count={2} className="col-12 col-md-6" />
    </div>
  );
  const selected = categories.data?.find((c) => c.id === chosen) ?? categories.data?.[0];
  const followingTab = following ? (
    <Tab eventKey="following" title={following.title}>
      {following.content}
    </Tab>
  ) : null;

  return (
    <div className="row g-4">
      <aside className="col-12 col-lg-3" aria-labelledby="feed-categories-title">
        <div className="feed-sidebar">
          {search ? <div className="mb-3">{search}</div> : null}
          <h2 id="feed-categories-title" className="h6 text-uppercase text-body-secondary mb-2">
            {t('collections.feed.categories')}
          </h2>
          {categories.isPending ? (
            // Shaped like the list it stands for (a column on wide screens, one row of pills on a
            // phone), so the tabs under it do not move when the categories arrive.
            <div className="category-list placeholder-glow" aria-hidden="true">
              {Array.from({ length: 6 }, (_, index) => (
                <span key={index} className="category-button category-placeholder">
                  <span className="placeholder col-8" />
                </span>
              ))}
            </div>
          ) : categories.isError ? (
            <ErrorState
              message={t(errorMessageKey(categories.error, 'categories'))}
              onRetry={() => void categories.refetch()}
            />
          ) : (
            <div className="category-list" role="list">
              {categories.data.map((category) => (
                <div role="listitem" key={category.id}>
                  <button
                    type="button"
                    className={`category-button${category.id === selected?.id ? ' active' : ''}`}
                    aria-pressed={category.id === selected?.id}
                    onClick={() => {
                      setChosen(category.id);
                      setTab('categories');
                    }}
                  >
                    {category.name}
                  </button>
                </div>
              ))}
            </div>
          )}
        </div>
      </aside>
      <div className="col-12 col-lg-9">
        <Tabs
          id="feed-tabs"
          activeKey={tab}
          onSelect={(key) => setTab((key as FeedTab | null) ?? 'categories')}
          className="mb-4"
          mountOnEnter
        >
          {following?.first ? followingTab : null}
          <Tab eventKey="categories" title={t('collections.feed.tabs.categories')}>
            {deciding ? categoryPlaceholder : null}
            {selected ? (
              <div hidden={deciding}>
                <CategoryCollections
                  key={selected.id}
                  categoryId={selected.id}
                  categoryName={selected.name}
                />
              </div>
            ) : categories.isPending ? (
              deciding ? null : (
                categoryPlaceholder
              )
            ) : categories.isError ? null : (
              <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
            )}
          </Tab>
          <Tab eventKey="popular" title={t('collections.feed.tabs.popular')}>
            <PopularCollections />
          </Tab>
          {forYou ? (
            <Tab eventKey="forYou" title={forYou.title}>
              {forYou.content}
            </Tab>
          ) : null}
          {people ? (
            <Tab eventKey="people" title={t('collections.feed.tabs.people')}>
              {people}
            </Tab>
          ) : null}
          {following?.first === false ? followingTab : null}
        </Tabs>
      </div>
    </div>
  );
}
