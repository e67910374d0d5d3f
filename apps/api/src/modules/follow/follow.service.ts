import { issue } from '@acervo/contract/validation';
import type { FollowState } from '@acervo/contract/social';
import type { UserProfile } from '@acervo/contract/user';
import type { Db, Queryable } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';
import type { Viewer } from '../access/access.policy.ts';
import { decodeCursor, encodeCursor, isoUtcMicros } from '../collection/collection.service.ts';
import { toggleRelation, type ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { assertPersonVisible, assertUserExists, pageProfiles } from '../user/user.service.ts';
import { personHeardBy, personVisibleTo } from '../access/access.sql.ts';
import { notify } from '../notification/notification.service.ts';

/** Follows a person; not oneself (400). */
export async function setUserFollow(
  db: Db,
  userId: string,
  viewer: Viewer,
  following: boolean,
  charge: ChargeDailyCap,
): Promise<{ state: FollowState; created: boolean }> {
  if (userId === viewer.id) throw validationFailed({ user_id: issue.followSelf });
  return db.transaction(async (tx) => {
    // The share lock keeps the account from being deleted under the new row. Someone a block
    // stands between does not exist for the viewer (and a block ended the follows). Both checks
    // are sent together (decision 079); either fails with the same 404.
    await Promise.all([
      assertUserExists(tx, userId, { lock: 'key share' }),
      assertPersonVisible(tx, userId, viewer),
    ]);
    const { created, read: rows } = await toggleRelation(
      tx,
      { table: 'user_followers', columns: ['followed_id', 'follower_id'] },
      [userId, viewer.id],
      following,
      { viewer, kind: 'follow', charge },
      () =>
        tx.query<{ total: number }>(
          'SELECT followers_count AS total FROM users WHERE id = $1',
          [userId],
          'user_followers_count',
        ),
      () => notify(tx, { kind: 'new_follower', actorId: viewer.id, recipientId: userId }),
    );
    return { state: { following, total_followers: rows[0]!.total }, created };
  });
}

// ---- People listings: profiles as the viewer sees them, LIMIT before the counts. ----

/** Which side of `user_followers` a listing matches on, and which side it lists. */
const DIRECTIONS = {
  followers: { match: 'followed_id', person: 'follower_id' },
  following: { match: 'follower_id', person: 'followed_id' },
} as const;

export interface PeoplePage {
  data: UserProfile[];
  next_cursor: string | null;
}

type PersonRow = UserProfile & { sort_key: string };

/** Who follows `userId` (`followers`) or whom they follow (`following`), newest follow first. */
export async function listFollows(
  db: Queryable,
  direction: keyof typeof DIRECTIONS,
  userId: string,
  viewer: Viewer,
  options: { limit: number; cursor?: string | undefined },
): Promise<PeoplePage> {
  const { match, person } = DIRECTIONS[direction];
  const after = options.cursor ? decodeCursor(options.cursor, ['instant', 'id']) : [];
  await assertPersonVisible(db, userId, viewer);
  const rows = await db.query<PersonRow>(
    `WITH page AS (
       SELECT f.${person} AS id, f.created_at, ${isoUtcMicros('f.created_at')} AS sort_key
       FROM user_followers f JOIN users u ON u.id = f.${person}
       WHERE f.${match} = $1 AND ${personVisibleTo('u', '$2')}${options.cursor ? ` AND (f.created_at, f.${person}) < ($4::timestamptz, $5)` : ''}
       ORDER BY f.created_at DESC, f.${person} DESC
       LIMIT $3
     )
     ${pageProfiles('$2', 'p.created_at DESC, p.id DESC', ', p.sort_key')}`,
    [userId, viewer.id, options.limit + 1, ...after],
    `people_${direction}${options.cursor ? '_after' : ''}`,
  );
  const more = rows.length > options.limit;
  const page = more ? rows.slice(0, options.limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(({ sort_key: _s, ...profile }) => profile),
    next_cursor: more && last ? encodeCursor([last.sort_key, last.id]) : null,
  };
}

/** The most followed people other than the viewer (the Pessoas tab). */
export async function listPopularPeople(
  db: Queryable,
  viewer: Viewer,
  limit: number,
): Promise<UserProfile[]> {
  return db.query<UserProfile>(
    `WITH page AS (
       SELECT u.id, u.followers_count FROM users u WHERE u.id <> $1 AND ${personHeardBy('u', '$1')}
       ORDER BY u.followers_count DESC, u.id LIMIT $2
     )
     ${pageProfiles('$1', 'p.followers_count DESC, p.id')}`,
    [viewer.id, limit],
    'people_popular',
  );
}

/**
 * People followed by those the viewer follows, whom the viewer does not follow yet, the most
 * shared first (the Pessoas tab, next to the popular ones).
 */
export async function listNetworkPeople(
  db: Queryable,
  viewer: Viewer,
  limit: number,
): Promise<UserProfile[]> {
  return db.query<UserProfile>(
    `WITH page AS (
       SELECT theirs.followed_id AS id, count(*) AS shared
       FROM user_followers mine
       JOIN user_followers theirs ON theirs.follower_id = mine.followed_id
       JOIN users u ON u.id = theirs.followed_id
       WHERE mine.follower_id = $1 AND theirs.followed_id <> $1 AND ${personHeardBy('u', '$1')}
         AND NOT EXISTS (
           SELECT 1 FROM user_followers already
           WHERE already.followed_id = theirs.followed_id AND already.follower_id = $1)
       GROUP BY theirs.followed_id
       ORDER BY shared DESC, theirs.followed_id
       LIMIT $2
     )
     ${pageProfiles('$1', 'p.shared DESC, p.id')}`,
    [viewer.id, limit],
    'people_network',
  );
}
