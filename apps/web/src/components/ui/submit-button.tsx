import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A submit button that is disabled and says 'Carregando...' while busy (spec section 4). */
export function SubmitButton({
  busy,
  children,
  className,
}: {
  busy: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className ?? ''}`.trim()}
      disabled={busy}
      aria-busy={busy}
    >
      {busy ? (
        <>
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('common.loading')}
        </>
      ) : (
        children
      )}
    </button>
  );
}
