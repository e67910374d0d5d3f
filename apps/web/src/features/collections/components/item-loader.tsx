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
 * A query whose answer cannot be shown: none came, or the refresh of what is on screen found it gone
 * (404). A refresh failing for another reason keeps what is there: the server's copy in a shared
 * page (decision 031) or an earlier answer.
 */
export const cannotShow = (query: { isError: boolean; data: unknown; error: unknown }) =>
  query.isError && (query.data === undefined || isNotFound(query.error));

/**
 * An item and the collection it belongs to, for the item view and edit screens. The item's own
 * collection wins over the one in the URL.
 */
export function useItemAndCollection(collectionId: string, itemId: string) {
  const item = useItem(itemId);
  const collection = useCollection(item.data?.collection_id ?? collectionId);
  const failure: { query: FailedQuery; context: ErrorContext } | null = cannotShow(item)
    ? { query: item, context: 'item' }
    : cannotShow(collection)
      ? { query: collection, context: 'collectionDetails' }
      : null;
  return { item, collection, pending: item.isPending || collection.isPending, failure };
}
