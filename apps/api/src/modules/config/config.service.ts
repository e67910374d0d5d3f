import type { PublicConfig } from '@acervo/contract/config';
import type { Config } from '../../env.ts';

/** The deployment's public settings, from the environment only (never a secret). */
export function publicConfig(config: Config): PublicConfig {
  const captchaOn = config.CAPTCHA_PROVIDER !== 'off';
  return {
    google_auth_enabled: config.GOOGLE_CLIENT_ID !== undefined,
    google_recaptcha_enabled: captchaOn && config.CAPTCHA_ON_LOGIN,
    captcha:
      config.CAPTCHA_PROVIDER === 'recaptcha'
        ? { provider: 'recaptcha', site_key: config.RECAPTCHA_SITE_KEY }
        : { provider: config.CAPTCHA_PROVIDER },
    ...(config.GOOGLE_CLIENT_ID ? { google_client_id: config.GOOGLE_CLIENT_ID } : {}),
    ...(config.GA_MEASUREMENT_ID ? { analytics_id: config.GA_MEASUREMENT_ID } : {}),
    contact_email: config.CONTACT_EMAIL,
  };
}
