import * as z from 'zod/mini';
import { envelope } from './common.ts';

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

/** `GET /api/v1/user/{user_id}/taste`. */
export const tasteResponse = envelope(tasteSchema);
