import type { Db } from '../../db/client.ts';
import { assertCan, can, collectionNotFound, type Viewer } from '../access/access.policy.ts';
import { findGuarded } from '../collection/collection.service.ts';
import { toggleRelation, type ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { notify } from '../notification/notification.service.ts';
import { recordActivity } from '../timeline/activity.service.ts';

/**
 * What a reader can do to a collection: like it (own ones included) or follow it to hear about
 * its changes (not one's own). Each is a row per person, counted by a trigger.
 */
const REACTIONS = {
  like: { table: 'collection_likes', count: 'likes_count', action: 'react' },
  follow: { table: 'collection_followers', count: 'followers_count', action: 'follow' },
} as const;
export type Reaction = keyof typeof REACTIONS;

/**
 * Turns the viewer's like or follow on or off, idempotently, and reads the new total back in the
 * same transaction. `created` says it is new (the moment to notify the owner).
 */
export async function setReaction(
  db: Db,
  reaction: Reaction,
  collectionId: string,
  viewer: Viewer,
  on: boolean,
  charge: ChargeDailyCap,
): Promise<{ total: number; created: boolean }> {
  const { table, count, action } = REACTIONS[reaction];
  return db.transaction(async (tx) => {
    // The share lock keeps the collection from being deleted under the new row.
    const guard = await findGuarded(tx, collectionId, viewer, { lock: 'share' });
    if (guard && !on && !can('read', guard, viewer)) {
      // The collection became private (issue 23): one's own like or follow can still be taken
      // back. The answer tells nothing of it (total 0); with nothing to take back, the same 404 as
      // for a collection that does not exist.
      const removed = await tx.query(
        `DELETE FROM ${table} WHERE collection_id = $1 AND user_id = $2 RETURNING 1`,
        [collectionId, viewer.id],
        `collection_${reaction}_take_back_unseen`,
      );
      if (removed.length === 0) throw collectionNotFound();
      return { total: 0, created: false };
    }
    const role = assertCan(action, guard, viewer);
    const liked = reaction === 'like';
    const { created, read: rows } = await toggleRelation(
      tx,
      { table, columns: ['collection_id', 'user_id'] },
      [collectionId, viewer.id],
      on,
      { viewer, kind: reaction, charge },
      () =>
        tx.query<{ total: number }>(
          `SELECT ${count} AS total FROM collections WHERE id = $1`,
          [collectionId],
          `collection_${reaction}_total`,
        ),
      () =>
        Promise.all([
          // The owner hears of a new like; following a collection is the follower's own business.
          liked && notify(tx, { kind: 'like', actorId: viewer.id, collectionId }),
          // Liking one's own collection is no news for one's followers.
          liked &&
            role !== 'owner' &&
            recordActivity(tx, { kind: 'collection_liked', actorId: viewer.id, collectionId }),
        ]),
    );
    return { total: rows[0]!.total, created };
  });
}
