import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { issue } from './validation.ts';

/**
 * "Seu ano no Acervo" (issue 28): a person's year in figures. The owner reads it whenever they
 * like; anyone else only once the owner shares it, and then drawn from public collections only.
 */

/** The first year a recap may be asked for; the last is the current one (counted to date). */
export const RECAP_FIRST_YEAR = 2000;
/** How many best-rated items the recap names. */
export const RECAP_TOP_ITEMS = 5;

export const recapParams = z.object({
  user_id: idSchema,
  year: z.coerce.number({ error: issue.recapYearInvalid }).check(z.int(issue.recapYearInvalid)),
});

export const recapSchema = z.object({
  year: z.int(),
  person: z.object({ id: idSchema, name: z.string() }),
  /** Items rated (added with a rating, or rated again) in the year. */
  items_rated: z.int(),
  /** Collections made in the year (not saved copies). */
  collections_made: z.int(),
  /** The year's best-rated items, best first (the newest first among equals). */
  top_items: z.array(
    z.object({
      id: idSchema,
      name: z.string(),
      rating: z.number(),
      collection_id: idSchema,
      collection_name: z.string(),
    }),
  ),
  /** The month with the most items added or rated (1-12), null for an empty year. */
  busiest_month: z.nullable(z.object({ month: z.int(), count: z.int() })),
  /** Items added in the year per category, most first. */
  categories: z.array(z.object({ category_id: z.string(), category_name: z.string(), items: z.int() })),
  /** The collection of theirs liked most in the year. */
  most_liked_collection: z.nullable(z.object({ id: idSchema, name: z.string(), likes: z.int() })),
  /** The person whose taste is closest ("taste in common"), when there is one. */
  best_match: z.nullable(z.object({ user_id: idSchema, name: z.string(), match: z.int() })),
  /** The public link's id (`/recap/{id}`) once shared; null until then. Only for the owner. */
  share_id: z.nullable(z.string()),
});
export type Recap = z.infer<typeof recapSchema>;

/** `GET /api/v1/user/{user_id}/recap/{year}` and `GET /api/v1/recap_shares/{id}`. */
export const recapResponse = envelope(recapSchema);
export const recapShareLinkResponse = envelope(z.object({ id: z.string() }));
export const recapUnsharedResponse = envelope(z.object({ shared: z.literal(false) }));
export const recapShareParams = z.object({ id: idSchema });
