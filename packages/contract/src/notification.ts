import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { cursorParam, limitParam } from './collection.ts';
import { issue } from './validation.ts';

/**
 * What a notification tells its recipient:
 * - `new_follower`: `actor` started following you;
 * - `like` / `save`: `actor` liked / saved your `collection`;
 * - `collaborator_added`: `actor` made you a collaborator of `collection`;
 * - `item_added` / `item_changed`: `actor` added / changed items of a `collection` you follow or
 *   collaborate on (coalesced: at most one unread notice per collection and actor an hour);
 * - `comment`: `actor` commented on `collection` (yours, or one you follow or collaborate on;
 *   coalesced like likes: one unread notice per collection and actor);
 * - `mention`: `actor` mentioned you in a comment on `collection`;
 * - `reply`: `actor` replied to your comment on `collection`;
 * - `content_hidden`: an operator hid your `collection` (or one of its items) after a report; the
 *   collection page says why and offers an appeal. No actor: operators are not named;
 * - `import_done`: your import (issue 27) is done; `collection` is the first it created, if any;
 *   no actor;
 * - `complete_profile`: the spec's "Complete seu cadastro" notice. It is not stored: it is listed
 *   first (and counted as unread) while any account field is missing, and disappears once the
 *   account form is filled in. It has no actor or collection and cannot be marked as read.
 */
export const NOTIFICATION_KINDS = [
  'new_follower',
  'like',
  'save',
  'collaborator_added',
  'item_added',
  'item_changed',
  'content_hidden',
  'comment',
  'mention',
  'reply',
  'import_done',
  'complete_profile',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The fixed id of the synthetic `complete_profile` notice. */
export const COMPLETE_PROFILE_ID = 'complete_profile';

export const notificationSchema = z.object({
  id: idSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  /** Who did it; null for `complete_profile` and `content_hidden`. */
  actor: z.nullable(z.object({ id: idSchema, name: z.string() })),
  /** The collection concerned; null for `new_follower` and `complete_profile`. */
  collection: z.nullable(z.object({ id: idSchema, name: z.string() })),
  /** ISO 8601 UTC instant (for coalesced item notices: the first change of the batch). */
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /api/v1/notification`: newest first. */
export const notificationListQuery = z.object({ limit: limitParam(20), cursor: cursorParam });
export type NotificationListQuery = z.input<typeof notificationListQuery>;

export const notificationPageResponse = z.object({
  /** The first page (no cursor) starts with `complete_profile` when it applies. */
  data: z.array(notificationSchema),
  /** Pass back as `cursor` for the next page; null: no more. */
  next_cursor: z.nullable(z.string()),
  /** Unread notifications in total (not only on this page), `complete_profile` included. */
  unread: z.int(),
});
export type NotificationPage = z.infer<typeof notificationPageResponse>;

export const NOTIFICATION_READ_MAX_IDS = 100;

/**
 * `POST /api/v1/notification/read`: marks the given notifications as read, or all of them when
 * `ids` is absent. Ids that are not the caller's (or already read) are ignored.
 */
export const notificationReadBody = z.pipe(
  // No body at all (Fastify hands the validator null) means "all" too.
  z.nullish(
    z.object({
      ids: z.optional(
        z
          .array(idSchema, { error: issue.invalid })
          .check(z.maxLength(NOTIFICATION_READ_MAX_IDS, `Envie no máximo ${NOTIFICATION_READ_MAX_IDS} ids.`)),
      ),
    }),
  ),
  z.transform((body) => body ?? {}),
);
export type NotificationReadBody = z.input<typeof notificationReadBody>;

/** What is still unread after marking, for the bell's badge. */
export const notificationReadResponse = envelope(z.object({ unread: z.int() }));
