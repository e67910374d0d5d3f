import * as z from 'zod/mini';
import { idSchema } from './common.ts';
import { cursorParam } from './collection.ts';
import { imageSchema } from './image.ts';

/**
 * What an entry of "Seguindo" (and of a profile's activity) tells:
 * - `collection_created`: `actor` created the public `collection`;
 * - `item_added`: `actor` added `count` items (the first of them in `items`) to `collection`;
 * - `item_rated`: `actor` gave `count` items of `collection` a new rating;
 * - `collection_saved` / `collection_liked`: `actor` saved / liked `collection`;
 * - `comment_added`: `actor` wrote `count` comments on `collection` or its items (the newest in
 *   `comment`).
 */
export const ACTIVITY_KINDS = [
  'collection_created',
  'item_added',
  'item_rated',
  'collection_saved',
  'collection_liked',
  'comment_added',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** A burst (same actor, collection and kind within this window) reads as one entry. */
export const TIMELINE_BURST_MINUTES = 60;
/** Items named (with their pictures) per entry; `count` says how many there were in all. */
export const TIMELINE_ENTRY_ITEMS = 3;
/** Characters of a comment an entry quotes. */
export const TIMELINE_COMMENT_EXCERPT = 140;
/** Activities read per page; a page has at most this many entries, fewer when bursts group. */
export const TIMELINE_PAGE_ACTIVITIES = 30;

export const timelineItemSchema = z.object({
  id: idSchema,
  name: z.string(),
  rating: z.nullable(z.number()),
  image: z.nullable(imageSchema),
});

export const timelineEntrySchema = z.object({
  /** The id of the entry's newest activity. */
  id: idSchema,
  kind: z.enum(ACTIVITY_KINDS),
  actor: z.object({ id: idSchema, name: z.string(), picture: z.nullable(z.string()) }),
  collection: z.object({ id: idSchema, name: z.string(), cover: z.nullable(imageSchema) }),
  /** The newest items first, at most `TIMELINE_ENTRY_ITEMS`; empty for collection-wide kinds. */
  items: z.array(timelineItemSchema),
  /** How many activities the entry groups (items added or rated, for the item kinds). */
  count: z.int(),
  /** `comment_added`: the newest comment, its first characters, and the item it is on if any. */
  comment: z.nullable(z.object({ id: idSchema, excerpt: z.string(), item_id: z.nullable(idSchema) })),
  /** ISO 8601 UTC instant of the entry's newest activity. */
  created_at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** `GET /api/v1/timeline` and `GET /api/v1/user/{user_id}/activity`: newest first. */
export const timelineQuery = z.object({ cursor: cursorParam });

/**
 * Bursts are grouped within a page only: one cut by a page's end reads as two entries. The cursor
 * is the last activity read, so entries written meanwhile never shift the pages that follow.
 */
export const timelinePageResponse = z.object({
  data: z.array(timelineEntrySchema),
  /** Pass back as `cursor` for the next page; null: no more. */
  next_cursor: z.nullable(z.string()),
});
export type TimelinePage = z.infer<typeof timelinePageResponse>;
