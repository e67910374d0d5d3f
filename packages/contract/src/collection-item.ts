import { z } from 'zod';
import { envelope, idSchema } from './common.ts';
import { NO_NUL, NUL_MESSAGE } from './user.ts';

export const ITEM_NAME_MAX = 200;
export const ITEM_DESCRIPTION_MAX = 2000;
export const RATING_MIN = 0.5;
export const RATING_MAX = 5;

export const ITEM_MESSAGES = {
  collection: 'Selecione uma coleção.',
  name: 'Informe o nome do item.',
  description: 'Informe a descrição do item.',
  rating: 'A nota vai de 0,5 a 5, em meios pontos.',
} as const;

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

const itemName = z
  .string({ error: ITEM_MESSAGES.name })
  .trim()
  .min(1, ITEM_MESSAGES.name)
  .max(ITEM_NAME_MAX, tooLong(ITEM_NAME_MAX))
  .regex(NO_NUL, NUL_MESSAGE);
const itemDescription = z
  .string()
  .trim()
  .max(ITEM_DESCRIPTION_MAX, tooLong(ITEM_DESCRIPTION_MAX))
  .regex(NO_NUL, NUL_MESSAGE);

/** 0.5 to 5 in half steps; null means "no rating" (no stars are shown). */
export const ratingSchema = z
  .number({ error: ITEM_MESSAGES.rating })
  .min(RATING_MIN, ITEM_MESSAGES.rating)
  .max(RATING_MAX, ITEM_MESSAGES.rating)
  .refine((r) => Number.isInteger(r * 2), ITEM_MESSAGES.rating)
  .nullable();

/**
 * `POST /api/v1/collection_items`. The add-item modal leaves the description optional, so the API
 * does too; the item-create page uses `collectionItemCreateForm`, which requires it.
 */
export const collectionItemCreateBody = z.object({
  collection_id: z
    .string({ error: ITEM_MESSAGES.collection })
    .min(1, ITEM_MESSAGES.collection)
    .pipe(idSchema),
  name: itemName,
  description: itemDescription.optional().default(''),
  rating: ratingSchema.optional().default(null),
});
export type CollectionItemCreateBody = z.input<typeof collectionItemCreateBody>;
export type CollectionItemCreateFields = z.output<typeof collectionItemCreateBody>;

/** The item-create page (spec section 5): description required. */
export const collectionItemCreateForm = collectionItemCreateBody.extend({
  description: z
    .string({ error: ITEM_MESSAGES.description })
    .trim()
    .min(1, ITEM_MESSAGES.description)
    .max(ITEM_DESCRIPTION_MAX, tooLong(ITEM_DESCRIPTION_MAX))
    .regex(NO_NUL, NUL_MESSAGE),
});

/** `PUT /api/v1/collection_items/{item}`: name required; absent description or rating is kept. */
export const collectionItemUpdateBody = z.object({
  name: itemName,
  description: itemDescription.optional(),
  rating: ratingSchema.optional(),
});
export type CollectionItemUpdateBody = z.input<typeof collectionItemUpdateBody>;
export type CollectionItemUpdateFields = z.output<typeof collectionItemUpdateBody>;

export const collectionItemSchema = z.object({
  id: idSchema,
  collection_id: idSchema,
  name: z.string(),
  description: z.string(),
  rating: z.number().nullable(),
  /** Order within the collection, ascending; new items go last. */
  position: z.number().int(),
});
export type CollectionItem = z.infer<typeof collectionItemSchema>;

export const collectionItemParams = z.object({ item: idSchema });
export const collectionItemResponse = envelope(collectionItemSchema);
export const collectionItemDeletedResponse = envelope(
  z.object({ id: idSchema, collection_id: idSchema, deleted: z.literal(true) }),
);
