import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import {
  COLLABORATOR_ROLES,
  COLLECTION_ROLES,
  collectionParams,
  cursorParam,
  limitParam,
} from './collection.ts';
import { email } from './auth.ts';
import { collectionIdField } from './collection-item.ts';
import { userProfileSchema } from './user.ts';
import { issue } from './validation.ts';

/**
 * The social routes (issue 8), all under /api/v1 and for signed-in users. Collections and people
 * come back in the shapes of `collection.ts` and `user.ts`.
 *
 *   PUT|DELETE /collection/{id}/like                  -> likeResponse
 *   PUT|DELETE /collection/{id}/follow                -> followResponse (not one's own: 400)
 *   PUT|DELETE /user/{user_id}/follow                 -> followResponse (not oneself: 400)
 *   GET /user/{user_id}/followers | /following        -> peoplePageResponse
 *   GET /user/popular | /user/network                 -> peopleListResponse
 *   POST /collection/{id}/save                        -> 201 collectionResponse (the copy)
 *   POST /collection_items/{item}/save                -> 201 collectionItemResponse (the copy)
 *   GET /collection/{id}/collaborators                -> collaboratorListResponse
 *   PUT /collection/{id}/collaborators/{user_id}      -> collaboratorResponse
 *   POST /collection/{id}/collaborators {email, role} -> collaboratorResponse (404 EMAIL_NOT_REGISTERED)
 *   DELETE /collection/{id}/collaborators/{user_id}   -> collaboratorRemovedResponse
 *   POST /collection/{id}/invite_link                 -> 201 inviteLinkResponse
 *   DELETE /collection/{id}/invite_link               -> inviteLinksRevokedResponse
 *   GET|POST /invite/{token}                          -> invitePreviewResponse | inviteAcceptedResponse
 *   PUT /collection/{id}/items/order                  -> collectionResponse, or 409 orderConflictBodySchema
 *
 * Daily caps per person on likes, follows, saves and invites answer 429 RATE_LIMITED.
 */

// ---- Likes and follows ----

/** `PUT|DELETE /collection/{id}/like`: the caller's state after the call and the new total. */
export const likeStateSchema = z.object({ liked: z.boolean(), total_likes: z.int() });
export type LikeState = z.infer<typeof likeStateSchema>;
export const likeResponse = envelope(likeStateSchema);

/** `PUT|DELETE /collection/{id}/follow` and `/user/{id}/follow`. */
export const followStateSchema = z.object({ following: z.boolean(), total_followers: z.int() });
export type FollowState = z.infer<typeof followStateSchema>;
export const followResponse = envelope(followStateSchema);

// ---- People ----

/** `GET /user/{id}/followers` and `/user/{id}/following`: newest follow first, paged. */
export const peopleQuery = z.object({ limit: limitParam(20), cursor: cursorParam });
export type PeopleQuery = z.input<typeof peopleQuery>;
export const peoplePageResponse = z.object({
  data: z.array(userProfileSchema),
  next_cursor: z.nullable(z.string()),
});

/** `GET /user/popular` (most followed) and `GET /user/network` (followed by those I follow). */
export const peopleDiscoveryQuery = z.object({ limit: limitParam(10) });
export const peopleListResponse = envelope(z.array(userProfileSchema));

// ---- Saving copies ----

/** `POST /collection/{id}/save`: the copy is private unless the caller says otherwise. */
export const collectionSaveBody = z.object({
  private: z._default(z.optional(z.boolean({ error: issue.privateInvalid })), true),
});
export type CollectionSaveBody = z.input<typeof collectionSaveBody>;

/** `POST /collection_items/{item}/save`: copies one item, last, into a collection the caller edits. */
export const itemSaveBody = z.object({
  collection_id: collectionIdField,
});

// ---- Collaborators and invite links ----

const collaboratorRole = z.enum(COLLABORATOR_ROLES, { error: issue.roleInvalid });

export const collaboratorSchema = z.object({
  user_id: idSchema,
  name: z.string(),
  picture: z.nullable(z.string()),
  role: z.enum(COLLABORATOR_ROLES),
  added_at: z.string(),
});
export type Collaborator = z.infer<typeof collaboratorSchema>;

export const collaboratorParams = z.extend(collectionParams, { user_id: idSchema });
/** `PUT /collection/{id}/collaborators/{user_id}`: adds the person or changes their role. */
export const collaboratorBody = z.object({ role: collaboratorRole });
export type CollaboratorBody = z.input<typeof collaboratorBody>;
/** `POST /collection/{id}/collaborators`: the same, naming an existing account by its e-mail. */
export const collaboratorByEmailBody = z.object({
  email: email(issue.collaboratorEmailRequired),
  role: collaboratorRole,
});
export type CollaboratorByEmailBody = z.input<typeof collaboratorByEmailBody>;

export const collaboratorResponse = envelope(collaboratorSchema);
/** Collaborators only (the owner is on the collection itself), oldest first. */
export const collaboratorListResponse = envelope(z.array(collaboratorSchema));
export const collaboratorRemovedResponse = envelope(
  z.object({ collection_id: idSchema, user_id: idSchema, removed: z.literal(true) }),
);

/** `POST /collection/{id}/invite_link`. */
export const inviteLinkBody = z.object({ role: collaboratorRole });
export type InviteLinkBody = z.input<typeof inviteLinkBody>;
/** The token is shown once; only its hash is stored. `url` is `${PUBLIC_URL}/invite/${token}`. */
export const inviteLinkSchema = z.object({
  token: z.string(),
  url: z.string(),
  role: z.enum(COLLABORATOR_ROLES),
  expires_at: z.string(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
export const inviteLinkResponse = envelope(inviteLinkSchema);
/** `DELETE /collection/{id}/invite_link` revokes every link of the collection still open. */
export const inviteLinksRevokedResponse = envelope(z.object({ collection_id: idSchema, revoked: z.int() }));

export const inviteParams = z.object({
  token: z
    .string()
    .check(
      z.minLength(20, issue.inviteInvalid),
      z.maxLength(200, issue.inviteInvalid),
      z.regex(/^[A-Za-z0-9_-]+$/, issue.inviteInvalid),
    ),
});
/** `GET /invite/{token}`: what accepting would give, to show before accepting. */
export const invitePreviewSchema = z.object({
  collection_id: idSchema,
  collection_name: z.string(),
  owner_name: z.string(),
  role: z.enum(COLLABORATOR_ROLES),
  expires_at: z.string(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;
export const invitePreviewResponse = envelope(invitePreviewSchema);
/**
 * `POST /invite/{token}`: the caller's role on the collection afterwards. Accepting never lowers
 * a role (an editor opening a viewer link stays editor); the owner stays owner.
 */
export const inviteAcceptedResponse = envelope(
  z.object({ collection_id: idSchema, role: z.enum(COLLECTION_ROLES) }),
);

// ---- Item order ----

/** The most items one reorder may list; far above any real collection. */
export const REORDER_MAX_ITEMS = 5000;

/**
 * `PUT /collection/{id}/items/order`: every item id of the collection the caller is shown, once,
 * in the new order. The owner is shown them all; an editor is not shown those an operator hid,
 * which keep their places while the editor's order fills the others.
 * `previous_item_ids` (recommended) is the order the client saw before the move: when someone
 * reordered meanwhile, the later of two moves gets 409 instead of silently undoing the other.
 */
const itemIds = z
  .array(idSchema, { error: issue.itemIdsInvalid })
  .check(z.maxLength(REORDER_MAX_ITEMS, issue.itemIdsInvalid));
export const itemOrderBody = z.object({
  item_ids: itemIds,
  previous_item_ids: z.optional(itemIds),
});
export type ItemOrderBody = z.input<typeof itemOrderBody>;

/**
 * 409 on a reorder: the list did not match the items; `current` is their order now, of the items
 * the caller is shown (never one an operator hid, unless the caller owns the collection).
 */
export const orderConflictBodySchema = z.object({
  error: z.object({
    code: z.literal('ORDER_CONFLICT'),
    message: z.string(),
    current: z.array(idSchema),
  }),
});
