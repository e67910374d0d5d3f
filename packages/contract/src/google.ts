import * as z from 'zod/mini';
import { localeSchema } from './auth.ts';
import { issue } from './validation.ts';

/**
 * 'Login com Google': the ID token Google Identity Services hands the page, sent as is. The API
 * verifies it (the browser never decodes or trusts it) and answers the password login's session.
 */
export const googleSessionBody = z.object({
  // Google's ID tokens are about 1 KB; the bound only stops absurd bodies early.
  credential: z
    .string({ error: issue.invalid })
    .check(z.minLength(1, issue.invalid), z.maxLength(8192, issue.invalid)),
  /** The language of the person's mails if the account is created now. */
  locale: z.optional(localeSchema),
});
export type GoogleSessionBody = z.input<typeof googleSessionBody>;
