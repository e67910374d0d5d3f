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
export const collectionItemCreateBody = z.object({
  collection_id: collectionIdField,
  name: itemName,
  description: z._default(z.optional(itemDescription), ''),
  rating: z._default(z.optional(ratingSchema), null),
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
});
export type CollectionItemUpdateBody = z.input<typeof collectionItemUpdateBody>;
export type CollectionItemUpdateFields = z.output<typeof collectionItemUpdateBody>;

export const collectionItemSchema = z.object({
  id: idSchema,
  collection_id: idSchema,
  name: z.string(),
  description: z.string(),
  rating: z.nullable(z.number()),
  /** Order within the collection, ascending; new items go last. */
  position: z.int(),
  /** Its picture (`PUT /collection_items/{item}/image`), null without one. */
  image: z.nullable(imageSchema),
  /** Only for the collection's owner: why an operator hid the item (null or absent: not hidden). */
  hidden_reason: z.optional(z.nullable(z.string())),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

export const collectionItemParams = z.object({ item: idSchema });
export const collectionItemResponse = envelope(collectionItemSchema);
export const collectionItemDeletedResponse = envelope(
  z.object({ id: idSchema, collection_id: idSchema, deleted: z.literal(true) }),
);
