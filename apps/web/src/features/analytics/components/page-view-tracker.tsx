import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pagePattern } from '@acervo/contract/analytics';
import { useSettledRemoteConfig } from '../../../lib/remote-config';
import { recordPageView } from '../api/analytics-api';
import { sendGooglePageView, stopGoogleAnalytics } from '../api/google-analytics';
import { browserSaysDoNotTrack, useAnalyticsConsent } from '../hooks/use-analytics-consent';

/**
 * A page view on every route change (spec section 1). With a GA4 measurement id it goes to Google
 * Analytics, and only after the cookie notice was accepted; without one, to our own API, which
 * keeps a count per path and day and nothing about the visitor. Do Not Track and the opt-out
 * stop both. Only the route pattern is sent (`/lists/:id`, `/reset/*`), never the path: paths
 * carry tokens and ids, query strings search terms (issue 23). A path that is no page is not sent.
 */
export function PageViewTracker() {
  const { pathname } = useLocation();
  const config = useSettledRemoteConfig();
  const consent = useAnalyticsConsent();
  // The last path counted: a consent change alone is not a new page view.
  const counted = useRef<string | null>(null);
  const measurementId = config?.analytics_id;

  useEffect(() => {
    if (measurementId && consent === 'declined') stopGoogleAnalytics(measurementId);
  }, [measurementId, consent]);

  useEffect(() => {
    if (!config || counted.current === pathname) return;
    if (browserSaysDoNotTrack() || consent === 'declined') return;
    const pattern = pagePattern(pathname);
    if (!pattern) return;
    if (measurementId) {
      if (consent !== 'accepted') return; // asked by the cookie notice; the view counts once accepted
      counted.current = pathname;
      sendGooglePageView(measurementId, pattern);
    } else {
      counted.current = pathname;
      recordPageView({ path: pattern }).catch(() => {
        // A lost page view is not worth bothering the visitor about.
      });
    }
  }, [config, measurementId, consent, pathname]);

  return null;
}
