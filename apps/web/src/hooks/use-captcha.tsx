import { useState } from 'react';
import { CaptchaWidget } from '../components/ui/captcha-widget';
import { useSettledRemoteConfig, DEFAULT_CONFIG } from '../lib/remote-config';

/**
 * A form's captcha (registration, recovery, contact, and login while the remote flag
 * google_recaptcha_enabled is on): the widget to render, whether a submit must stop for it
 * (captcha on, no token), the token to send as `captcha`, and `renew` for after a refused submit
 * (the server accepts a token once). `onSolved` runs when a token arrives, so an earlier captcha
 * alert can clear (spec section 4).
 */
export function useCaptcha(onSolved: () => void, { login = false } = {}) {
  const settled = useSettledRemoteConfig();
  const config = settled ?? DEFAULT_CONFIG;
  const enabled = config.captcha.provider !== 'off' && (!login || config.google_recaptcha_enabled);
  const [token, setToken] = useState<string | null>(null);
  // A new key mounts a fresh widget: the used token is gone and a new one must be earned.
  const [generation, setGeneration] = useState(0);
  const slot = enabled ? (
    <CaptchaWidget
      key={generation}
      captcha={config.captcha}
      onToken={(next) => {
        setToken(next);
        if (next) onSolved();
      }}
    />
  ) : !settled && !login ? (
    // Issue 12 (layout shift): until the settings arrive, the widget's place is kept, since a
    // deployment has a captcha on these forms unless it turned it off (CAPTCHA_PROVIDER defaults to
    // altcha); on login it is off unless a flag says so, and nothing is kept.
    <div className="captcha mb-3" aria-hidden="true" />
  ) : null;
  return {
    missing: enabled && !token,
    token: enabled && token ? token : undefined,
    slot,
    renew() {
      setToken(null);
      setGeneration((g) => g + 1);
    },
  };
}
