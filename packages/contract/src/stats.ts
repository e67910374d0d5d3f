import * as z from 'zod/mini';
import { envelope } from './common.ts';

/**
 * "Estatísticas" (issue 28): one person's taste in figures. The person sees all of their own;
 * everyone else what anyone may read (public collections).
 */

/** The half stars a rating may be, as the histogram's keys: "0.5", "1", ..., "5". */
export const RATING_STEPS = ['0.5', '1', '1.5', '2', '2.5', '3', '3.5', '4', '4.5', '5'] as const;
/** Days of activity the heat-map covers, ending today (UTC). */
export const STATS_ACTIVITY_DAYS = 365;
/** How many people of closest taste are named. */
export const STATS_CLOSEST_MAX = 3;

export const statsSchema = z.object({
  ratings: z.object({
    count: z.int(),
    /** Mean of the ratings, to two decimals; null without any. */
    average: z.nullable(z.number()),
    histogram: z.record(z.enum(RATING_STEPS), z.int()),
  }),
  /** Categories with at least one item, most items first. */
  categories: z.array(
    z.object({
      category_id: z.string(),
      category_name: z.string(),
      items: z.int(),
      rated: z.int(),
      average: z.nullable(z.number()),
    }),
  ),
  /** Days with items added or rated in the last `STATS_ACTIVITY_DAYS` days, oldest first. */
  activity: z.array(z.object({ date: z.string(), count: z.int() })),
  /**
   * Generous or harsh: the person's own mean next to the mean others gave the same works (same
   * category and name), over `items` works; null when nobody else rated any of them.
   */
  generosity: z.nullable(z.object({ own_average: z.number(), others_average: z.number(), items: z.int() })),
  /** The people whose taste is closest to this person's ("taste in common"), best first. */
  closest: z.array(z.object({ user_id: z.string(), name: z.string(), match: z.int() })),
  most_liked_collection: z.nullable(z.object({ id: z.string(), name: z.string(), likes_count: z.int() })),
});
export type Stats = z.infer<typeof statsSchema>;

/** `GET /api/v1/user/{user_id}/stats`. */
export const statsResponse = envelope(statsSchema);
