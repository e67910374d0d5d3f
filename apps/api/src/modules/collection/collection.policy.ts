import { issue } from '@acervo/contract/validation';
import type { CollaboratorRole, CollectionRole as PublicRole } from '@acervo/contract/collection';
import { AppError, forbidden, unauthenticated, validationFailed } from '../../lib/app-error.ts';

/**
 * The one place that decides who may do what with a collection (and, through it, its items).
 * A viewer is the collection's owner, one of its collaborators (editor or viewer, from
 * `collection_collaborators`), or a stranger. `visibleToViewer` is the same read rule in SQL.
 */
export type CollectionRole = 'owner' | CollaboratorRole | 'stranger';

/**
 * Just enough of a collection, as seen by one viewer, to decide access: `collaborator_role` is
 * that viewer's row in `collection_collaborators` (null when they have none).
 */
export interface GuardedCollection {
  user_id: string;
  private: boolean;
  collaborator_role: CollaboratorRole | null;
}

export interface Viewer {
  id: string;
}

/**
 * What each role may do beyond reading. Reading is the rule under all of them: a public
 * collection is read by everyone, anonymous visitors included (issue 12: shared links open
 * without an account), a private one by its owner and collaborators only.
 */
const ALLOWED = {
  /** Like it, or save a copy of it or of its items. */
  react: ['owner', 'editor', 'viewer', 'stranger'],
  /** Follow it to hear about its changes: not one's own. */
  follow: ['editor', 'viewer', 'stranger'],
  /** See who collaborates on it, or leave it. */
  collaborate: ['owner', 'editor', 'viewer'],
  /** Add, edit, delete and reorder items. */
  editItems: ['owner', 'editor'],
  /** Edit or delete the collection itself; add and remove collaborators; invite links. */
  manage: ['owner'],
} as const satisfies Record<string, readonly CollectionRole[]>;

export type CollectionAction = 'read' | keyof typeof ALLOWED;

export function roleOf(collection: GuardedCollection, viewer: Viewer | null): CollectionRole {
  if (!viewer) return 'stranger';
  if (collection.user_id === viewer.id) return 'owner';
  return collection.collaborator_role ?? 'stranger';
}

/** The role as the API shows it in `my_role`. */
export function publicRole(role: CollectionRole): PublicRole | null {
  return role === 'stranger' ? null : role;
}

function canRead(collection: GuardedCollection, role: CollectionRole): boolean {
  return role !== 'stranger' || !collection.private;
}

// An anonymous visitor may only read public collections; every other action needs a signed-in
// user, and routes that change things answer 401 before asking here.
export function can(action: CollectionAction, collection: GuardedCollection, viewer: Viewer | null): boolean {
  if (!viewer) return action === 'read' && !collection.private;
  const role = roleOf(collection, viewer);
  if (!canRead(collection, role)) return false;
  return action === 'read' || (ALLOWED[action] as readonly CollectionRole[]).includes(role);
}

export const collectionNotFound = () => new AppError(404, 'NOT_FOUND', 'Coleção não encontrada.');

/**
 * Throws unless the viewer may do `action`: 404 when they may not even read the collection (it
 * does not exist for them), 400 for following one's own, 403 otherwise. Returns their role.
 */
export function assertCan(
  action: CollectionAction,
  collection: GuardedCollection | undefined,
  viewer: Viewer | null,
): CollectionRole {
  if (!collection || !can('read', collection, viewer)) throw collectionNotFound();
  const role = roleOf(collection, viewer);
  if (can(action, collection, viewer)) return role;
  if (!viewer) throw unauthenticated();
  if (action === 'follow' && role === 'owner') {
    throw validationFailed({ collection_id: issue.followOwnCollection });
  }
  throw forbidden();
}

/** The owner removes any collaborator; a collaborator may remove themself (leave). */
export function assertCanRemoveCollaborator(
  collection: GuardedCollection | undefined,
  viewer: Viewer,
  collaboratorId: string,
): void {
  const role = assertCan('collaborate', collection, viewer);
  if (role !== 'owner' && collaboratorId !== viewer.id) throw forbidden();
}

/**
 * The read rule as SQL, for listings and counts over `collections` aliased `alias`, with the
 * viewer's id in parameter `viewerParam`. Must say the same as `can('read', ...)`.
 */
export const visibleToViewer = (alias: string, viewerParam: string) =>
  `(NOT ${alias}.private OR ${alias}.user_id = ${viewerParam} OR EXISTS (
    SELECT 1 FROM collection_collaborators cc
    WHERE cc.collection_id = ${alias}.id AND cc.user_id = ${viewerParam}))`;

/** The viewer's `collaborator_role` as SQL (a primary-key lookup), for `GuardedCollection`. */
export const collaboratorRoleOf = (alias: string, viewerParam: string) =>
  `(SELECT cc.role FROM collection_collaborators cc
    WHERE cc.collection_id = ${alias}.id AND cc.user_id = ${viewerParam})`;

/** Discovery listings (a category's feed, the popular strip) show public collections only. */
export const PUBLICLY_LISTED = (alias: string) => `NOT ${alias}.private`;
