import { z } from 'zod';
import { localeSchema } from './auth.ts';
import { issue } from './validation.ts';

/**
 * 'Login com Google': the ID token Google Identity Services hands the page, sent as is. The API
 * verifies it (the browser never decodes or trusts it) and answers the password login's session.
 */
export const googleSessionBody = z.object({
  // Google's ID tokens are about 1 KB; the bound only stops absurd bodies early.
  credential: z.string({ error: issue.invalid }).min(1, issue.invalid).max(8192, issue.invalid),
  /** The language of the person's mails if the account is created now. */
  locale: localeSchema.optional(),
});
export type GoogleSessionBody = z.input<typeof googleSessionBody>;
