import * as z from 'zod/mini';

/**
 * The captcha token a form sends as `captcha` (an ALTCHA payload or a reCAPTCHA response). It is
 * optional here: the server decides from its configuration whether the route needs one, and
 * refuses a missing, invalid, expired or replayed token with 400 CAPTCHA_FAILED.
 */
export const captchaToken = z.optional(z.string().check(z.maxLength(20_000)));

/** An ALTCHA v2 challenge as the widget fetches it (`GET /api/v1/captcha/challenge`). */
export const altchaChallengeSchema = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
  }),
  signature: z.optional(z.string()),
});
export type AltchaChallenge = z.infer<typeof altchaChallengeSchema>;
