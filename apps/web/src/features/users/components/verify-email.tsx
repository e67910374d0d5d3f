import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useVerifyEmail } from '../hooks/use-users';

/**
 * /verify-email/{token}: the link of the verification mail. It works signed in or not (the mail
 * may be opened on another device); the token is spent once, so it is sent once per visit.
 */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const verify = useVerifyEmail();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const next = user ? (
    <Link to="/profile" className="btn btn-primary btn-lg w-100">
      {t('users.verifyEmail.toProfile')}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary btn-lg w-100">
      {t('users.verifyEmail.toLogin')}
    </Link>
  );

  if (verify.isSuccess) {
    return (
      <>
        <div className="alert alert-success" role="status">
          {t('users.verifyEmail.done')}
        </div>
        {next}
      </>
    );
  }
  if (verify.isError) {
    return (
      <>
        <div className="alert alert-warning" role="alert">
          {t(errorMessageKey(verify.error, 'emailVerify'))}
        </div>
        {user ? null : <p>{t('users.verifyEmail.requestNew')}</p>}
        {next}
      </>
    );
  }
  return (
    <p role="status" className="text-body-secondary">
      {t('users.verifyEmail.verifying')}
    </p>
  );
}
