import * as z from 'zod/mini';
import { envelope } from './common.ts';

/**
 * What the web needs to know about this deployment, read at run time (`GET /api/v1/config`), so
 * nothing deployment-specific is baked into the build. The two flags are the spec's remote flags
 * (section 7): `google_auth_enabled` shows 'Login com Google', `google_recaptcha_enabled` asks for
 * the captcha on the login form. Registration, contact and recovery ask for it whenever
 * `captcha.provider` is not 'off'.
 */
export const publicConfigSchema = z.object({
  google_auth_enabled: z.boolean(),
  google_recaptcha_enabled: z.boolean(),
  captcha: z.object({
    provider: z.enum(['altcha', 'recaptcha', 'off']),
    /** reCAPTCHA's site key; absent for the other providers. */
    site_key: z.optional(z.string()),
  }),
  google_client_id: z.optional(z.string()),
  /** Google Analytics 4 measurement id; without it page views go to our own API. */
  analytics_id: z.optional(z.string()),
  contact_email: z.email(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponse = envelope(publicConfigSchema);
