import { useTranslation } from 'react-i18next';

/**
 * Grey cards the size of the real ones while a list loads, so the page does not jump when the
 * data arrives. Announced as 'Carregando...' to screen readers. `withActions`: the buttons and the
 * footer every collection card has under its items; `withNote`: and a note above them (the reason
 * of a recommendation), each as tall as the real part.
 */
export function CardSkeleton({
  count = 3,
  className = 'col-12 col-md-6 col-xl-4',
  withActions = false,
  withNote = false,
}: {
  count?: number;
  className?: string;
  withActions?: boolean;
  withNote?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="row g-4" role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={className} aria-hidden="true">
          <div className="card collection-card h-100 placeholder-glow">
            <div className="card-body d-flex flex-column">
              <span className="placeholder col-7 mb-3 placeholder-lg" />
              <span className="placeholder col-4 mb-4" />
              <span className="placeholder col-12 mb-2" />
              <span className="placeholder col-10 mb-2" />
              <span className="placeholder col-8" />
              {withActions ? <ActionsSkeleton withNote={withNote} /> : null}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}

/** A card's note, its buttons and its footer, in the real ones' classes (so their heights). */
function ActionsSkeleton({ withNote }: { withNote: boolean }) {
  return (
    <div className="mt-auto pt-3">
      {withNote ? (
        <div className="d-flex justify-content-between align-items-baseline gap-2 small mb-2">
          <span className="placeholder col-6" />
          <span className="btn btn-sm btn-link p-0 disabled placeholder col-3" />
        </div>
      ) : null}
      <div className="d-flex align-items-center gap-2 card-actions">
        <span className="btn btn-icon disabled placeholder" />
        <span className="btn btn-sm btn-outline-primary disabled placeholder col-3" />
        <span className="btn btn-sm btn-outline-primary disabled placeholder col-3" />
      </div>
      <div className="d-flex justify-content-between align-items-center gap-2 mt-2">
        <span className="placeholder small col-3" />
        <span className="btn btn-sm btn-outline-primary disabled placeholder col-3" />
      </div>
    </div>
  );
}
