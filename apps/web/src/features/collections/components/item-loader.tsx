import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessageKey, isNotFound, type ErrorContext } from '../../../lib/api-errors';
import { useCollection, useItem } from '../hooks/use-collections';

interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
}

/**
 * A screen whose load failed: the spec's text for `context` and a retry button, except after a
 * 404, where retrying cannot help (a private or deleted collection stays invisible).
 */
export function LoadFailure({ query, context }: { query: FailedQuery; context: ErrorContext }) {
  const { t } = useTranslation();
  return (
    <div className="container py-5">
      <ErrorState
        message={t(errorMessageKey(query.error, context))}
        onRetry={isNotFound(query.error) ? undefined : () => void query.refetch()}
      />
    </div>
  );
}

/**
 * An item and the collection it belongs to, for the item view and edit screens. The item's own
 * collection wins over the one in the URL.
 */
export function useItemAndCollection(collectionId: string, itemId: string) {
  const item = useItem(itemId);
  const collection = useCollection(item.data?.collection_id ?? collectionId);
  const failure: { query: FailedQuery; context: ErrorContext } | null = item.isError
    ? { query: item, context: 'item' }
    : collection.isError
      ? { query: collection, context: 'collectionDetails' }
      : null;
  return { item, collection, pending: item.isPending || collection.isPending, failure };
}
