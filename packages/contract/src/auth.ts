import * as z from 'zod/mini';
import { captchaToken } from './captcha.ts';
import { envelope, idSchema } from './common.ts';
import { isCommonPassword } from './common-passwords.ts';
import { issue, requiredName, type ValidationCode } from './validation.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Characters as people count them (code points), not UTF-16 units: 'a1😀😀😀' is five. */
export const passwordLength = (password: string): number => [...password].length;

/** At least one letter (any script) and one digit; other characters are allowed too. */
export function meetsPasswordRule(password: string): boolean {
  return (
    passwordLength(password) >= PASSWORD_MIN &&
    password.length <= PASSWORD_MAX &&
    /\p{L}/u.test(password) &&
    /\p{Nd}/u.test(password)
  );
}

const passwordSchema = z.string({ error: issue.passwordRule }).check(
  z.maxLength(PASSWORD_MAX, issue.passwordRule),
  z.refine(meetsPasswordRule, { message: issue.passwordRule, abort: true }),
  z.refine((p) => !isCommonPassword(p), { message: issue.passwordCommon }),
);

/**
 * Trimmed and lower-cased so that "Ana@X.com " and "ana@x.com" are the same account. Sign-in and
 * recovery word the rule differently from registration (spec section 5), hence the code parameter.
 */
export function email(missing: ValidationCode) {
  return z.pipe(
    z.string({ error: missing }).check(z.trim(), z.toLowerCase(), z.maxLength(254, issue.tooLong)),
    z.email({ error: missing }),
  );
}
export const emailSchema = email(issue.emailRequired);
const signInEmail = email(issue.loginEmailRequired);

const nameSchema = requiredName(issue.nameRequired, 120);

/** The confirmation of a new password must repeat it; the mismatch is the confirmation's error. */
const confirmationMatches = (b: { password: string; password_confirmation: string }) =>
  b.password === b.password_confirmation;
const mismatch = { message: issue.passwordMismatch, path: ['password_confirmation'] };

/** The language of the person's mails; the web sends its current one. */
export const localeSchema = z.enum(['pt', 'en']);

export const registrationBody = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z
      .string({ error: issue.passwordMismatch })
      .check(z.minLength(1, issue.passwordMismatch), z.maxLength(PASSWORD_MAX, issue.passwordMismatch)),
    locale: z.optional(localeSchema),
    captcha: captchaToken,
  })
  .check(z.refine(confirmationMatches, mismatch));
export type RegistrationBody = z.input<typeof registrationBody>;

export const sessionBody = z.object({
  user: z.object({
    email: signInEmail,
    // Login does not re-check the rule: old accounts and typos both just get a 401.
    password: z
      .string({ error: issue.passwordRequired })
      .check(z.minLength(1, issue.passwordRequired), z.maxLength(PASSWORD_MAX, issue.tooLong)),
  }),
  /** Required only while the login captcha flag (CAPTCHA_ON_LOGIN) is on. */
  captcha: captchaToken,
});
export type SessionBody = z.input<typeof sessionBody>;

/** Asking for a password reset link (the recover form). */
export const passwordResetRequestBody = z.object({ email: signInEmail, captcha: captchaToken });
export type PasswordResetRequestBody = z.input<typeof passwordResetRequestBody>;

const enteredPassword = (missing: ValidationCode) =>
  z.string({ error: missing }).check(z.minLength(1, missing), z.maxLength(PASSWORD_MAX, issue.tooLong));

/** A new password: the registration rules, and a confirmation that matches. */
const newPasswordFields = {
  password: z.pipe(
    z.string({ error: issue.newPasswordRequired }).check(z.minLength(1, issue.newPasswordRequired)),
    passwordSchema,
  ),
  password_confirmation: enteredPassword(issue.confirmPasswordRequired),
};

/** Setting a new password with the token of a reset mail (the /reset/{token} page). */
export const passwordResetBody = z
  .object({
    token: z.string().check(z.minLength(20), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+$/)),
    ...newPasswordFields,
  })
  .check(z.refine(confirmationMatches, mismatch));
export type PasswordResetBody = z.input<typeof passwordResetBody>;

/** Changing the password while signed in (the security form). */
export const passwordChangeBody = z
  .object({ old_password: enteredPassword(issue.oldPasswordRequired), ...newPasswordFields })
  .check(z.refine(confirmationMatches, mismatch));
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;

export const localeBody = z.object({ locale: localeSchema });

export const passwordResetRequestResponse = envelope(z.object({ requested: z.literal(true) }));
export const passwordResetResponse = envelope(z.object({ reset: z.literal(true) }));
export const passwordChangeResponse = envelope(z.object({ changed: z.literal(true) }));
export const localeResponse = envelope(z.object({ locale: localeSchema }));

export const sessionSchema = z.object({
  access_token: z.string(),
  user_id: idSchema,
  user_name: z.string(),
  user_email: z.string(),
  /** The profile photo's URL (the web keeps it as `user_picture`), or null. */
  user_picture: z.nullable(z.string()),
  /**
   * Whether the e-mail is verified when the session starts, so the web shows its reminder from
   * the first paint (issue 23); `GET /user/{id}` has the current value.
   */
  user_email_verified: z.boolean(),
  expires_at: z.string(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponse = envelope(sessionSchema);
export const logoutResponse = envelope(z.object({ signed_out: z.literal(true) }));

/** One of the person's live sessions (the security page's device list); never its token. */
export const sessionInfoSchema = z.object({
  id: idSchema,
  /** The browser it was opened with, shortened; null when it sent none. */
  user_agent: z.nullable(z.string()),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListResponse = envelope(z.array(sessionInfoSchema));
export const sessionParams = z.object({ id: idSchema });
export const signedOutEverywhereResponse = envelope(z.object({ revoked: z.int() }));
