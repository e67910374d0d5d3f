import {
  userProfileSchema,
  type AccountFields,
  type UserAccount,
  type UserProfile,
} from '@acervo/contract/user';
import type { Queryable } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import {
  assertCanSeePerson,
  userNotFound,
  type GuardedPerson,
  type Viewer,
} from '../access/access.policy.ts';
import { collectionVisibleTo, mutedBy, personGuardColumns } from '../access/access.sql.ts';
import { assertNoBlockedTerms } from '../moderation/blocked-terms.ts';

type UserRow = UserAccount & GuardedPerson;

export { userNotFound };

/** 404 unless the person exists and the viewer may see them (no block, not suspended). */
export async function assertPersonVisible(db: Queryable, id: string, viewer: Viewer | null): Promise<void> {
  const [row] = await db.query<GuardedPerson>(
    `SELECT ${personGuardColumns('u', '$2')} FROM users u WHERE u.id = $1`,
    [id, viewer?.id ?? null],
    'person_guard',
  );
  assertCanSeePerson(row, viewer);
}

/**
 * Whether the account exists. `lock: 'key share'` (inside a transaction) also keeps it from being
 * deleted until the transaction ends, so a row that points at it can be inserted safely.
 */
export async function userExists(
  db: Queryable,
  id: string,
  { lock }: { lock?: 'key share' } = {},
): Promise<boolean> {
  const rows = lock
    ? await db.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [id], 'user_exists_share')
    : await db.query('SELECT 1 FROM users WHERE id = $1', [id], 'user_exists');
  return rows.length > 0;
}

/** 404 unless the account exists (see `userExists` for the lock). */
export async function assertUserExists(
  db: Queryable,
  id: string,
  options: { lock?: 'key share' } = {},
): Promise<void> {
  if (!(await userExists(db, id, options))) throw userNotFound();
}

/** Only the person may change their own account: 403 for someone else's, 404 for nobody's. */
export async function assertOwnAccount(db: Queryable, id: string, viewer: Viewer): Promise<void> {
  if (id !== viewer.id) throw (await userExists(db, id)) ? forbidden() : userNotFound();
}

/** The language of the person's mails. */
export async function setLocale(
  db: Queryable,
  id: string,
  viewer: Viewer,
  locale: 'pt' | 'en',
): Promise<void> {
  await assertOwnAccount(db, id, viewer);
  await db.query('UPDATE users SET locale = $2 WHERE id = $1', [id, locale]);
}

/**
 * A profile's columns over `u` (users) as seen by the viewer in `viewerParam`; pair it with
 * `profileCounts` in FROM. Counts follow the same read rule as the listings: a stranger never
 * counts private collections (nor their likes); the user themself and collaborators do.
 */
const profileColumns = (viewerParam: string) => `
  u.id, u.name, u.picture,
  coalesce(s.total_collections, 0)::int AS total_collections,
  coalesce(s.total_likes, 0)::int AS total_likes,
  u.followers_count AS total_followers, u.following_count AS total_following,
  EXISTS (SELECT 1 FROM user_followers f WHERE f.followed_id = u.id AND f.follower_id = ${viewerParam}) AS followed_by_me`;

const profileCounts = (viewerParam: string) => `
  LEFT JOIN LATERAL (
    SELECT count(*) AS total_collections, sum(c.likes_count) AS total_likes
    FROM collections c WHERE c.user_id = u.id AND ${collectionVisibleTo('c', viewerParam)}
  ) s ON true`;

/**
 * The profiles of the people in a `page` CTE (people's ids in column `id`), ordered by `orderBy`
 * over `p` (the page) and `u` (users): listings cut the page first, then count per person.
 */
export const pageProfiles = (viewerParam: string, orderBy: string, extraColumns = '') => `
  SELECT ${profileColumns(viewerParam)}${extraColumns}
  FROM page p JOIN users u ON u.id = p.id ${profileCounts(viewerParam)}
  ORDER BY ${orderBy}`;

const USER_BY_ID = `
  SELECT ${profileColumns('$2')}, ${personGuardColumns('u', '$2')},
    ${mutedBy('u.id', '$2')} AS muted_by_me, u.email, u.email_verified_at IS NOT NULL AS email_verified,
    u.alias_name, u.cellular,
    to_char(u.birthday, 'YYYY-MM-DD') AS birthday, u.address, u.country, u.state, u.city, u.postal_code
  FROM users u ${profileCounts('$2')}
  WHERE u.id = $1`;

/** The profile schema keeps only its own keys: the account fields stay out. */
function profileOf(row: UserRow): UserProfile {
  return userProfileSchema.parse(row);
}

/** Anyone signed in sees the profile; only the user themself sees the account fields. */
export async function getUser(db: Queryable, id: string, viewer: Viewer): Promise<UserProfile | UserAccount> {
  const [row] = await db.query<UserRow>(USER_BY_ID, [id, viewer.id], 'user_by_id');
  assertCanSeePerson(row, viewer);
  const { blocked: _blocked, suspended: _suspended, muted_by_me: _muted, ...account } = row!;
  return account.id === viewer.id ? account : profileOf(row!);
}

export async function updateAccount(
  db: Queryable,
  id: string,
  viewer: Viewer,
  fields: AccountFields,
): Promise<UserAccount> {
  await assertOwnAccount(db, id, viewer);
  await assertNoBlockedTerms(db, { name: fields.name, alias_name: fields.alias_name });
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
