import '../texts';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../hooks/use-recommendations';

/** "Não tenho interesse": hides the suggestion and lowers similar ones (the server remembers). */
export function NotInterestedButton({
  kind,
  id,
  name,
}: {
  kind: 'collection' | 'person';
  id: string;
  name: string;
}) {
  const { t } = useTranslation();
  const dismiss = useDismiss(kind);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-link p-0 text-body-secondary not-interested"
        aria-label={t('recommendations.notInterestedLabel', { name, interpolation: { escapeValue: false } })}
        disabled={dismiss.isPending}
        onClick={() => dismiss.mutate(id)}
      >
        {t('recommendations.notInterested')}
      </button>
      {dismiss.isError ? (
        <div className="small text-danger" role="alert">
          {t('recommendations.notInterestedFailed')}
        </div>
      ) : null}
    </>
  );
}
