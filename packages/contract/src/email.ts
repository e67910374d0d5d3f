import * as z from 'zod/mini';
import { envelope } from './common.ts';
import { issue } from './validation.ts';

/** `POST /email/verify`: the token of a verification link (`/verify-email/{token}`). */
export const emailVerifyBody = z.object({
  token: z
    .string({ error: issue.invalid })
    .check(z.minLength(1, issue.invalid), z.maxLength(200, issue.invalid)),
});
export type EmailVerifyBody = z.input<typeof emailVerifyBody>;
export const emailVerifyResponse = envelope(z.object({ verified: z.literal(true) }));

/** `POST /email/verification`: a new verification mail was queued. */
export const emailVerificationResponse = envelope(z.object({ sent: z.literal(true) }));
