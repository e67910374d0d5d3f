import * as z from 'zod/mini';
import { idSchema } from './common.ts';
import { cursorParam, limitParam } from './collection.ts';
import { issue, requiredText } from './validation.ts';
import { SEARCH_TYPES, SEARCH_QUERY_MAX, SEARCH_QUERY_MIN, type SearchType } from './limits.ts';
export { SEARCH_TYPES, SEARCH_QUERY_MAX };
export type { SearchType };

const lettersOrDigits = (q: string) => q.match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/**
 * `GET /api/v1/search?q=...&type=...`. Words are matched accent- and case-insensitively with
 * Portuguese stemming; the last word also matches as a prefix (search while typing). `q` needs at
 * least SEARCH_QUERY_MIN letters or digits.
 */
export const searchQuery = z.object({
  q: requiredText(issue.searchQueryRequired, SEARCH_QUERY_MAX).check(
    z.regex(/[\p{L}\p{N}]/u, issue.searchQueryRequired),
    z.refine((q) => lettersOrDigits(q) === 0 || lettersOrDigits(q) >= SEARCH_QUERY_MIN, {
      error: issue.searchQueryTooShort,
    }),
  ),
  type: z._default(z.optional(z.enum(SEARCH_TYPES, { error: issue.searchTypeInvalid })), 'collection'),
  limit: limitParam(20),
  cursor: cursorParam,
});
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * Plain text with the matched words marked by offsets, never HTML: render `text` as text and
 * emphasise `text.slice(start, end)` for each range. Offsets count UTF-16 code units (JavaScript
 * string indices); ranges are sorted and do not overlap.
 */
export const highlightedTextSchema = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.int(), end: z.int() })),
});
export type HighlightedText = z.infer<typeof highlightedTextSchema>;

const ref = z.object({ id: idSchema, name: z.string() });

const hitBase = {
  id: idSchema,
  /** The name, whole, with the matched words marked. */
  title: highlightedTextSchema,
  /** An excerpt of the description around the matches ('' when there is none). */
  snippet: highlightedTextSchema,
};

export const collectionHitSchema = z.object({
  type: z.literal('collection'),
  ...hitBase,
  owner: ref,
  category: ref,
  private: z.boolean(),
  items_count: z.int(),
});

export const itemHitSchema = z.object({
  type: z.literal('item'),
  ...hitBase,
  /** The collection the item belongs to (link: /lists/{collection.id}/items/{id}). */
  collection: z.extend(ref, { private: z.boolean() }),
  rating: z.nullable(z.number()),
});

export const userHitSchema = z.object({
  type: z.literal('user'),
  ...hitBase,
  picture: z.nullable(z.string()),
});

export const searchHitSchema = z.discriminatedUnion('type', [
  collectionHitSchema,
  itemHitSchema,
  userHitSchema,
]);
export type SearchHit = z.infer<typeof searchHitSchema>;
export type CollectionHit = z.infer<typeof collectionHitSchema>;
export type ItemHit = z.infer<typeof itemHitSchema>;
export type UserHit = z.infer<typeof userHitSchema>;

/** Hits of the requested type, best first; `next_cursor` as in the other listings. */
export const searchPageResponse = z.object({
  data: z.array(searchHitSchema),
  next_cursor: z.nullable(z.string()),
});
export type SearchPage = z.infer<typeof searchPageResponse>;
