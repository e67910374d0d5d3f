import { AppError, forbidden } from '../../lib/app-error.ts';

/**
 * The one place that decides who may do what with a collection (and, through it, its items).
 * Today a collection has an owner and everyone else; collaborators (editor / viewer) come with
 * the social issue and only change this file: `roleOf` learns the new roles, `VISIBLE_TO_VIEWER`
 * learns to look them up.
 */
export type CollectionRole = 'owner' | 'stranger';

export interface CollectionAccess {
  role: CollectionRole;
  read: boolean;
  write: boolean;
}

export interface GuardedCollection {
  user_id: string;
  private: boolean;
}

export interface Viewer {
  id: string;
}

export function roleOf(collection: GuardedCollection, viewer: Viewer): CollectionRole {
  return collection.user_id === viewer.id ? 'owner' : 'stranger';
}

export function collectionAccess(collection: GuardedCollection, viewer: Viewer | null): CollectionAccess {
  // Reading anything needs a signed-in user; routes answer 401 before asking here.
  if (!viewer) return { role: 'stranger', read: false, write: false };
  const role = roleOf(collection, viewer);
  return { role, read: role === 'owner' || !collection.private, write: role === 'owner' };
}

export const collectionNotFound = () => new AppError(404, 'NOT_FOUND', 'Coleção não encontrada.');

/** A collection the viewer may not read does not exist for them: 404, never 403. */
export function assertCanRead(collection: GuardedCollection | undefined, viewer: Viewer | null): void {
  if (!collection || !collectionAccess(collection, viewer).read) throw collectionNotFound();
}

/** 404 when the viewer may not even see it, 403 when they see it but may not change it. */
export function assertCanWrite(collection: GuardedCollection | undefined, viewer: Viewer | null): void {
  assertCanRead(collection, viewer);
  if (!collectionAccess(collection!, viewer).write) throw forbidden();
}

/**
 * The read rule as SQL, for listings and counts over `collections` aliased `alias`, with the
 * viewer's id in parameter `viewerParam`. Must say the same as `collectionAccess(...).read`.
 */
export const visibleToViewer = (alias: string, viewerParam: string) =>
  `(NOT ${alias}.private OR ${alias}.user_id = ${viewerParam})`;

/** Discovery listings (a category's feed, the popular strip) show public collections only. */
export const PUBLICLY_LISTED = (alias: string) => `NOT ${alias}.private`;
