import '../texts';
import { SEARCH_QUERY_MAX, SEARCH_TYPES, type SearchType } from '@acervo/contract/limits';
import { useEffect, useRef, useState } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { errorMessageKey } from '../../../lib/api-errors';
import { isSearchable, isTooShort, useSearch } from '../hooks/use-search';
import { SearchResult } from './search-hits';

/** Typing settles for this long before the results (and the address) follow it. */
export const SEARCH_DEBOUNCE_MS = 300;

function Results({ q, type }: { q: string; type: SearchType }) {
  const { t } = useTranslation();
  const query = useSearch(q, type);
  const count = query.data?.length ?? 0;
  const { container, loadMore } = useLoadMore(count, query.fetchNextPage, '.search-hit h3 a');
  const term = q.trim();
  const searchable = isSearchable(term);
  const summary = !searchable
    ? isTooShort(term)
      ? t('validation.searchQueryTooShort')
      : t(term ? 'search.needLetters' : 'search.prompt')
    : query.data
      ? count === 0
        ? t('search.none', { q: term })
        : t(query.hasNextPage ? 'search.countMore' : 'search.count', { count, q: term })
      : query.isError
        ? ''
        : t('search.searching');
  return (
    <div ref={container}>
      {/* Always in the page, so each new summary is read out as the results change. */}
      <p role="status" aria-live="polite" className="text-body-secondary mb-3">
        {summary}
      </p>
      {searchable && query.isError && !query.data ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'search'))}
          onRetry={() => void query.refetch()}
        />
      ) : null}
      {searchable && query.data?.length ? (
        <>
          <ol className="list-unstyled d-flex flex-column gap-3 mb-0">
            {query.data.map((hit) => (
              <li key={`${hit.type}-${hit.id}`}>
                <SearchResult hit={hit} />
              </li>
            ))}
          </ol>
          <LoadMore
            hasNextPage={query.hasNextPage}
            loading={query.isFetchingNextPage}
            failedText={query.isFetchNextPageError ? t(errorMessageKey(query.error, 'search')) : null}
            onLoadMore={loadMore}
          />
        </>
      ) : null}
    </div>
  );
}

const asType = (value: string | null): SearchType =>
  SEARCH_TYPES.find((type) => type === value) ?? 'collection';

/**
 * /search?q=...&type=... (issue 8): the words in a box that searches while typing (after a pause),
 * and the hits of each type in a tab, a page at a time. The address keeps the words and the tab,
 * so a search can be shared, reloaded and reached with Back.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const type = asType(params.get('type'));
  const [text, setText] = useState(q);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // React Router's functional update starts from the address of the render that made `setParams`:
  // a pause that began before a tab's navigation was drawn would put the old tab back. The timer
  // calls the newest one instead.
  const latestSetParams = useRef(setParams);
  useEffect(() => {
    latestSetParams.current = setParams;
  });

  // The header's box may bring new words while this page is open: the field follows the address.
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  const onType = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    // Typing replaces the address's entry instead of adding one per pause; a tab adds one.
    timer.current = window.setTimeout(
      () =>
        latestSetParams.current(
          (current) => {
            const next = new URLSearchParams(current);
            next.set('q', value);
            return next;
          },
          { replace: true },
        ),
      SEARCH_DEBOUNCE_MS,
    );
  };

  return (
    <>
      <form role="search" aria-label={t('search.pageLabel')} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="search-page-input" className="form-label">
          {t('search.label')}
        </label>
        <input
          id="search-page-input"
          type="search"
          className="form-control form-control-lg mb-4"
          placeholder={t('search.placeholder')}
          maxLength={SEARCH_QUERY_MAX}
          value={text}
          onChange={(event) => onType(event.target.value)}
          // An empty search page exists to be typed into.
          autoFocus={!q}
        />
      </form>
      <Tabs
        id="search-tabs"
        activeKey={type}
        onSelect={(key) => setParams({ q, type: asType(key) })}
        className="mb-3"
        mountOnEnter
      >
        {SEARCH_TYPES.map((each) => (
          <Tab key={each} eventKey={each} title={t(`search.types.${each}`)}>
            <Results q={q} type={each} />
          </Tab>
        ))}
      </Tabs>
    </>
  );
}
