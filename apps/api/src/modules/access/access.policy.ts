import { issue } from '@acervo/contract/validation';
import type { CollaboratorRole, CollectionRole as PublicRole } from '@acervo/contract/collection';
import { AppError, forbidden, unauthenticated, validationFailed } from '../../lib/app-error.ts';

/**
 * The one place that decides who may see and do what (issue 23): collections and, through them,
 * their items and pictures; people; and the rules that cut across them: blocks between two
 * people, and moderation (hidden content, suspended accounts). The same rules as SQL, for
 * listings, are in `access.sql.ts`; no other module writes them (eslint.config.js).
 *
 * A viewer is the collection's owner, one of its collaborators (editor or viewer, from
 * `collection_collaborators`), or a stranger.
 */
export type CollectionRole = 'owner' | CollaboratorRole | 'stranger';

/**
 * Just enough of a collection, as seen by one viewer, to decide access (`guardColumns` selects
 * it): `collaborator_role` is that viewer's row in `collection_collaborators` (null when none);
 * `blocked` says a block stands between the viewer and the owner, either way; `withheld` says an
 * operator hid the collection or suspended its owner.
 */
export interface GuardedCollection {
  user_id: string;
  private: boolean;
  collaborator_role: CollaboratorRole | null;
  blocked: boolean;
  withheld: boolean;
}

export interface Viewer {
  id: string;
}

/**
 * What each role may do beyond reading. Reading is the rule under all of them: a public
 * collection is read by everyone, anonymous visitors included (issue 12: shared links open
 * without an account), a private one by its owner and collaborators only; a hidden one, or one
 * whose owner is suspended, by its owner only; nothing of the owner's by someone a block stands
 * between them and the owner.
 */
const ALLOWED = {
  /** Like it, or save a copy of it or of its items. */
  react: ['owner', 'editor', 'viewer', 'stranger'],
  /** Comment on it or its items, when its owner accepts comments (issue 26). */
  comment: ['owner', 'editor', 'viewer', 'stranger'],
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

export function roleOf(
  collection: Pick<GuardedCollection, 'user_id' | 'collaborator_role'>,
  viewer: Viewer | null,
): CollectionRole {
  if (!viewer) return 'stranger';
  if (collection.user_id === viewer.id) return 'owner';
  return collection.collaborator_role ?? 'stranger';
}

/** The role as the API shows it in `my_role`. */
export function publicRole(role: CollectionRole): PublicRole | null {
  return role === 'stranger' ? null : role;
}

function canRead(collection: GuardedCollection, role: CollectionRole): boolean {
  if (role === 'owner') return true;
  if (collection.blocked || collection.withheld) return false;
  return role !== 'stranger' || !collection.private;
}

// An anonymous visitor may only read public collections; every other action needs a signed-in
// user, and routes that change things answer 401 before asking here.
export function can(action: CollectionAction, collection: GuardedCollection, viewer: Viewer | null): boolean {
  if (!viewer) return action === 'read' && !collection.private && !collection.withheld;
  const role = roleOf(collection, viewer);
  if (!canRead(collection, role)) return false;
  return action === 'read' || (ALLOWED[action] as readonly CollectionRole[]).includes(role);
}

/**
 * Whether an invite link may make the viewer a collaborator: not while a block stands between
 * them and the owner, nor on a collection an operator withheld.
 */
export const mayJoin = (collection: GuardedCollection, viewer: Viewer): boolean =>
  roleOf(collection, viewer) === 'owner' || (!collection.blocked && !collection.withheld);

/**
 * Whether pictures of this collection are served without a signature (anyone may load them):
 * only a public collection that no operator withheld. Others get signed, expiring URLs, given to
 * those who may read the collection.
 */
export const picturesArePublic = (collection: Pick<GuardedCollection, 'private' | 'withheld'>): boolean =>
  !collection.private && !collection.withheld;

export const collectionNotFound = () => new AppError(404, 'NOT_FOUND', 'Coleção não encontrada.');
export const userNotFound = () => new AppError(404, 'NOT_FOUND', 'Usuário não encontrado.');

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
 * Just enough of a person, as seen by one viewer: `blocked` (either way) and `suspended`. A
 * person the viewer may not see is a 404 to them, as if the account did not exist.
 */
export interface GuardedPerson {
  id: string;
  blocked: boolean;
  suspended: boolean;
}

export function canSeePerson(person: GuardedPerson | undefined, viewer: Viewer | null): boolean {
  if (!person) return false;
  if (viewer && person.id === viewer.id) return true;
  return !person.blocked && !person.suspended;
}

export function assertCanSeePerson(person: GuardedPerson | undefined, viewer: Viewer | null): void {
  if (!canSeePerson(person, viewer)) throw userNotFound();
}

/** An item hidden by an operator is seen by its collection's owner only (marked, with why). */
export const itemShown = (item: { item_hidden: boolean }, role: CollectionRole): boolean =>
  !item.item_hidden || role === 'owner';

/**
 * A comment on a collection, as the viewer sees it: `comment_shown` from `commentShownTo`.
 * Its author edits it; its author or the collection's owner deletes it.
 */
export interface GuardedComment {
  author_id: string;
  comment_shown: boolean;
}

export const commentNotFound = () => new AppError(404, 'NOT_FOUND', 'Comentário não encontrado.');

export const canEditComment = (comment: GuardedComment, viewer: Viewer | null): boolean =>
  viewer !== null && comment.author_id === viewer.id;

export const canDeleteComment = (comment: GuardedComment, role: CollectionRole, viewer: Viewer | null) =>
  canEditComment(comment, viewer) || (viewer !== null && role === 'owner');

/**
 * Throws unless the viewer may see the comment (404, as if it did not exist) and, for `edit` and
 * `delete`, do that to it (403). The collection's read rule comes first (`assertCan`).
 */
export function assertCanComment(
  action: 'read' | 'edit' | 'delete',
  comment: (GuardedComment & GuardedCollection) | undefined,
  viewer: Viewer | null,
): CollectionRole {
  if (!comment || !comment.comment_shown || !can('read', comment, viewer)) throw commentNotFound();
  const role = roleOf(comment, viewer);
  if (action === 'edit' && !canEditComment(comment, viewer)) throw forbidden();
  if (action === 'delete' && !canDeleteComment(comment, role, viewer)) throw forbidden();
  return role;
}

export const accountSuspended = () =>
  new AppError(
    403,
    'ACCOUNT_SUSPENDED',
    'Esta conta foi suspensa por violar os termos de uso. Veja o e-mail que enviamos para pedir uma revisão.',
  );
