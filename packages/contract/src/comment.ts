import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { cursorParam, limitParam } from './collection.ts';
import { issue, requiredName, requiredText } from './validation.ts';

/**
 * Comments on collections and items (issue 26), all under /api/v1:
 *
 *   GET|POST /collection/{id}/comments            -> commentPageResponse | 201 commentResponse
 *   GET|POST /collection_items/{item}/comments    -> commentPageResponse | 201 commentResponse
 *   PUT|DELETE /comments/{id}                     -> commentResponse | commentDeletedResponse
 *   PUT|DELETE /collection/{id}/comments_enabled  -> commentsEnabledResponse (the owner)
 *   GET /collection/{id}/mentionable?q=           -> mentionableResponse (`@` autocomplete)
 *
 * Readable by whoever may read the collection; plain text (line breaks kept, never HTML), one
 * level of replies, threads oldest first with their replies after them ("newest last").
 */

export const COMMENT_BODY_MAX = 2000;
/** At most this many people are mentioned (and notified) by one comment. */
export const COMMENT_MENTIONS_MAX = 10;

export const commentBody = z.object({
  body: requiredName(issue.commentRequired, COMMENT_BODY_MAX),
  /** A reply to this comment, which must not be a reply itself. */
  parent_id: z.optional(z.nullable(idSchema)),
});
export type CommentBody = z.input<typeof commentBody>;

export const commentUpdateBody = z.object({
  body: requiredName(issue.commentRequired, COMMENT_BODY_MAX),
});
export type CommentUpdateBody = z.input<typeof commentUpdateBody>;

export const commentSchema = z.object({
  id: idSchema,
  collection_id: idSchema,
  collection_item_id: z.nullable(idSchema),
  parent_id: z.nullable(idSchema),
  author: z.object({ id: idSchema, name: z.string(), picture: z.nullable(z.string()) }),
  body: z.string(),
  /** People mentioned as `@name` in `body`, so clients can link the names to their profiles. */
  mentions: z.array(z.object({ id: idSchema, name: z.string() })),
  /** ISO 8601 UTC instants. */
  created_at: z.string(),
  edited_at: z.nullable(z.string()),
  /** What the caller may do with it. */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  /** Only for its author: why an operator hid it (absent: not hidden). */
  hidden_reason: z.optional(z.nullable(z.string())),
});
export type Comment = z.infer<typeof commentSchema>;

export const COMMENTS_PAGE_DEFAULT = 20;
export const commentListQuery = z.object({ limit: limitParam(COMMENTS_PAGE_DEFAULT), cursor: cursorParam });

export const commentPageResponse = z.object({
  /** Threads oldest first, each comment followed by its replies; newest last. */
  data: z.array(commentSchema),
  /** Pass back as `cursor` for the next page; null: no more. */
  next_cursor: z.nullable(z.string()),
  /** Whether the caller may write a comment here now (signed in, comments on). */
  can_comment: z.boolean(),
  comments_enabled: z.boolean(),
});
export type CommentPage = z.infer<typeof commentPageResponse>;

export const commentParams = z.object({ id: idSchema });
export const commentResponse = envelope(commentSchema);
export const commentDeletedResponse = envelope(z.object({ id: idSchema, deleted: z.literal(true) }));
export const commentsEnabledResponse = envelope(z.object({ comments_enabled: z.boolean() }));

/** `@` autocomplete: people whose name starts (or has a word starting) with `q`, at most this many. */
export const MENTION_SUGGESTIONS_MAX = 8;
export const MENTION_QUERY_MAX = 60;
export const mentionableQuery = z.object({ q: requiredText(issue.searchQueryRequired, MENTION_QUERY_MAX) });
export const mentionablePersonSchema = z.object({
  id: idSchema,
  name: z.string(),
  picture: z.nullable(z.string()),
});
export type MentionablePerson = z.infer<typeof mentionablePersonSchema>;
/** People the caller may mention in a comment on the collection: who may read it and whom they may see. */
export const mentionableResponse = envelope(z.array(mentionablePersonSchema));
