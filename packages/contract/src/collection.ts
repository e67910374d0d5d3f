import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { collectionItemSchema, type CollectionItemDetail } from './collection-item.ts';
import { imageSchema } from './image.ts';
import { issue, optionalDescription, requiredName } from './validation.ts';
import {
  CARD_PREVIEW_ITEMS,
  COLLABORATOR_ROLES,
  SHARE_DATA_ELEMENT_ID,
  type CollaboratorRole,
} from './limits.ts';
export { CARD_PREVIEW_ITEMS, COLLABORATOR_ROLES, SHARE_DATA_ELEMENT_ID };
export type { CollaboratorRole };

export const COLLECTION_NAME_MAX = 120;
export const COLLECTION_DESCRIPTION_MAX = 2000;
/** Listing limits: any larger `limit` is capped to this. */
export const LIST_LIMIT_MAX = 50;
/** Items on `GET /collection/{id}`, and per page of `GET /collection/{id}/items` (issue 14). */
export const COLLECTION_ITEMS_PAGE = 100;

const categoryId = z
  .string({ error: issue.categoryRequired })
  .check(
    z.minLength(1, issue.categoryRequired),
    z.maxLength(64, issue.categoryUnknown),
    z.regex(/^[A-Za-z0-9_-]+$/, issue.categoryUnknown),
  );

const description = optionalDescription(COLLECTION_DESCRIPTION_MAX);

/**
 * `POST /api/v1/collection`. Fields such as `user_id`, `likes` or `followers` are not part of the
 * schema and are dropped: the owner is the caller, counters come from the social tables.
 */
export const collectionCreateBody = z.object({
  category_id: categoryId,
  name: requiredName(issue.collectionNameRequired, COLLECTION_NAME_MAX),
  description: z._default(z.optional(description), ''),
  private: z._default(z.optional(z.boolean({ error: issue.privateInvalid })), false),
});
export type CollectionCreateBody = z.input<typeof collectionCreateBody>;
export type CollectionCreateFields = z.output<typeof collectionCreateBody>;

/**
 * `PUT /api/v1/collection/{id}`: category and name as on the edit form; `description` and
 * `private` keep their value when absent.
 */
export const collectionUpdateBody = z.object({
  category_id: categoryId,
  name: requiredName(issue.listNameRequired, COLLECTION_NAME_MAX),
  description: z.optional(description),
  private: z.optional(z.boolean({ error: issue.privateInvalid })),
});
export type CollectionUpdateBody = z.input<typeof collectionUpdateBody>;
export type CollectionUpdateFields = z.output<typeof collectionUpdateBody>;

/** What the viewer is to a collection: its owner, a collaborator, or nobody in particular (null). */
export const COLLECTION_ROLES = ['owner', 'editor', 'viewer'] as const;
export type CollectionRole = (typeof COLLECTION_ROLES)[number];

/**
 * The collection a copy was saved from ("salva de <nome>"). The person is shown to whoever may see
 * them; `id` and `name` are null when the viewer may not read the original (it turned private), so
 * a copy never reveals a private collection. The whole field is null for an original, once the
 * original is deleted, and for a viewer its owner blocked (or who blocked them) or once they are
 * suspended.
 */
export const savedFromSchema = z.object({
  id: z.nullable(idSchema),
  name: z.nullable(z.string()),
  user_id: idSchema,
  user_name: z.string(),
});
export type SavedFrom = z.infer<typeof savedFromSchema>;

export const collectionSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string(),
  user_id: idSchema,
  owner_name: z.string(),
  /** The owner's photo URL (`picture` of the user), null without one: cards show it by the name. */
  owner_picture: z.nullable(z.string()),
  category_id: idSchema,
  category_name: z.string(),
  private: z.boolean(),
  followers: z.int(),
  likes: z.int(),
  /** Comments on the collection and its items that anyone may see (moderation-hidden ones aside). */
  comments_count: z.int(),
  /** Whether new comments are accepted (the owner may turn them off; old ones stay readable). */
  comments_enabled: z.boolean(),
  location: z.string(),
  /** ISO 8601 UTC instant of the last change to the collection or its items. */
  last_updated: z.string(),
  created_at: z.string(),
  /** How many items the collection has (cards carry only the first few). */
  items_count: z.int(),
  /**
   * The first COLLECTION_ITEMS_PAGE items on `GET /collection/{id}`; the first 3 on listing cards.
   * Ordered by position.
   */
  collection_items: z.array(collectionItemSchema),
  /**
   * Only on a single collection: pass it as `cursor` to `GET /collection/{id}/items` for the items
   * after `collection_items`; null when they are all there.
   */
  items_next_cursor: z.optional(z.nullable(z.string())),
  /** Whether the caller likes / follows this collection. */
  liked_by_me: z.boolean(),
  followed_by_me: z.boolean(),
  /** The caller's role; null for someone who only reads a public collection. */
  my_role: z.nullable(z.enum(COLLECTION_ROLES)),
  saved_from: z.nullable(savedFromSchema),
  /** The cover the owner picked or uploaded; null without one (cards then show item pictures). */
  cover: z.nullable(imageSchema),
  /** Only for the owner: why an operator hid the collection (null or absent: not hidden). */
  hidden_reason: z.optional(z.nullable(z.string())),
});
export type Collection = z.infer<typeof collectionSchema>;

export const collectionParams = z.object({ id: idSchema });
export const collectionResponse = envelope(collectionSchema);
export const collectionDeletedResponse = envelope(z.object({ id: idSchema, deleted: z.literal(true) }));

/** `limit` of a listing: 1 or more, capped to LIST_LIMIT_MAX. */
export const limitParam = (defaultLimit: number) =>
  z._default(
    z.optional(
      z.pipe(
        z.coerce.number({ error: issue.invalid }).check(z.int(issue.invalid), z.gte(1, issue.invalid)),
        z.transform((n: number) => Math.min(n, LIST_LIMIT_MAX)),
      ),
    ),
    defaultLimit,
  );

/** The opaque `cursor` of a listing (`next_cursor` of the previous page). */
export const cursorParam = z.optional(
  z.string().check(z.maxLength(200, issue.invalid), z.regex(/^[A-Za-z0-9_-]+$/, issue.invalid)),
);

export const COLLECTION_SORTS = ['newest', 'popular'] as const;

export const byCategoryParams = z.object({ category_id: idSchema });
export const byCategoryQuery = z.object({
  limit: limitParam(20),
  cursor: cursorParam,
  sort: z._default(z.optional(z.enum(COLLECTION_SORTS, { error: issue.invalid })), 'newest'),
});
/** The query as the API receives it: defaults applied, `limit` capped. */
export type ByCategoryQuery = z.output<typeof byCategoryQuery>;

export const byUserParams = z.object({ user_id: idSchema });
export const byUserQuery = z.object({ limit: limitParam(50), cursor: cursorParam });
export type ByUserQuery = z.output<typeof byUserQuery>;

export const byFollowersQuery = z.object({ limit: limitParam(5) });

/** A page of cards; pass `next_cursor` back as `cursor` for the next page (null: no more). */
export const collectionPageResponse = z.object({
  data: z.array(collectionSchema),
  next_cursor: z.nullable(z.string()),
});
export type CollectionPage = z.infer<typeof collectionPageResponse>;
export const collectionListResponse = envelope(z.array(collectionSchema));

/** `GET /collection/{id}/items`: the items after `cursor`, a page at a time, in their order. */
export const collectionItemsQuery = z.object({ cursor: cursorParam });
export const collectionItemsPageResponse = z.object({
  data: z.array(collectionItemSchema),
  next_cursor: z.nullable(z.string()),
});
export type CollectionItemsPage = z.infer<typeof collectionItemsPageResponse>;

/**
 * The content of the share page's data element (SHARE_DATA_ELEMENT_ID, decision 031): the
 * collection as `GET /collection/{id}` answers an anonymous visitor and, on an item's page, the
 * item as `GET /collection_items/{item}` answers them.
 */
export interface ShareData {
  collection: Collection;
  item?: CollectionItemDetail;
}
