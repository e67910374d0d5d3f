import * as z from 'zod/mini';
import { validationCodes } from './validation.ts';

/**
 * Machine-readable error codes of the API. The web app maps these (and HTTP statuses) to the
 * messages of the spec's error catalogue in one place.
 */
export const errorCodes = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  /** 409 on a reorder whose list is not exactly the items the caller is shown; the body carries `current`. */
  'ORDER_CONFLICT',
  /** 404 when inviting a collaborator by an e-mail that has no account. */
  'EMAIL_NOT_REGISTERED',
  /** 404 for an invite link that is unknown, expired or revoked. */
  'INVITE_INVALID',
  /** 400 for a password reset token that is unknown, used, replaced by a newer one or expired. */
  'RESET_TOKEN_INVALID',
  /** 503 for a request that reaches a server while it shuts down; the client may retry. */
  'UNAVAILABLE',
  /** 401 for a Google ID token that fails verification (signature, audience, issuer, expiry, e-mail). */
  'GOOGLE_TOKEN_INVALID',
  /** 409 when a Google account's e-mail belongs to an account already linked to another Google account. */
  'GOOGLE_ACCOUNT_CONFLICT',
  /**
   * 409 when a Google account's e-mail belongs to an account whose e-mail was never verified:
   * nothing is linked; the owner proves the address by mail first (decision 039).
   */
  'GOOGLE_ACCOUNT_UNVERIFIED',
  /** 400 for an e-mail verification link that is unknown, replaced by a newer one or for an old address. */
  'EMAIL_TOKEN_INVALID',
  /** 400 for an e-mail verification link older than 24 hours. */
  'EMAIL_TOKEN_EXPIRED',
  /** 400 for an e-mail verification link that was already used. */
  'EMAIL_TOKEN_USED',
  /** 409 when asking for a verification mail for an e-mail that is already verified. */
  'EMAIL_ALREADY_VERIFIED',
  /** 503 when Google's signing keys cannot be fetched. */
  'GOOGLE_UNAVAILABLE',
  /** 400 for a captcha token that is missing, invalid, expired or already used (spec S-01). */
  'CAPTCHA_FAILED',
  /** 409 when adding an item to a collection that already holds ITEMS_PER_COLLECTION_MAX. */
  'COLLECTION_FULL',
  /** 409 when a new collaborator would take a collection past COLLABORATORS_PER_COLLECTION (the API's setting). */
  'COLLABORATORS_FULL',
  /** 409 when a new follow would take the caller past FOLLOWS_PER_PERSON people and collections (the API's setting). */
  'FOLLOWS_FULL',
  /** 503 while the database cannot answer (down, restarting, too slow); retry after `Retry-After` seconds. */
  'DATABASE_UNAVAILABLE',
  /** 422 for an `Idempotency-Key` already used with another request (method, path or body). */
  'IDEMPOTENCY_KEY_REUSED',
  /** 403 on signing in (any way) to an account an operator suspended; its sessions ended. */
  'ACCOUNT_SUSPENDED',
  /** 409 when the caller already has an open report on the same target. */
  'ALREADY_REPORTED',
  /** 409 when resolving a report that is not open, or appealing twice or without a decision. */
  'REPORT_NOT_OPEN',
  /** 400 for an appeal link that is unknown or already used. */
  'APPEAL_INVALID',
  /** 403 when writing a comment on a collection whose owner turned comments off. */
  'COMMENTS_CLOSED',
  /** 409 when sharing a taste in common that public collections alone cannot show (too few works). */
  'TASTE_NOT_SHAREABLE',
  /** 400 for a digest unsubscribe link whose token is not one Acervo signed. */
  'UNSUBSCRIBE_TOKEN_INVALID',
  /** 400 for an import file that cannot be read; the message names the file and line (issue 27). */
  'IMPORT_FILE_INVALID',
  /** 409 when uploading an import while the caller's previous one is still queued or running. */
  'IMPORT_IN_PROGRESS',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    /**
     * Field path (dot-joined) → the validation code of the first problem found for it (see
     * validation.ts); clients word it in their language. `message` stays a sentence for people.
     */
    fields: z.optional(z.record(z.string(), z.enum(validationCodes))),
    /**
     * What a client needs to word `message` in its own language, for the errors that carry it:
     * `IMPORT_FILE_INVALID` gives `reason` (see `IMPORT_FILE_PROBLEMS`), and `file` and `line`
     * where they are known.
     */
    params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
    request_id: z.optional(z.string()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
