import * as z from 'zod/mini';
import { envelope } from './common.ts';
import { issue } from './validation.ts';

/**
 * The digest by mail (issue 26): unread notifications and the timeline's best entries, in the
 * person's language. Off by default; `daily` or `weekly` once the person asks for it.
 */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** `GET`/`PUT /user/{user_id}/digest`: the caller's own choice. */
export const digestSettingsSchema = z.object({
  digest: z.enum(DIGEST_FREQUENCIES, { error: issue.invalid }),
});
export type DigestSettings = z.infer<typeof digestSettingsSchema>;
export const digestSettingsResponse = envelope(digestSettingsSchema);

/**
 * The token of an unsubscribe link (`?token=` of the mail's List-Unsubscribe URL, and the last
 * segment of the web's `/digest/unsubscribe/{token}` page). Only its shape is checked here.
 */
export const digestTokenSchema = z
  .string({ error: issue.invalid })
  .check(z.minLength(1, issue.invalid), z.maxLength(200, issue.invalid));
export const digestUnsubscribeQuery = z.object({ token: digestTokenSchema });
/** `GET /digest/unsubscribe?token=`: 303 to the web's confirm page, which the body names too. */
export const digestUnsubscribeRedirect = envelope(z.object({ confirm_page: z.string() }));
/** `POST /digest/unsubscribe?token=`: the digest is off (also when it already was). */
export const digestUnsubscribeResponse = envelope(z.object({ digest: z.literal('off') }));
