import { useTranslation } from 'react-i18next';
import { useRemoteConfig } from '../../../lib/remote-config';
import {
  browserSaysDoNotTrack,
  setAnalyticsConsent,
  useAnalyticsConsent,
} from '../hooks/use-analytics-consent';

/**
 * The opt-out (and opt-in) of visit statistics, on the privacy policy. With Google Analytics the
 * default is off until accepted; our own counting (no cookies, nothing personal) is on until
 * declined. Do Not Track wins over both.
 */
export function AnalyticsPreferences() {
  const { t } = useTranslation();
  const { analytics_id: measurementId } = useRemoteConfig();
  const consent = useAnalyticsConsent();
  const doNotTrack = browserSaysDoNotTrack();
  const counting = !doNotTrack && (measurementId ? consent === 'accepted' : consent !== 'declined');
  return (
    <section className="container narrow-page pb-5" aria-labelledby="analytics-preferences-title">
      <h2 id="analytics-preferences-title" className="h5 fw-semibold">
        {t('analytics.preferences.title')}
      </h2>
      <p>{t(measurementId ? 'analytics.preferences.google' : 'analytics.preferences.own')}</p>
      <div className="form-check form-switch">
        <input
          id="analytics-opt-in"
          type="checkbox"
          role="switch"
          className="form-check-input"
          checked={counting}
          disabled={doNotTrack}
          onChange={(event) => setAnalyticsConsent(event.target.checked ? 'accepted' : 'declined')}
        />
        <label htmlFor="analytics-opt-in" className="form-check-label">
          {t('analytics.preferences.toggle')}
        </label>
      </div>
      {doNotTrack ? (
        <p className="small text-body-secondary mt-2 mb-0">{t('analytics.preferences.doNotTrack')}</p>
      ) : null}
    </section>
  );
}
