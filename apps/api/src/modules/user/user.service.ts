import type { AccountFields, UserAccount, UserProfile } from '@acervo/contract/user';
import type { Queryable } from '../../db/client.ts';
import { AppError, forbidden } from '../../lib/app-error.ts';
import { visibleToViewer, type Viewer } from '../collection/collection.policy.ts';

type UserRow = UserAccount;

export const userNotFound = () => new AppError(404, 'NOT_FOUND', 'Usuário não encontrado.');

export async function userExists(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE id = $1', [id], 'user_exists');
  return rows.length > 0;
}

// Counts follow the same read rule as the listings: a stranger never counts private collections
// (nor their likes); the user themself counts everything.
const USER_BY_ID = `
  SELECT u.id, u.name, u.picture, u.email, u.alias_name, u.cellular,
    to_char(u.birthday, 'YYYY-MM-DD') AS birthday, u.address, u.country, u.state, u.city, u.postal_code,
    coalesce(s.total_collections, 0)::int AS total_collections,
    coalesce(s.total_likes, 0)::int AS total_likes,
    (SELECT count(*)::int FROM user_followers f WHERE f.followed_id = u.id) AS total_followers
  FROM users u
  LEFT JOIN LATERAL (
    SELECT count(*) AS total_collections, sum(c.likes_count) AS total_likes
    FROM collections c WHERE c.user_id = u.id AND ${visibleToViewer('c', '$2')}
  ) s ON true
  WHERE u.id = $1`;

function profileOf(row: UserRow): UserProfile {
  const { id, name, picture, total_collections, total_followers, total_likes } = row;
  return { id, name, picture, total_collections, total_followers, total_likes };
}

/** Anyone signed in sees the profile; only the user themself sees the account fields. */
export async function getUser(db: Queryable, id: string, viewer: Viewer): Promise<UserProfile | UserAccount> {
  const [row] = await db.query<UserRow>(USER_BY_ID, [id, viewer.id], 'user_by_id');
  if (!row) throw userNotFound();
  return row.id === viewer.id ? row : profileOf(row);
}

export async function updateAccount(
  db: Queryable,
  id: string,
  viewer: Viewer,
  fields: AccountFields,
): Promise<UserAccount> {
  if (id !== viewer.id) throw (await userExists(db, id)) ? forbidden() : userNotFound();
  await db.query(
    `UPDATE users SET name = $2, alias_name = $3, cellular = $4, birthday = $5::date, address = $6,
       country = $7, state = $8, city = $9, postal_code = $10, updated_at = now()
     WHERE id = $1`,
    [
      id,
      fields.name,
      fields.alias_name,
      fields.cellular,
      fields.birthday,
      fields.address,
      fields.country,
      fields.state,
      fields.city,
      fields.postal_code,
    ],
  );
  return (await getUser(db, id, viewer)) as UserAccount;
}
