import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { useAccount, useResendVerification } from '../hooks/use-users';

/**
 * Keeps the session's `emailVerified` in step with the account (verified meanwhile on another
 * device, or by the link opened in this tab: the verification reloads every cached profile).
 */
function useVerifiedFromAccount() {
  const { user, setEmailVerified } = useAuth();
  const { data: account } = useAccount(user?.userId ?? '');
  const current = account && 'email_verified' in account ? account.email_verified : undefined;
  const stored = user?.emailVerified;
  useEffect(() => {
    if (current !== undefined && current !== stored) setEmailVerified(current);
  }, [current, stored, setEmailVerified]);
}

/** For a session stored before we kept `emailVerified`: only learns it. */
export function ReminderSync() {
  useVerifiedFromAccount();
  return null;
}

/** The reminder's 'Reenviar' and what it answers (loaded after the reminder's text is shown). */
export function ReminderActions() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useVerifiedFromAccount();
  const resend = useResendVerification();
  const alert = useFormAlert();
  const [sent, setSent] = useState(false);
  const onResend = () =>
    alert.attempt('emailResend', async () => {
      setSent(false);
      await resend.mutateAsync();
      setSent(true);
    });
  return (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm p-0 align-baseline"
        onClick={() => void onResend()}
        disabled={resend.isPending}
      >
        {resend.isPending ? t('users.emailReminder.sending') : t('users.emailReminder.resend')}
      </button>
      {sent ? <span>{t('users.emailReminder.sent', { email: user?.userEmail ?? '' })}</span> : null}
      {alert.key ? <span className="text-warning-emphasis">{t(alert.key)}</span> : null}
    </>
  );
}
