import type { BlockedPerson, RelationState } from '@acervo/contract/safety';
import { BLOCKED_LIST_MAX } from '@acervo/contract/safety';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';
import type { Viewer } from '../access/access.policy.ts';
import type { ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { assertUserExists } from '../user/user.service.ts';

/**
 * Blocks and mutes (issue 23). What they hide is decided by the access module, which reads
 * `user_blocks` and `user_mutes`; this module only records them and ends what a block ends.
 */

async function relationState(db: Queryable, viewer: Viewer, userId: string): Promise<RelationState> {
  const [row] = await db.query<RelationState>(
    `SELECT EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = $2) AS blocked,
       EXISTS (SELECT 1 FROM user_mutes WHERE muter_id = $1 AND muted_id = $2) AS muted`,
    [viewer.id, userId],
    'relation_state',
  );
  return row!;
}

const RELATIONS = {
  block: { table: 'user_blocks', by: 'blocker_id', of: 'blocked_id' },
  mute: { table: 'user_mutes', by: 'muter_id', of: 'muted_id' },
} as const;

/**
 * A block ends, both ways, what ties the two people: follows of each other and of each other's
 * collections, and collaborations on each other's collections (the counters follow by trigger).
 * Likes stay counted but neither can see the other's collections again while it stands.
 */
const END_TIES = [
  `DELETE FROM user_followers WHERE (follower_id = $1 AND followed_id = $2) OR (follower_id = $2 AND followed_id = $1)`,
  `DELETE FROM collection_followers f USING collections c
   WHERE c.id = f.collection_id AND ((f.user_id = $1 AND c.user_id = $2) OR (f.user_id = $2 AND c.user_id = $1))`,
  `DELETE FROM collection_collaborators cc USING collections c
   WHERE c.id = cc.collection_id AND ((cc.user_id = $1 AND c.user_id = $2) OR (cc.user_id = $2 AND c.user_id = $1))`,
];

/** Turns a block or a mute of `userId` on or off, idempotently; a new one is charged to the daily cap. */
export async function setRelation(
  db: Db,
  kind: keyof typeof RELATIONS,
  userId: string,
  viewer: Viewer,
  on: boolean,
  charge: ChargeDailyCap,
): Promise<RelationState> {
  if (userId === viewer.id) throw validationFailed({ user_id: issue.blockSelf });
  const { table, by, of } = RELATIONS[kind];
  return db.transaction(async (tx) => {
    // Whoever blocked the viewer may still be blocked back, so existence is all that is checked.
    await assertUserExists(tx, userId, { lock: 'key share' });
    if (!on) {
      await tx.query(`DELETE FROM ${table} WHERE ${by} = $1 AND ${of} = $2`, [viewer.id, userId]);
    } else {
      const inserted = await tx.query(
        `INSERT INTO ${table} (${by}, ${of}) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [viewer.id, userId],
      );
      if (inserted.length > 0) {
        await charge(tx, viewer, 'block');
        if (kind === 'block') for (const sql of END_TIES) await tx.query(sql, [viewer.id, userId]);
      }
    }
    return relationState(tx, viewer, userId);
  });
}

/** Everyone the viewer blocked or muted, newest first. */
export async function listBlocked(db: Queryable, viewer: Viewer): Promise<BlockedPerson[]> {
  return db.query<BlockedPerson>(
    `WITH mine AS (
       SELECT blocked_id AS id, created_at FROM user_blocks WHERE blocker_id = $1
       UNION ALL SELECT muted_id, created_at FROM user_mutes WHERE muter_id = $1
     ), page AS (
       SELECT id, max(created_at) AS at FROM mine GROUP BY id ORDER BY max(created_at) DESC, id LIMIT $2
     )
     SELECT u.id, u.name, u.picture,
       EXISTS (SELECT 1 FROM user_blocks WHERE blocker_id = $1 AND blocked_id = u.id) AS blocked,
       EXISTS (SELECT 1 FROM user_mutes WHERE muter_id = $1 AND muted_id = u.id) AS muted
     FROM page p JOIN users u ON u.id = p.id
     ORDER BY p.at DESC, u.id`,
    [viewer.id, BLOCKED_LIST_MAX],
    'blocked_list',
  );
}
