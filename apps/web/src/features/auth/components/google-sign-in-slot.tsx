import { useTranslation } from 'react-i18next';

/**
 * Where 'Login com Google' goes (integrations issue: the credential is verified by our API, never
 * trusted from the client). Hidden while the remote flag google_auth_enabled is off.
 */
export function GoogleSignInSlot({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  if (!enabled) return null;
  return (
    <>
      <div className="d-flex align-items-center gap-3 my-3 text-body-secondary">
        <hr className="flex-grow-1" />
        <span>{t('auth.login.or')}</span>
        <hr className="flex-grow-1" />
      </div>
      <div
        className="google-sign-in-slot"
        data-testid="google-sign-in-slot"
        aria-label={t('auth.login.google')}
      />
    </>
  );
}
