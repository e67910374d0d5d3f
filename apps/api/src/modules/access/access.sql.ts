/**
 * The rules of `access.policy.ts` as SQL, for listings, counts, searches, feeds, notices and
 * exports: a query says who sees a row by calling one of these, never by testing `private`,
 * blocks, mutes or moderation columns itself (eslint.config.js refuses that outside this module).
 *
 * `alias` is a `collections` row, `userAlias` a `users` row, `userExpr` any expression giving a
 * person's id, and `viewer` the SQL expression (usually a parameter) of the viewer's id, which
 * may be NULL for an anonymous visitor: every fragment is then false for them where a signed-in
 * person would be needed, never NULL.
 */

/** A block stands between the person `userExpr` and the viewer, whoever blocked whom. */
export const blockedBetween = (userExpr: string, viewer: string) => `EXISTS (
    SELECT 1 FROM user_blocks b
    WHERE (b.blocker_id = ${userExpr} AND b.blocked_id = ${viewer})
       OR (b.blocker_id = ${viewer} AND b.blocked_id = ${userExpr}))`;

/** The viewer muted the person `userExpr`: their activity does not reach the viewer. */
export const mutedBy = (userExpr: string, viewer: string) =>
  `EXISTS (SELECT 1 FROM user_mutes m WHERE m.muter_id = ${viewer} AND m.muted_id = ${userExpr})`;

const suspended = (userExpr: string) =>
  `EXISTS (SELECT 1 FROM users su WHERE su.id = ${userExpr} AND su.suspended_at IS NOT NULL)`;

/** An operator hid the collection, or suspended its owner. */
const withheld = (alias: string) =>
  `(${alias}.hidden_reason IS NOT NULL OR ${suspended(`${alias}.user_id`)})`;

const isOwner = (alias: string, viewer: string) => `coalesce(${alias}.user_id = ${viewer}, false)`;

/** The viewer's `collaborator_role` as SQL (a primary-key lookup). */
export const collaboratorRoleOf = (alias: string, viewer: string) =>
  `(SELECT cc.role FROM collection_collaborators cc
    WHERE cc.collection_id = ${alias}.id AND cc.user_id = ${viewer})`;

/** The columns of a `GuardedCollection` over `alias`, for `assertCan` and `roleOf`. */
export const guardColumns = (alias: string, viewer: string) =>
  `${alias}.user_id, ${alias}.private, ${collaboratorRoleOf(alias, viewer)} AS collaborator_role,
   coalesce(${blockedBetween(`${alias}.user_id`, viewer)}, false) AS blocked, ${withheld(alias)} AS withheld`;

/** Why an operator hid the collection, for its owner only (null for everyone else). */
export const hiddenReasonFor = (alias: string, viewer: string) =>
  `CASE WHEN ${isOwner(alias, viewer)} THEN ${alias}.hidden_reason END`;

/** The read rule (`can('read', ...)`) as SQL. */
export const collectionVisibleTo = (alias: string, viewer: string) =>
  `(${isOwner(alias, viewer)} OR (NOT ${withheld(alias)} AND NOT ${blockedBetween(`${alias}.user_id`, viewer)}
    AND (NOT ${alias}.private OR EXISTS (
      SELECT 1 FROM collection_collaborators cc WHERE cc.collection_id = ${alias}.id AND cc.user_id = ${viewer}))))`;

/**
 * Listed for everyone, computed for no one (the shared first page of a category, the sitemap, the
 * popular strip, the recommendation job): public, and neither hidden nor its owner suspended.
 */
export const collectionListed = (alias: string) => `(NOT ${alias}.private AND NOT ${withheld(alias)})`;

/**
 * Discovery listings shown to a viewer (a category's feed, popular, recommendations): listed,
 * no block between them and the owner, and not the activity of someone the viewer muted.
 */
export const collectionListedFor = (alias: string, viewer: string) =>
  `(${collectionListed(alias)} AND NOT ${blockedBetween(`${alias}.user_id`, viewer)}
    AND NOT ${mutedBy(`${alias}.user_id`, viewer)})`;

/**
 * A person the viewer may see (profile, people lists, search, suggestions): themself, or anyone
 * not suspended with no block between them.
 */
export const personVisibleTo = (userAlias: string, viewer: string) =>
  `(coalesce(${userAlias}.id = ${viewer}, false) OR (${userAlias}.suspended_at IS NULL
    AND NOT ${blockedBetween(`${userAlias}.id`, viewer)}))`;

/** A person whose activity may reach the viewer (suggestions, notices): visible and not muted. */
export const personHeardBy = (userAlias: string, viewer: string) =>
  `(${personVisibleTo(userAlias, viewer)} AND NOT ${mutedBy(`${userAlias}.id`, viewer)})`;

/** The columns of a `GuardedPerson` over `userAlias`. */
export const personGuardColumns = (userAlias: string, viewer: string) =>
  `${userAlias}.id, coalesce(${blockedBetween(`${userAlias}.id`, viewer)}, false) AS blocked,
   ${userAlias}.suspended_at IS NOT NULL AS suspended`;

/**
 * An item of a collection the viewer may read, shown to them: not hidden by an operator, or the
 * viewer owns its collection (`collectionAlias`).
 */
export const itemShownTo = (itemAlias: string, collectionAlias: string, viewer: string) =>
  `(${itemAlias}.hidden_reason IS NULL OR ${isOwner(collectionAlias, viewer)})`;

/** Why an operator hid the item, for its collection's owner only. */
export const itemHiddenReasonFor = (itemAlias: string, collectionAlias: string, viewer: string) =>
  `CASE WHEN ${isOwner(collectionAlias, viewer)} THEN ${itemAlias}.hidden_reason END`;

/** Whether an operator hid the item (`item_hidden`), for `itemShown`. */
export const itemGuardColumn = (itemAlias: string) => `${itemAlias}.hidden_reason IS NOT NULL AS item_hidden`;

/** Items listed for everyone (search text for recommendations, share pages): not hidden. */
export const itemListed = (itemAlias: string) => `${itemAlias}.hidden_reason IS NULL`;

/**
 * A picture anyone may load without a signed URL: shown on a shown item, or as the cover, of a
 * collection listed for everyone. `imageParam` is the picture's id.
 */
export const imageIsPublic = (imageParam: string) =>
  `(EXISTS (SELECT 1 FROM collection_items i JOIN collections c ON c.id = i.collection_id
            WHERE i.image_id = ${imageParam} AND ${itemListed('i')} AND ${collectionListed('c')})
    OR EXISTS (SELECT 1 FROM collections c WHERE c.cover_image_id = ${imageParam} AND ${collectionListed('c')}))`;

/**
 * A comment (`commentAlias`) on a collection the viewer may read, shown to them (issue 26): their
 * own always (marked when hidden); anyone else's unless an operator hid it, its author is
 * suspended, or a block stands between its author and the viewer.
 */
export const commentShownTo = (commentAlias: string, viewer: string) =>
  `(coalesce(${commentAlias}.author_id = ${viewer}, false) OR (${commentAlias}.hidden_reason IS NULL
    AND NOT ${suspended(`${commentAlias}.author_id`)} AND NOT ${blockedBetween(`${commentAlias}.author_id`, viewer)}))`;

/**
 * A comment shown to the viewer where it is listed (issue 26): shown to them (`commentShownTo`),
 * and, for a reply, under a parent they are shown too. The comment list and "Seguindo" both ask this.
 */
export const commentShownWithParentTo = (commentAlias: string, viewer: string) =>
  `(${commentShownTo(commentAlias, viewer)} AND (${commentAlias}.parent_id IS NULL OR EXISTS (
    SELECT 1 FROM comments cp WHERE cp.id = ${commentAlias}.parent_id AND ${commentShownTo('cp', viewer)})))`;

/** Why an operator hid the comment, for its author only. */
export const commentHiddenReasonFor = (commentAlias: string, viewer: string) =>
  `CASE WHEN coalesce(${commentAlias}.author_id = ${viewer}, false) THEN ${commentAlias}.hidden_reason END`;

/**
 * Whom a writer may mention in a comment on collection `collectionAlias`: people the writer may
 * see who may read the collection (so a mention never tells anyone of a private collection).
 */
export const mentionableBy = (userAlias: string, collectionAlias: string, writer: string) =>
  `(${userAlias}.id <> ${writer} AND ${personVisibleTo(userAlias, writer)}
    AND ${collectionVisibleTo(collectionAlias, `${userAlias}.id`)})`;

/** An account that may hold sessions: not suspended. */
export const accountActive = (userAlias: string) => `${userAlias}.suspended_at IS NULL`;

/**
 * Whether the person `actorAlias` (a `users` row) lets their activity be shown to the viewer: it
 * is shown to others only while `share_activity` is on (the LGPD opt-out), and always to themself.
 */
const activityShared = (actorAlias: string, viewer: string) =>
  `(${actorAlias}.share_activity OR coalesce(${actorAlias}.id = ${viewer}, false))`;

/**
 * The item (`activityAlias.item_id`) or the comment (`activityAlias.comment_id`, with the item it
 * is on and, for a reply, its parent, as the comment list asks) an activity names, when it names
 * one, is still shown to the viewer.
 */
const activityItemShown = (activityAlias: string, collectionAlias: string, viewer: string) =>
  `(${activityAlias}.item_id IS NULL OR EXISTS (
     SELECT 1 FROM collection_items ai WHERE ai.id = ${activityAlias}.item_id AND ${itemShownTo('ai', collectionAlias, viewer)}))
   AND (${activityAlias}.comment_id IS NULL OR EXISTS (
     SELECT 1 FROM comments ac WHERE ac.id = ${activityAlias}.comment_id AND ${commentShownWithParentTo('ac', viewer)}
       AND (ac.collection_item_id IS NULL OR EXISTS (
         SELECT 1 FROM collection_items aci WHERE aci.id = ac.collection_item_id AND ${itemShownTo('aci', collectionAlias, viewer)}))))`;

/**
 * An activity (`activityAlias`: an `activities` row, by the person `actorAlias` on the collection
 * `collectionAlias`) on the viewer's timeline: the viewer may read the collection now (made private,
 * hidden or its owner suspended: gone at once), sees and hears its actor (no block, no mute, not
 * suspended) and did not mute the collection's owner, and the actor shares their activity.
 */
export const activityOnTimelineOf = (
  activityAlias: string,
  actorAlias: string,
  collectionAlias: string,
  viewer: string,
) =>
  `(${collectionVisibleTo(collectionAlias, viewer)} AND NOT ${mutedBy(`${collectionAlias}.user_id`, viewer)}
    AND ${personHeardBy(actorAlias, viewer)} AND ${activityShared(actorAlias, viewer)}
    AND ${activityItemShown(activityAlias, collectionAlias, viewer)})`;

/**
 * An activity on its actor's profile, for a viewer who opened it (a mute does not hide what one
 * goes looking for): public activity only, on a collection listed for everyone and with no block
 * between the viewer and its owner, by an actor the viewer may see who shares their activity.
 */
export const activityOnProfileFor = (
  activityAlias: string,
  actorAlias: string,
  collectionAlias: string,
  viewer: string,
) =>
  `(${collectionListed(collectionAlias)} AND NOT ${blockedBetween(`${collectionAlias}.user_id`, viewer)}
    AND ${personVisibleTo(actorAlias, viewer)} AND ${activityShared(actorAlias, viewer)}
    AND ${activityItemShown(activityAlias, collectionAlias, viewer)})`;
