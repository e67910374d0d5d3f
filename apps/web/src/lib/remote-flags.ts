/**
 * Remote flags of the spec (section 7). They are served by our API in the integrations issue;
 * until then every flag is off, so the captcha and the Google button stay hidden.
 */
export type RemoteFlags = {
  google_auth_enabled: boolean;
  google_recaptcha_enabled: boolean;
};

export const DEFAULT_FLAGS: RemoteFlags = { google_auth_enabled: false, google_recaptcha_enabled: false };

export function useRemoteFlags(): RemoteFlags {
  return DEFAULT_FLAGS;
}
