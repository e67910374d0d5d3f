import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRemoteConfig } from '../../../lib/remote-config';
import {
  browserSaysDoNotTrack,
  setAnalyticsConsent,
  useAnalyticsConsent,
} from '../hooks/use-analytics-consent';

/**
 * Asks before Google Analytics sets its cookies (LGPD): shown only where GA4 is configured, until
 * the visitor answers. Nothing goes to Google before 'Aceitar'. A browser with Do Not Track on is
 * not asked: its answer is already no.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const { analytics_id: measurementId } = useRemoteConfig();
  const consent = useAnalyticsConsent();
  if (!measurementId || consent !== null || browserSaysDoNotTrack()) return null;
  return (
    <section
      className="cookie-notice position-fixed bottom-0 start-0 end-0 bg-body border-top shadow p-3"
      style={{ zIndex: 1080 }}
      aria-label={t('analytics.notice.label')}
    >
      <div className="container d-flex flex-column flex-md-row gap-3 align-items-md-center">
        <p className="mb-0 flex-grow-1">
          {t('analytics.notice.text')} <Link to="/privacy-policy">{t('analytics.notice.more')}</Link>
        </p>
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => setAnalyticsConsent('declined')}
          >
            {t('analytics.notice.decline')}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setAnalyticsConsent('accepted')}>
            {t('analytics.notice.accept')}
          </button>
        </div>
      </div>
    </section>
  );
}
