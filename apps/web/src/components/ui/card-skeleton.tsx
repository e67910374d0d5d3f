import { useTranslation } from 'react-i18next';

/**
 * Grey cards the size of the real ones while a list loads, so the page does not jump when the
 * data arrives. Announced as 'Carregando...' to screen readers.
 */
export function CardSkeleton({
  count = 3,
  className = 'col-12 col-md-6 col-xl-4',
}: {
  count?: number;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="row g-4" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={className} aria-hidden="true">
          <div className="card collection-card h-100 placeholder-glow">
            <div className="card-body">
              <span className="placeholder col-7 mb-3 placeholder-lg" />
              <span className="placeholder col-4 mb-4" />
              <span className="placeholder col-12 mb-2" />
              <span className="placeholder col-10 mb-2" />
              <span className="placeholder col-8" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
