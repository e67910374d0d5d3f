import { useTranslation } from 'react-i18next';

/** A load that failed: the catalogue's text and, when it may help, a retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3" role="alert">
      <span className="flex-grow-1">{message}</span>
      {onRetry ? (
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onRetry}>
          {t('errors.retry')}
        </button>
      ) : null}
    </div>
  );
}
