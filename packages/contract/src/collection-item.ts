import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { imageSchema } from './image.ts';
import { issue, optionalDescription, requiredName } from './validation.ts';
import { RATING_MIN, RATING_MAX } from './limits.ts';
export { RATING_MIN, RATING_MAX };

export const ITEM_NAME_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 2000;
/**
 * Items one collection may hold: a bound on what one reader downloads page by page and on what a
 * writer can pile up (issue 14). Past it, adding answers 409 COLLECTION_FULL.
 */
export const ITEMS_PER_COLLECTION_MAX = 1000;

const itemName = requiredName(issue.itemNameRequired, ITEM_NAME_MAX);
const itemDescription = optionalDescription(ITEM_DESCRIPTION_MAX);

/** 0.5 to 5 in half steps; null means "no rating" (no stars are shown). */
export const ratingSchema = z.nullable(
  z.number({ error: issue.ratingInvalid }).check(
    z.gte(RATING_MIN, issue.ratingInvalid),
    z.lte(RATING_MAX, issue.ratingInvalid),
    z.refine((r) => Number.isInteger(r * 2), issue.ratingInvalid),
  ),
);

/** The collection an item goes into: named by the form, so a missing one is its own rule. */
export const collectionIdField = z.pipe(
  z.string({ error: issue.collectionRequired }).check(z.minLength(1, issue.collectionRequired)),
  idSchema,
);

/**
 * `POST /api/v1/collection_items`. The add-item modal leaves the description optional, so the API
 * does too; the item-create page uses `collectionItemCreateForm`, which requires it.
 */
/** The year of the work (a film's release, a book's publication): what tells "Duna" 1984 from 2021. */
export const ITEM_YEAR_MIN = 1;
export const ITEM_YEAR_MAX = 9999;
export const itemYearSchema = z.nullable(
  z
    .int({ error: issue.itemYearInvalid })
    .check(z.gte(ITEM_YEAR_MIN, issue.itemYearInvalid), z.lte(ITEM_YEAR_MAX, issue.itemYearInvalid)),
);

export const collectionItemCreateBody = z.object({
  collection_id: collectionIdField,
  name: itemName,
  description: z._default(z.optional(itemDescription), ''),
  rating: z._default(z.optional(ratingSchema), null),
  year: z._default(z.optional(itemYearSchema), null),
});
export type CollectionItemCreateBody = z.input<typeof collectionItemCreateBody>;
export type CollectionItemCreateFields = z.output<typeof collectionItemCreateBody>;

/** The item-create page (spec section 5): description required. */
export const collectionItemCreateForm = z.extend(collectionItemCreateBody, {
  description: requiredName(issue.itemDescriptionRequired, ITEM_DESCRIPTION_MAX),
});

/** `PUT /api/v1/collection_items/{item}`: name required; absent description or rating is kept. */
export const collectionItemUpdateBody = z.object({
  name: itemName,
  description: z.optional(itemDescription),
  rating: z.optional(ratingSchema),
  year: z.optional(itemYearSchema),
});
export type CollectionItemUpdateBody = z.input<typeof collectionItemUpdateBody>;
export type CollectionItemUpdateFields = z.output<typeof collectionItemUpdateBody>;

export const collectionItemSchema = z.object({
  id: idSchema,
  collection_id: idSchema,
  name: z.string(),
  description: z.string(),
  rating: z.nullable(z.number()),
  /** The work's year, when known (typed, or brought by an import). */
  year: z.nullable(z.int()),
  /** Where the work came from, when it is a web address (a Letterboxd film's page). */
  source_url: z.nullable(z.string()),
  /** Order within the collection, ascending; new items go last. */
  position: z.int(),
  /** Its picture (`PUT /collection_items/{item}/image`), null without one. */
  image: z.nullable(imageSchema),
  /** Only for the collection's owner: why an operator hid the item (null or absent: not hidden). */
  hidden_reason: z.optional(z.nullable(z.string())),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

/** How many other collections `also_in` lists at most; `count` says how many there are. */
export const ALSO_IN_LISTED = 12;

/**
 * `GET /api/v1/collection_items/{item}`: the item and where else its work appears (issue 27), both
 * from collections the viewer may read. `also_in.count` counts the other collections holding the
 * same work (at most `ALSO_IN_COUNTED`), `collections` names the most followed of them;
 * `ratings_across` is the work's average over one rating per person (their newest), null when no
 * one rated it.
 */
export const ALSO_IN_COUNTED = 1000;
export const collectionItemDetailSchema = z.extend(collectionItemSchema, {
  also_in: z.object({
    count: z.int(),
    collections: z.array(
      z.object({ id: idSchema, name: z.string(), owner: z.object({ id: idSchema, name: z.string() }) }),
    ),
  }),
  ratings_across: z.nullable(z.object({ average: z.number(), count: z.int() })),
});
export type CollectionItemDetail = z.infer<typeof collectionItemDetailSchema>;

export const collectionItemParams = z.object({ item: idSchema });
export const collectionItemResponse = envelope(collectionItemSchema);
export const collectionItemDetailResponse = envelope(collectionItemDetailSchema);
export const collectionItemDeletedResponse = envelope(
  z.object({ id: idSchema, collection_id: idSchema, deleted: z.literal(true) }),
);
