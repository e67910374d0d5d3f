import '../texts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessageKey } from '../../../lib/api-errors';
import { useAuth } from '../../../lib/auth';
import { useUnsubscribeDigest } from '../hooks/use-digest';

/**
 * /digest/unsubscribe/{token}: where the digest's unsubscribe link leads in a browser. Mail
 * scanners open links, so opening it changes nothing: the button does (RFC 8058's POST). No
 * sign-in needed; the token is the credential.
 */
export function DigestUnsubscribe({ token }: { token: string }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const unsubscribe = useUnsubscribeDigest();

  const next = user ? (
    <Link to="/account/security" className="btn btn-outline-primary w-100">
      {t('digest.unsubscribe.toSettings')}
    </Link>
  ) : (
    <Link to="/" className="btn btn-outline-primary w-100">
      {t('digest.unsubscribe.toHome')}
    </Link>
  );

  if (unsubscribe.isSuccess) {
    return (
      <>
        <div className="alert alert-success" role="status">
          {t('digest.unsubscribe.done')}
        </div>
        <p>{t('digest.unsubscribe.settings')}</p>
        {next}
      </>
    );
  }
  return (
    <>
      {unsubscribe.isError ? (
        <div className="alert alert-warning" role="alert">
          {t(errorMessageKey(unsubscribe.error, 'digestUnsubscribe'))}
        </div>
      ) : null}
      <p>{t('digest.unsubscribe.body')}</p>
      <button
        type="button"
        className="btn btn-primary btn-lg w-100 mb-3"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate(token)}
      >
        {t('digest.unsubscribe.confirm')}
      </button>
      {next}
    </>
  );
}
