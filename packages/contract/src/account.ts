import * as z from 'zod/mini';
import { issue } from './validation.ts';
import { PICTURE_MAX_BYTES } from './limits.ts';
export { PICTURE_MAX_BYTES };

/**
 * `DELETE /api/v1/user/{user_id}`: an account with a password confirms with it; an account without
 * one (signed in through a provider) confirms by typing its e-mail. The API checks whichever applies.
 */
export const accountDeletionBody = z.object({
  password: z.optional(z.string({ error: issue.invalid }).check(z.maxLength(1000, issue.tooLong))),
  email: z.optional(z.string({ error: issue.invalid }).check(z.trim(), z.maxLength(320, issue.tooLong))),
});
export type AccountDeletionBody = z.input<typeof accountDeletionBody>;

/** The form on /account/security: the password is required there (the web has no provider sign-in). */
export const accountDeletionForm = z.object({
  password: z
    .string({ error: issue.deletionPasswordRequired })
    .check(z.minLength(1, issue.deletionPasswordRequired)),
});
export type AccountDeletionForm = z.input<typeof accountDeletionForm>;

export const accountDeletedResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });

const rows = z.array(z.record(z.string(), z.unknown()));
/** `GET /api/v1/user/{user_id}/export`: the JSON file of everything stored about the person. */
export const accountExportSchema = z.object({
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()),
  sessions: rows,
  /** The person's collections, each with its items. */
  collections: rows,
  people_followed: rows,
  followers: rows,
  collections_followed: rows,
  likes: rows,
  /** The person's collections that are saved copies of someone else's. */
  saves: rows,
  /** Other people's collections the person is an editor or viewer of. */
  collaborations: rows,
  notifications: rows,
  /** What the person did that "Seguindo" shows others (issue 26). */
  activity: rows,
  /** The person's comments, on whichever collection (issue 26). */
  comments: rows,
});
export type AccountExport = z.infer<typeof accountExportSchema>;
