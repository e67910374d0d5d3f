import { useTranslation } from 'react-i18next';

/** 'Carregando...' with a spinner, announced politely to screen readers. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <div
      className="d-flex align-items-center justify-content-center gap-2 py-5"
      role="status"
      aria-live="polite"
    >
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
