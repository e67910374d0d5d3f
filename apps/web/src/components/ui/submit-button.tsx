import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A submit button that is disabled and says 'Carregando...' while busy (spec section 4). It is also
 * disabled until the app has taken over the page: a prerendered form (decision 030) is on screen
 * before its scripts run, and a submit then would be the browser's own (a GET with the fields in
 * the address, the password included). A form whose default button is disabled does not submit
 * on Enter either.
 */
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
  const [live, setLive] = useState(false);
  // Once, after the first render (the hydrating one for a prerendered page, which must match it).
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setLive(true), []);
  return (
    <button
      type="submit"
      className={`btn btn-primary ${className ?? ''}`.trim()}
      disabled={busy || !live}
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
