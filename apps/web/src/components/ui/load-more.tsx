import { useTranslation } from 'react-i18next';

/**
 * Under a paged list: the failure of the last page (the rows already shown stay) and the
 * 'Carregar mais' button while there are more pages.
 */
export function LoadMore({
  hasNextPage,
  loading,
  failedText,
  onLoadMore,
}: {
  hasNextPage: boolean;
  loading: boolean;
  /** The text of the next page's failure, if it failed. */
  failedText: string | null;
  onLoadMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {failedText ? (
        <div className="alert alert-warning mt-4 mb-0" role="alert">
          {failedText}
        </div>
      ) : null}
      {hasNextPage ? (
        <div className="text-center mt-4">
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={onLoadMore}
            disabled={loading}
            aria-busy={loading}
          >
            {loading ? t('common.loading') : t('common.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}
