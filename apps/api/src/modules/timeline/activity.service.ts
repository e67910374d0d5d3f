import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';

/**
 * Something a person did that the people following them, or following the collection, may see on
 * "Seguindo" (issue 26, decision 045). Written by the service that does it, in its transaction;
 * whether a reader may see it is decided when it is read, never here.
 */
export type ActivityEvent =
  | {
      kind: 'collection_created' | 'collection_saved' | 'collection_liked';
      actorId: string;
      collectionId: string;
    }
  | { kind: 'item_added' | 'item_rated'; actorId: string; collectionId: string; itemId: string }
  | { kind: 'comment_added'; actorId: string; collectionId: string; commentId: string };

export async function recordActivity(db: Queryable, event: ActivityEvent): Promise<void> {
  await db.query(
    `INSERT INTO activities (id, actor_id, kind, collection_id, item_id, comment_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      newId(),
      event.actorId,
      event.kind,
      event.collectionId,
      'itemId' in event ? event.itemId : null,
      'commentId' in event ? event.commentId : null,
    ],
    'activity_insert',
  );
}
