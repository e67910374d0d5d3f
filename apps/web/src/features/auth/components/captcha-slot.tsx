/**
 * Where the captcha widget goes (integrations issue: self-hosted ALTCHA or reCAPTCHA). It calls
 * `onToken` with a token when solved and with null when the token expires. While the remote flag
 * is off it renders nothing and forms do not ask for a token.
 */
export function CaptchaSlot({ enabled }: { enabled: boolean; onToken: (token: string | null) => void }) {
  if (!enabled) return null;
  return <div className="captcha-slot mb-3" data-testid="captcha-slot" />;
}
