import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAlert } from '../../../hooks/use-form-alert';
import { useAuth } from '../../../lib/auth';
import { useAccount, useResendVerification } from '../hooks/use-users';

/**
 * The header's quiet reminder while the signed-in person's e-mail is unverified (issue 23), with
 * "Reenviar". It cannot be dismissed: it goes away when the link of the mail is opened (the
 * verification reloads every cached profile, this one included).
 */
export function EmailReminder() {
  const { user } = useAuth();
  const { data: account } = useAccount(user?.userId ?? '');
  if (!user || account?.email_verified !== false) return null;
  return <Reminder email={account.email} />;
}

function Reminder({ email }: { email: string }) {
  const { t } = useTranslation();
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
    <div className="email-reminder w-100 small text-body-secondary border-top py-1" role="status">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span>{t('users.emailReminder.text')}</span>
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => void onResend()}
          disabled={resend.isPending}
        >
          {resend.isPending ? t('users.emailReminder.sending') : t('users.emailReminder.resend')}
        </button>
        {sent ? <span>{t('users.emailReminder.sent', { email })}</span> : null}
        {alert.key ? <span className="text-warning-emphasis">{t(alert.key)}</span> : null}
      </div>
    </div>
  );
}
