import { issue } from '@acervo/contract/validation';
import type { CollaboratorRole, CollectionRole } from '@acervo/contract/collection';
import type { Collaborator, InviteLink, InvitePreview } from '@acervo/contract/social';
import { SOCIAL_MESSAGES } from '@acervo/contract/social-messages';
import type { Db, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import {
  assertCan,
  assertCanRemoveCollaborator,
  mayJoin,
  roleOf,
  type Viewer,
} from '../access/access.policy.ts';
import { personVisibleTo } from '../access/access.sql.ts';
import { findGuarded, isoUtc } from '../collection/collection.service.ts';
import { assertPersonVisible, assertUserExists } from '../user/user.service.ts';
import type { ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { notify } from '../notification/notification.service.ts';
import { siteLink } from '../../lib/site-link.ts';

export const emailNotRegistered = () =>
  new AppError(404, 'EMAIL_NOT_REGISTERED', SOCIAL_MESSAGES.emailNotRegistered);
export const inviteInvalid = () => new AppError(404, 'INVITE_INVALID', SOCIAL_MESSAGES.inviteInvalid);
export const collaboratorsFull = () =>
  new AppError(409, 'COLLABORATORS_FULL', SOCIAL_MESSAGES.collaboratorsFull);

/**
 * Called right after a new collaborator's row is written, in its transaction: past `max` on the
 * collection it throws 409, which rolls the new one back. Joins of one collection queue on a
 * lock, so people accepting one link at once cannot all take the last place. Bounds the list
 * (`GET /collection/{id}/collaborators`) and the notices each change of the collection fans out.
 */
async function assertRoomForCollaborator(tx: Queryable, collectionId: string, max: number): Promise<void> {
  await tx.query(
    'SELECT pg_advisory_xact_lock(hashtext($1))',
    [`collaborators:${collectionId}`],
    'collaborators_room_lock',
  );
  const [row] = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM collection_collaborators WHERE collection_id = $1',
    [collectionId],
    'collaborators_count',
  );
  if (row!.n > max) throw collaboratorsFull();
}

const COLLABORATOR_COLUMNS = `cc.user_id, u.name, u.picture, cc.role, ${isoUtc('cc.created_at')} AS added_at`;

/**
 * Who collaborates on a collection, oldest first: for its owner and collaborators. The owner sees
 * everyone who holds a role on what is theirs (a suspended collaborator included, to remove them);
 * a collaborator sees the others they may see (`personVisibleTo`: no block between them, not
 * suspended).
 */
export async function listCollaborators(
  db: Queryable,
  collectionId: string,
  viewer: Viewer,
): Promise<Collaborator[]> {
  const collection = await findGuarded(db, collectionId, viewer);
  assertCan('collaborate', collection, viewer);
  return db.query<Collaborator>(
    `SELECT ${COLLABORATOR_COLUMNS}
     FROM collection_collaborators cc JOIN users u ON u.id = cc.user_id
     WHERE cc.collection_id = $1 AND ($3 OR ${personVisibleTo('u', '$2')})
     ORDER BY cc.created_at, cc.user_id`,
    [collectionId, viewer.id, roleOf(collection!, viewer) === 'owner'],
    'collaborators_list',
  );
}

/**
 * Makes `userId` a collaborator with `role` (owner only), or changes their role. A new
 * collaborator is charged to the owner's daily invite cap (`charge` null: already charged).
 * `created` says they are new (the moment to notify them).
 */
async function upsertCollaborator(
  tx: Queryable,
  collectionId: string,
  viewer: Viewer,
  userId: string,
  role: CollaboratorRole,
  charge: ChargeDailyCap | null,
  max: number,
): Promise<{ collaborator: Collaborator; created: boolean }> {
  const guard = await findGuarded(tx, collectionId, viewer, { lock: 'share' });
  assertCan('manage', guard, viewer);
  if (userId === guard!.user_id) throw validationFailed({ user_id: issue.collaboratorIsOwner });
  await assertUserExists(tx, userId, { lock: 'key share' });
  await assertPersonVisible(tx, userId, viewer);
  const [before] = await tx.query<{ role: CollaboratorRole }>(
    'SELECT role FROM collection_collaborators WHERE collection_id = $1 AND user_id = $2',
    [collectionId, userId],
    'collaborator_role_before',
  );
  const [row] = await tx.query<Collaborator & { created: boolean }>(
    `WITH saved AS (
       INSERT INTO collection_collaborators (collection_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (collection_id, user_id) DO UPDATE SET role = EXCLUDED.role
       -- xmax is 0 on a freshly inserted row version, not on an updated one.
       RETURNING *, (xmax = 0) AS created
     )
     SELECT ${COLLABORATOR_COLUMNS}, cc.created
     FROM saved cc JOIN users u ON u.id = cc.user_id`,
    [collectionId, userId, role],
    'collaborator_upsert',
  );
  if (before?.role === 'editor' && role === 'viewer') await endInviteLinks(tx, collectionId);
  const { created, ...collaborator } = row!;
  if (created) {
    await assertRoomForCollaborator(tx, collectionId, max);
    if (charge) await charge(tx, viewer, 'invite');
    await notify(tx, { kind: 'collaborator_added', actorId: viewer.id, recipientId: userId, collectionId });
  }
  return { collaborator, created };
}

export async function putCollaborator(
  db: Db,
  collectionId: string,
  viewer: Viewer,
  userId: string,
  role: CollaboratorRole,
  charge: ChargeDailyCap,
  max: number,
): Promise<{ collaborator: Collaborator; created: boolean }> {
  return db.transaction((tx) => upsertCollaborator(tx, collectionId, viewer, userId, role, charge, max));
}

/**
 * The same, naming the person by the e-mail of their account. Every attempt is charged to the
 * daily invite cap, found or not, so the cap also bounds probing which e-mails have accounts.
 */
export async function putCollaboratorByEmail(
  db: Db,
  collectionId: string,
  viewer: Viewer,
  email: string,
  role: CollaboratorRole,
  charge: ChargeDailyCap,
  max: number,
): Promise<{ collaborator: Collaborator; created: boolean }> {
  assertCan('manage', await findGuarded(db, collectionId, viewer), viewer);
  await db.transaction((tx) => charge(tx, viewer, 'invite'));
  const [user] = await db.query<{ id: string }>(
    'SELECT id FROM users WHERE email = $1',
    [email],
    // Not 'user_by_email': sign-in prepares that name with other SQL on the same connections.
    'collaborator_user_by_email',
  );
  if (!user) throw emailNotRegistered();
  return db.transaction((tx) => upsertCollaborator(tx, collectionId, viewer, user.id, role, null, max));
}

/**
 * Ends every open invite link of a collection. Called when the owner removes or demotes someone
 * (issue 23): whoever was taken off may still hold an old link, and would walk back in with it.
 * The owner shares a new link with those who should still join.
 */
async function endInviteLinks(tx: Queryable, collectionId: string): Promise<number> {
  const rows = await tx.query(
    `UPDATE collection_invite_links SET revoked_at = now()
     WHERE collection_id = $1 AND revoked_at IS NULL AND expires_at > now()
     RETURNING 1`,
    [collectionId],
    'invite_links_end',
  );
  return rows.length;
}

/**
 * The owner removes anyone (which ends the collection's open invite links); a collaborator may
 * remove themself (links stay: nobody took anything away). Idempotent.
 */
export async function removeCollaborator(
  db: Db,
  collectionId: string,
  viewer: Viewer,
  userId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    assertCanRemoveCollaborator(
      await findGuarded(tx, collectionId, viewer, { lock: 'share' }),
      viewer,
      userId,
    );
    const removed = await tx.query(
      'DELETE FROM collection_collaborators WHERE collection_id = $1 AND user_id = $2 RETURNING 1',
      [collectionId, userId],
    );
    if (removed.length > 0 && userId !== viewer.id) await endInviteLinks(tx, collectionId);
  });
}

// ---- Invite links ----

/**
 * A link that makes whoever opens it (signed in) a collaborator with `role`, until it expires or
 * the owner revokes it. Only the token's hash is stored; the link is built from PUBLIC_URL,
 * never from the request's Host header.
 */
export async function createInviteLink(
  db: Db,
  collectionId: string,
  viewer: Viewer,
  role: CollaboratorRole,
  config: Config,
  charge: ChargeDailyCap,
): Promise<InviteLink> {
  const token = newAccessToken();
  const [row] = await db.transaction(async (tx) => {
    assertCan('manage', await findGuarded(tx, collectionId, viewer, { lock: 'share' }), viewer);
    await charge(tx, viewer, 'invite');
    return tx.query<{ expires_at: string }>(
      `INSERT INTO collection_invite_links (token_hash, collection_id, role, created_by, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(days => $5::int))
       RETURNING ${isoUtc('expires_at')} AS expires_at`,
      [hashToken(token), collectionId, role, viewer.id, config.INVITE_LINK_TTL_DAYS],
    );
  });
  return { token, url: siteLink(config.PUBLIC_URL, `/invite/${token}`), role, expires_at: row!.expires_at };
}

/** Revokes every open link of the collection (owner only); returns how many. */
export async function revokeInviteLinks(
  db: Queryable,
  collectionId: string,
  viewer: Viewer,
): Promise<number> {
  assertCan('manage', await findGuarded(db, collectionId, viewer), viewer);
  return endInviteLinks(db, collectionId);
}

type OpenInvite = InvitePreview & { owner_id: string };

async function findOpenInvite(db: Queryable, token: string): Promise<OpenInvite> {
  const [row] = await db.query<OpenInvite>(
    `SELECT l.collection_id, c.name AS collection_name, c.user_id AS owner_id,
       (SELECT u.name FROM users u WHERE u.id = c.user_id) AS owner_name,
       l.role, ${isoUtc('l.expires_at')} AS expires_at
     FROM collection_invite_links l JOIN collections c ON c.id = l.collection_id
     WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > now()`,
    [hashToken(token)],
    'invite_open',
  );
  if (!row) throw inviteInvalid();
  return row;
}

/**
 * What accepting the link would give: whoever holds the token is its intended reader, unless they
 * may not join (`mayJoin`: hidden, its owner suspended, a block between them), as accepting says.
 */
export async function previewInvite(db: Queryable, token: string, viewer: Viewer): Promise<InvitePreview> {
  const { owner_id: _owner, ...preview } = await findOpenInvite(db, token);
  const guard = await findGuarded(db, preview.collection_id, viewer);
  if (!guard || !mayJoin(guard, viewer)) throw inviteInvalid();
  return preview;
}

/**
 * Makes the viewer a collaborator through an open link. Never lowers a role: an editor opening
 * a viewer link stays editor; the owner stays owner. `created` says they are new.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  viewer: Viewer,
  max: number,
): Promise<{ collection_id: string; role: CollectionRole; created: boolean }> {
  return db.transaction(async (tx) => {
    const invite = await findOpenInvite(tx, token);
    const guard = await findGuarded(tx, invite.collection_id, viewer, { lock: 'share' });
    if (!guard || !mayJoin(guard, viewer)) throw inviteInvalid();
    if (roleOf(guard, viewer) === 'owner') {
      return { collection_id: invite.collection_id, role: 'owner' as const, created: false };
    }
    const [row] = await tx.query<{ role: CollaboratorRole; created: boolean }>(
      `INSERT INTO collection_collaborators (collection_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (collection_id, user_id) DO UPDATE
         SET role = CASE WHEN collection_collaborators.role = 'editor' THEN 'editor' ELSE EXCLUDED.role END
       RETURNING role, (xmax = 0) AS created`,
      [invite.collection_id, viewer.id, invite.role],
      'invite_accept',
    );
    if (row!.created) await assertRoomForCollaborator(tx, invite.collection_id, max);
    return { collection_id: invite.collection_id, role: row!.role, created: row!.created };
  });
}
