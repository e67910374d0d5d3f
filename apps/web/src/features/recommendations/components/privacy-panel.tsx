import '../texts';
import { recommendationSettingsSchema, type RecommendationSettings } from '@acervo/contract/recommendation';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField } from '../../../components/ui/check-field';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useContractForm } from '../../../hooks/use-contract-form';
import { useRecommendationSettings, useUpdateRecommendationSettings } from '../hooks/use-recommendations';

/**
 * /account/security: personalisation on or off (off: popularity only), and whether one's activity
 * feeds other people's suggestions (the LGPD opt-out).
 */
export function PrivacyPanel() {
  const { t } = useTranslation();
  const settings = useRecommendationSettings();
  const update = useUpdateRecommendationSettings();
  const [saved, setSaved] = useState(false);
  const form = useContractForm(recommendationSettingsSchema, {
    defaultValues: { personalize: true, share_activity: true },
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onValid = async (values: RecommendationSettings) => {
    setSaved(false);
    try {
      await update.mutateAsync(values);
      setSaved(true);
    } catch {
      // The alert below says so; the switches keep what the person chose, to try again.
    }
  };

  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby="privacy-title">
      <div className="card-body p-4">
        <h2 id="privacy-title" className="h5">
          {t('recommendations.privacy.title')}
        </h2>
        <p className="text-body-secondary">{t('recommendations.privacy.body')}</p>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <ErrorState
            message={t('recommendations.privacy.loadFailed')}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <form noValidate onSubmit={form.handleSubmit(onValid)}>
            {update.isError ? (
              <div className="alert alert-warning" role="alert">
                {t('recommendations.privacy.saveFailed')}
              </div>
            ) : null}
            {saved ? (
              <div className="alert alert-success" role="status">
                {t('recommendations.privacy.saved')}
              </div>
            ) : null}
            <CheckField
              form={form}
              name="personalize"
              asSwitch
              className="mb-3"
              label={t('recommendations.privacy.personalize')}
              hint={t('recommendations.privacy.personalizeHint')}
            />
            <CheckField
              form={form}
              name="share_activity"
              asSwitch
              className="mb-3"
              label={t('recommendations.privacy.shareActivity')}
              hint={t('recommendations.privacy.shareActivityHint')}
            />
            <SubmitButton busy={form.formState.isSubmitting}>
              {t('recommendations.privacy.save')}
            </SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}
