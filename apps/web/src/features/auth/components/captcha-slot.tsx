import { useState } from 'react';
import { useRemoteConfig } from '../../../lib/remote-config';

/**
 * Where the captcha widget goes (integrations issue: self-hosted ALTCHA or reCAPTCHA). It calls
 * `onToken` with a token when solved and with null when the token expires. While the remote flag
 * is off it renders nothing and forms do not ask for a token.
 */
export function CaptchaSlot({ enabled }: { enabled: boolean; onToken: (token: string | null) => void }) {
  if (!enabled) return null;
  return <div className="captcha-slot mb-3" data-testid="captcha-slot" />;
}

/**
 * A form's captcha: the slot to render and whether a submit must stop for it (flag on, no token).
 * `onSolved` runs when a token arrives, so an earlier captcha alert can clear (spec section 4).
 */
export function useCaptcha(onSolved: () => void) {
  const { google_recaptcha_enabled: enabled } = useRemoteConfig();
  const [token, setToken] = useState<string | null>(null);
  const slot = (
    <CaptchaSlot
      enabled={enabled}
      onToken={(next) => {
        setToken(next);
        if (next) onSolved();
      }}
    />
  );
  return { missing: enabled && !token, slot };
}
