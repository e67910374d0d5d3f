import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';

/**
 * "Taste in common" (issue 26): how the signed-in viewer's ratings compare with another person's.
 * How `match` is computed is in docs/recommendations.md ("Taste in common").
 */

/** Below this many items rated by both, no number is given ("Ainda há poucos itens em comum"). */
export const TASTE_MINIMUM_IN_COMMON = 5;
/** At most this many agreements are listed, closest first. */
export const TASTE_AGREEMENTS_MAX = 5;

/** One work both rated: its name (as the viewer wrote it) and both ratings, 0.5 to 5. */
export const tasteItemSchema = z.object({
  name: z.string(),
  my_rating: z.number(),
  their_rating: z.number(),
});
export type TasteItem = z.infer<typeof tasteItemSchema>;

export const tasteSchema = z.object({
  /** 0 to 100; null below `TASTE_MINIMUM_IN_COMMON` items in common. */
  match: z.nullable(z.int()),
  /** Works (same name, same category) both rated, counting only what the viewer may read. */
  items_in_common: z.int(),
  /** Works both rated within half a star, closest and best rated first. */
  agreements: z.array(tasteItemSchema),
  /** The work with the biggest gap; null when none differs by more than half a star. */
  disagreement: z.nullable(tasteItemSchema),
});
export type Taste = z.infer<typeof tasteSchema>;

/** `GET /api/v1/user/{user_id}/taste`: the comparison, and the viewer's share link of it if any. */
export const tasteResponse = envelope(
  z.extend(tasteSchema, {
    /** The id of the viewer's public link to this match (`/taste/{id}`); null when not shared. */
    share_id: z.nullable(z.string()),
  }),
);
export type TasteAnswer = z.infer<typeof tasteResponse>['data'];

/** `PUT /api/v1/user/{user_id}/taste/share`: the public link's id (the same one every time). */
export const tasteShareLinkResponse = envelope(z.object({ id: z.string() }));
/** `DELETE /api/v1/user/{user_id}/taste/share`: the link is down (or never was). */
export const tasteUnsharedResponse = envelope(z.object({ shared: z.literal(false) }));

const tasteSharePersonSchema = z.object({ id: z.string(), name: z.string() });

/**
 * `GET /api/v1/taste_shares/{id}`, public: a shared match, compared from both people's public
 * collections only (what anyone may read). `my_rating` is the owner's, `their_rating` the other's.
 */
export const tasteShareSchema = z.extend(tasteSchema, {
  id: z.string(),
  owner: tasteSharePersonSchema,
  other: tasteSharePersonSchema,
  match: z.int(),
});
export type TasteShare = z.infer<typeof tasteShareSchema>;
export const tasteShareResponse = envelope(tasteShareSchema);
export const tasteShareParams = z.object({ id: idSchema });
