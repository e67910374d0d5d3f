import { useEffect, useRef, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessageKey } from '../../../lib/api-errors';
import { useCategories, useCategoryCollections, usePopularCollections } from '../hooks/use-collections';
import { CollectionGrid } from './collection-card';

type FeedTab = 'categories' | 'popular' | 'people';

function CategoryCollections({ categoryId, categoryName }: { categoryId: string; categoryName: string }) {
  const { t } = useTranslation();
  const query = useCategoryCollections(categoryId);
  const gridRef = useRef<HTMLDivElement>(null);
  // The index of the first card of a page asked for with 'Carregar mais': once it renders, focus
  // moves to its title, so keyboard users carry on where the new cards start (the button itself
  // is disabled while loading and gone after the last page).
  const focusFrom = useRef<number | null>(null);
  const count = query.data?.length ?? 0;
  useEffect(() => {
    const first = focusFrom.current;
    if (first === null || count <= first) return;
    focusFrom.current = null;
    gridRef.current?.querySelectorAll<HTMLElement>('article h3 a')[first]?.focus();
  }, [count]);

  const loadMore = () => {
    focusFrom.current = count;
    void query.fetchNextPage().then((result) => {
      if (result.isFetchNextPageError) focusFrom.current = null;
    });
  };

  return (
    <section aria-labelledby="feed-category-heading">
      <h2 id="feed-category-heading" className="h5 mb-3">
        {t('collections.feed.categoryHeading', { category: categoryName })}
      </h2>
      {query.data ? (
        <>
          <div ref={gridRef}>
            <CollectionGrid collections={query.data} columnClass="col-12 col-md-6" />
          </div>
          {query.isFetchNextPageError ? (
            <div className="alert alert-warning mt-4 mb-0" role="alert">
              {t(errorMessageKey(query.error, 'categoryCollections'))}
            </div>
          ) : null}
          {query.hasNextPage ? (
            <div className="text-center mt-4">
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={loadMore}
                disabled={query.isFetchingNextPage}
                aria-busy={query.isFetchingNextPage}
              >
                {query.isFetchingNextPage ? t('common.loading') : t('collections.feed.loadMore')}
              </button>
            </div>
          ) : null}
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
 * (the API sorts them by name), and three tabs. Search and Pessoas come with the social issue.
 */
export function FeedBrowser() {
  const { t } = useTranslation();
  const categories = useCategories();
  const [chosen, setChosen] = useState<string | null>(null);
  const [tab, setTab] = useState<FeedTab>('categories');
  const selected = categories.data?.find((c) => c.id === chosen) ?? categories.data?.[0];

  return (
    <div className="row g-4">
      <aside className="col-12 col-lg-3" aria-labelledby="feed-categories-title">
        <div className="feed-sidebar">
          <form role="search" className="mb-3" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor="feed-search" className="visually-hidden">
              {t('collections.feed.searchLabel')}
            </label>
            <input
              id="feed-search"
              type="search"
              className="form-control"
              placeholder={t('collections.feed.searchPlaceholder')}
              title={t('collections.feed.searchSoon')}
            />
          </form>
          <h2 id="feed-categories-title" className="h6 text-uppercase text-body-secondary mb-2">
            {t('collections.feed.categories')}
          </h2>
          {categories.isPending ? (
            <div className="placeholder-glow" aria-hidden="true">
              {Array.from({ length: 6 }, (_, index) => (
                <span key={index} className="placeholder col-10 mb-3 d-block" />
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
          <Tab eventKey="categories" title={t('collections.feed.tabs.categories')}>
            {selected ? (
              <CategoryCollections key={selected.id} categoryId={selected.id} categoryName={selected.name} />
            ) : categories.isPending ? (
              <CardSkeleton count={2} className="col-12 col-md-6" />
            ) : categories.isError ? null : (
              <div className="empty-state text-body-secondary">{t('collections.empty')}</div>
            )}
          </Tab>
          <Tab eventKey="popular" title={t('collections.feed.tabs.popular')}>
            <PopularCollections />
          </Tab>
          <Tab eventKey="people" title={t('collections.feed.tabs.people')}>
            <div className="empty-state">
              <h2 className="h5">{t('collections.feed.peopleTitle')}</h2>
              <p className="text-body-secondary mb-0">{t('collections.feed.peopleBody')}</p>
            </div>
          </Tab>
        </Tabs>
      </div>
    </div>
  );
}
