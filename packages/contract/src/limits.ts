// Without zod: constants the web's pages read at run time (issue 12, size budgets). A page that
// imports a constant from a module that builds zod schemas downloads zod (40 KB gzip) with it.
// The modules they belong to re-export them, so the API reads them where it always did.

/** Card previews show the first items of a collection (spec section 9). */
export const CARD_PREVIEW_ITEMS = 3;
/** The roles a collaborator can be given (the owner is not one). */
export const COLLABORATOR_ROLES = ['editor', 'viewer'] as const;
export type CollaboratorRole = (typeof COLLABORATOR_ROLES)[number];

/**
 * The `id` of the `<script type="application/json">` element in which the server puts a public
 * collection's or item's data for visitors (decision 031), so the page draws without waiting for
 * its API answers.
 */
export const SHARE_DATA_ELEMENT_ID = 'share-data';

export const RATING_MIN = 0.5;
export const RATING_MAX = 5;

export const SEARCH_TYPES = ['collection', 'item', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_QUERY_MAX = 100;
/** Letters or digits a search needs: one letter matches nearly everything (issue 23). */
export const SEARCH_QUERY_MIN = 2;

/** `PUT /api/v1/user/{user_id}/picture`: the largest file accepted (413 beyond it). */
export const PICTURE_MAX_BYTES = 4 * 1024 * 1024;
/** What the photo field accepts; the API decides the type from the content, not from this list. */
export const PICTURE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * The shapes a picture of an item or a cover is cropped to: a 2:3 poster (films, books) or a 1:1
 * square (everything else). Width over height.
 */
export const IMAGE_ASPECTS = ['poster', 'square'] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];
