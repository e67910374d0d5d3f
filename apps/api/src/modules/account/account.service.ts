import type { AccountDeletionBody } from '@acervo/contract/account';
import type { Db, Queryable } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { Viewer } from '../access/access.policy.ts';
import { collectionVisibleTo } from '../access/access.sql.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { deleteImageFiles, imagesUnder, releaseImages } from '../media/image.service.ts';
import { deletePictureFiles } from '../media/media.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { assertOwnAccount, userNotFound } from '../user/user.service.ts';

/**
 * Everything stored about one person (LGPD portability), each part one query over rows that are
 * theirs or that they did. Dates are ISO strings; the password hash and session tokens stay out.
 * Each list is read in pages (its ORDER BY ends in a unique column, so LIMIT/OFFSET pages neither
 * skip nor repeat rows) and written out as it is read (issue 23: one export built in memory took
 * 1.5 GB). A collection the person liked, followed or collaborates on but may no longer see (made
 * private, hidden by an operator, its owner suspended) is listed by id only.
 */
const EXPORT_PARTS = {
  account: `
    SELECT id, name, email, alias_name, cellular, to_char(birthday, 'YYYY-MM-DD') AS birthday, address,
      country, state, city, postal_code, picture, personalize, share_activity, digest, created_at, updated_at
    FROM users WHERE id = $1`,
  sessions: `SELECT created_at, expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at, token_hash`,
  collections: `
    SELECT c.id, c.name, c.description, cat.name AS category, c.private, c.location, c.saved_from_id,
      c.followers_count, c.likes_count, c.created_at, c.updated_at,
      coalesce((SELECT json_agg(json_build_object('id', i.id, 'name', i.name, 'description', i.description,
          'rating', i.rating, 'position', i.position, 'created_at', i.created_at, 'updated_at', i.updated_at)
        ORDER BY i.position, i.id) FROM collection_items i WHERE i.collection_id = c.id), '[]') AS items
    FROM collections c JOIN categories cat ON cat.id = c.category_id
    WHERE c.user_id = $1 ORDER BY c.created_at, c.id`,
  people_followed: `
    SELECT u.id, u.name, f.created_at FROM user_followers f JOIN users u ON u.id = f.followed_id
    WHERE f.follower_id = $1 ORDER BY f.created_at, u.id`,
  followers: `
    SELECT u.id, u.name, f.created_at FROM user_followers f JOIN users u ON u.id = f.follower_id
    WHERE f.followed_id = $1 ORDER BY f.created_at, u.id`,
  collections_followed: `
    SELECT c.id, CASE WHEN ${collectionVisibleTo('c', '$1')} THEN c.name END AS name, f.created_at
    FROM collection_followers f JOIN collections c ON c.id = f.collection_id
    WHERE f.user_id = $1 ORDER BY f.created_at, c.id`,
  likes: `
    SELECT c.id, CASE WHEN ${collectionVisibleTo('c', '$1')} THEN c.name END AS name, l.created_at
    FROM collection_likes l JOIN collections c ON c.id = l.collection_id
    WHERE l.user_id = $1 ORDER BY l.created_at, c.id`,
  saves: `
    SELECT c.id AS copy_id, c.name, c.saved_from_id, c.created_at FROM collections c
    WHERE c.user_id = $1 AND c.saved_from_id IS NOT NULL ORDER BY c.created_at, c.id`,
  collaborations: `
    SELECT c.id, CASE WHEN ${collectionVisibleTo('c', '$1')} THEN c.name END AS name, owner.name AS owner_name,
      cc.role, cc.created_at
    FROM collection_collaborators cc JOIN collections c ON c.id = cc.collection_id
    JOIN users owner ON owner.id = c.user_id
    WHERE cc.user_id = $1 ORDER BY cc.created_at, c.id`,
  notifications: `
    SELECT n.id, n.kind, actor.name AS actor_name, n.collection_id, n.created_at, n.read_at
    FROM notifications n JOIN users actor ON actor.id = n.actor_id
    WHERE n.recipient_id = $1 ORDER BY n.created_at, n.id`,
  // What "Seguindo" shows of the person (issue 26); a collection they may no longer see by id only.
  activity: `
    SELECT a.id, a.kind, a.collection_id, CASE WHEN ${collectionVisibleTo('c', '$1')} THEN c.name END AS collection_name,
      a.item_id, a.created_at
    FROM activities a JOIN collections c ON c.id = a.collection_id
    WHERE a.actor_id = $1 ORDER BY a.created_at, a.id`,
  comments: `
    SELECT cm.id, cm.collection_id, CASE WHEN ${collectionVisibleTo('c', '$1')} THEN c.name END AS collection_name,
      cm.collection_item_id, cm.parent_id, cm.body, cm.created_at, cm.edited_at
    FROM comments cm JOIN collections c ON c.id = cm.collection_id
    WHERE cm.author_id = $1 ORDER BY cm.created_at, cm.id`,
} as const;

/** Rows per query: a page of collections carries their items (up to 1,000 each). */
const pageRows = (part: string) => (part === 'collections' ? 20 : 500);

/**
 * Checks the caller may export `id` and reads the account row (so a refusal is still a plain 4xx),
 * then hands back the rest as JSON text in pieces, each list read a page at a time.
 */
export async function openAccountExport(
  db: Queryable,
  id: string,
  viewer: Viewer,
): Promise<{ exportedAt: string; chunks: AsyncGenerator<string> }> {
  await assertOwnAccount(db, id, viewer);
  const [account] = await db.query(EXPORT_PARTS.account, [id], 'export_account');
  if (!account) throw userNotFound();
  const exportedAt = new Date().toISOString();
  return { exportedAt, chunks: exportChunks(db, id, exportedAt, account) };
}

async function* exportChunks(
  db: Queryable,
  id: string,
  exportedAt: string,
  account: unknown,
): AsyncGenerator<string> {
  yield `{"exported_at":${JSON.stringify(exportedAt)},"account":${JSON.stringify(account)}`;
  for (const [part, sql] of Object.entries(EXPORT_PARTS)) {
    if (part === 'account') continue;
    yield `,${JSON.stringify(part)}:[`;
    const size = pageRows(part);
    for (let offset = 0; ; offset += size) {
      const rows = await db.query(`${sql} LIMIT $2 OFFSET $3`, [id, size, offset], `export_${part}`);
      if (rows.length > 0) yield (offset > 0 ? ',' : '') + rows.map((row) => JSON.stringify(row)).join(',');
      if (rows.length < size) break;
    }
    yield ']';
  }
  yield '}';
}

/**
 * Removes the account and, through the schema's ON DELETE rules, its sessions, collections (with
 * their items, likes, follows and comments), its own follows, likes, comments, collaborations and
 * notifications. The
 * counter triggers run for every removed follow and like, so other people's counts follow.
 * Collections it collaborated on stay with their owners; saved copies others made of its
 * collections stay theirs (saved_from_id becomes null). A confirmation mail is queued in the same
 * transaction.
 */
export async function deleteAccount(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
  body: AccountDeletionBody,
): Promise<void> {
  await assertOwnAccount(db, id, viewer);
  const [row] = await db.query<{
    name: string;
    email: string;
    locale: 'pt' | 'en';
    password_hash: string | null;
    picture: string | null;
  }>(
    'SELECT name, email, locale, password_hash, picture FROM users WHERE id = $1',
    [id],
    'account_for_deletion',
  );
  if (!row) throw userNotFound();
  if (row.password_hash) {
    if (!body.password) throw validationFailed({ password: 'deletionPasswordRequired' });
    if (!(await verifyPassword(row.password_hash, body.password))) {
      throw validationFailed({ password: 'deletionPasswordWrong' });
    }
  } else if (body.email?.toLowerCase() !== row.email) {
    // An account without a password (provider sign-in) confirms by typing its e-mail.
    throw validationFailed({ email: 'deletionEmailMismatch' });
  }
  const released = await db.transaction(async (tx) => {
    const images = await imagesUnder(tx, { userId: id });
    await tx.query('DELETE FROM users WHERE id = $1', [id], 'account_delete');
    // The confirmation goes to the address the account had, queued with the deletion itself.
    await enqueueMail(tx, {
      to: row.email,
      locale: row.locale,
      template: 'account_deleted',
      data: { name: row.name },
    });
    // Pictures of the person's collections, except those saved copies of other people still show.
    return releaseImages(tx, images);
  });
  await deletePictureFiles(storage, row.picture);
  await deleteImageFiles(storage, released);
}
