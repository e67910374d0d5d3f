import '../texts';
import type { TimelineEntry } from '@acervo/contract/timeline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadMore } from '../../../components/ui/load-more';
import { Loading } from '../../../components/ui/loading';
import { useLoadMore } from '../../../hooks/use-load-more';
import { errorMessageKey, type ErrorContext } from '../../../lib/api-errors';
import type { useFollowingTimeline } from '../hooks/use-timeline';
import { TimelineEntryRow } from './timeline-entry';

/** Entries, 'Carregar mais', a failure (with "Tentar novamente") or what to do when there are none. */
export function TimelineList({
  query,
  errorContext,
  empty,
}: {
  query: ReturnType<typeof useFollowingTimeline>;
  errorContext: ErrorContext;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const entries: TimelineEntry[] | undefined = query.data;
  // After 'Carregar mais', focus goes to the first new entry's first link.
  const { container, loadMore } = useLoadMore(
    entries?.length ?? 0,
    query.fetchNextPage,
    'li.timeline-entry p a',
  );
  if (query.isPending) return <Loading />;
  if (query.isError && !entries)
    return (
      <ErrorState
        message={t(errorMessageKey(query.error, errorContext))}
        onRetry={() => void query.refetch()}
      />
    );
  if (!entries?.length) return <>{empty}</>;
  return (
    <div ref={container}>
      <ul className="list-unstyled mb-0">
        {entries.map((entry) => (
          <TimelineEntryRow key={entry.id} entry={entry} />
        ))}
      </ul>
      <LoadMore
        hasNextPage={query.hasNextPage}
        loading={query.isFetchingNextPage}
        failedText={query.isFetchNextPageError ? t(errorMessageKey(query.error, errorContext)) : null}
        onLoadMore={loadMore}
      />
    </div>
  );
}
