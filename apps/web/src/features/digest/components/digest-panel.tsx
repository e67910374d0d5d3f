import '../texts';
import { DIGEST_FREQUENCIES, type DigestFrequency } from '@acervo/contract/digest';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useAuth } from '../../../lib/auth';
import { useDigestSetting, useUpdateDigest } from '../hooks/use-digest';

/**
 * /account/security: the digest by mail (issue 26), off by default, daily or weekly. The mail's
 * own link turns it off without signing in (/digest/unsubscribe/{token}).
 */
export function DigestPanel() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.userId ?? '';
  const setting = useDigestSetting(userId);
  const update = useUpdateDigest(userId);
  // What the person picked, else what is stored.
  const [picked, setPicked] = useState<DigestFrequency | null>(null);
  const choice = picked ?? setting.data?.digest ?? 'off';
  const [saved, setSaved] = useState(false);
  const id = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    try {
      await update.mutateAsync(choice);
      setSaved(true);
    } catch {
      // The alert below says so; the choice stays, to try again.
    }
  };

  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby={`${id}-title`}>
      <div className="card-body p-4">
        <h2 id={`${id}-title`} className="h5">
          {t('digest.panel.title')}
        </h2>
        <p className="text-body-secondary">{t('digest.panel.body')}</p>
        {setting.isPending ? (
          <Loading />
        ) : setting.isError ? (
          <ErrorState message={t('digest.panel.loadFailed')} onRetry={() => void setting.refetch()} />
        ) : (
          <form noValidate onSubmit={(event) => void onSubmit(event)}>
            {update.isError ? (
              <div className="alert alert-warning" role="alert">
                {t('digest.panel.saveFailed')}
              </div>
            ) : null}
            {saved ? (
              <div className="alert alert-success" role="status">
                {t('digest.panel.saved')}
              </div>
            ) : null}
            <fieldset className="mb-3">
              <legend className="form-label fs-6">{t('digest.panel.legend')}</legend>
              {DIGEST_FREQUENCIES.map((frequency) => (
                <div className="form-check" key={frequency}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="digest"
                    id={`${id}-${frequency}`}
                    value={frequency}
                    checked={choice === frequency}
                    onChange={() => setPicked(frequency)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${frequency}`}>
                    {t(`digest.panel.${frequency}`)}
                  </label>
                </div>
              ))}
              {choice !== 'off' && user?.emailVerified === false ? (
                <div className="form-text">{t('digest.panel.unverified')}</div>
              ) : null}
            </fieldset>
            <SubmitButton busy={update.isPending}>{t('digest.panel.save')}</SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
