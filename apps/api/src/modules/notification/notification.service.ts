import {
  COMPLETE_PROFILE_ID,
  type Notification,
  type NotificationKind,
  type NotificationPage,
} from '@acervo/contract/notification';
import type { Queryable } from '../../db/client.ts';
import type { Viewer } from '../access/access.policy.ts';
import { collectionVisibleTo, personHeardBy } from '../access/access.sql.ts';
import { cutPage, decodeCursor, isoUtc, isoUtcMicros } from '../collection/collection.service.ts';

/**
 * Something happened that someone else should hear about. Who hears it follows from the event:
 * - `new_follower`, `collaborator_added`: `recipientId`;
 * - `like`, `save`: the collection's owner;
 * - `item_added`, `item_changed`, `comment`: the collection's followers, collaborators and owner;
 * - `mention`, `reply`: `recipientId`, mentioned in a comment on `collectionId`, or the author of
 *   the comment replied to.
 * Whatever the kind, the actor is never notified, and a notice about a collection only goes to
 * someone who may read it.
 */
export type NotifyEvent =
  | { kind: 'new_follower'; actorId: string; recipientId: string }
  | { kind: 'like' | 'save'; actorId: string; collectionId: string }
  | { kind: 'collaborator_added'; actorId: string; recipientId: string; collectionId: string }
  | { kind: 'item_added' | 'item_changed' | 'comment'; actorId: string; collectionId: string }
  | { kind: 'mention' | 'reply'; actorId: string; recipientId: string; collectionId: string };

type StoredKind = Exclude<NotificationKind, 'complete_profile' | 'content_hidden' | 'import_done'>;

const TO_OWNER = `SELECT c.user_id AS recipient_id, c.id AS collection_id FROM collections c WHERE c.id = ev.collection_id`;

// UNION, not UNION ALL: someone who both follows and collaborates hears of it once.
const TO_FOLLOWERS_AND_OWNER = `
  SELECT r.user_id AS recipient_id, c.id AS collection_id
  FROM collections c
  CROSS JOIN LATERAL (
    SELECT f.user_id FROM collection_followers f WHERE f.collection_id = c.id
    UNION SELECT cc.user_id FROM collection_collaborators cc WHERE cc.collection_id = c.id
    UNION SELECT c.user_id
  ) r
  WHERE c.id = ev.collection_id AND ${collectionVisibleTo('c', 'r.user_id')}`;

/** Who hears of an event: `SELECT recipient_id, collection_id` over the event row `ev`. */
// Only someone who may read the collection: a mention never tells of a private one.
const TO_RECIPIENT_WHO_READS = `
    SELECT u.id AS recipient_id, c.id AS collection_id FROM users u JOIN collections c ON c.id = ev.collection_id
    WHERE u.id = ev.recipient_id AND ${collectionVisibleTo('c', 'u.id')}`;

const RECIPIENTS: Record<StoredKind, string> = {
  // Through `users`: an account deleted meanwhile is nobody to tell, not a foreign-key error.
  new_follower: `SELECT u.id AS recipient_id, NULL::text AS collection_id FROM users u WHERE u.id = ev.recipient_id`,
  like: TO_OWNER,
  save: TO_OWNER,
  collaborator_added: TO_RECIPIENT_WHO_READS,
  item_added: TO_FOLLOWERS_AND_OWNER,
  item_changed: TO_FOLLOWERS_AND_OWNER,
  comment: TO_FOLLOWERS_AND_OWNER,
  mention: TO_RECIPIENT_WHO_READS,
  reply: TO_RECIPIENT_WHO_READS,
};

/**
 * Coalescing: at most one unread notice per recipient, actor and subject (item additions and
 * changes of one collection are one subject). A repeat within the hour changes nothing; a repeat
 * later brings the same unread notice back to the top with the new time and kind. The unique
 * partial index makes this hold under concurrent writes too.
 *
 * Ids come from `gen_random_uuid()` (hex, 122 random bits) because one statement may fan out to
 * any number of recipients.
 */
const notifySql = (kind: StoredKind) => `
  WITH ev AS (
    SELECT $1::text AS actor_id, $2::text AS collection_id, $3::text AS recipient_id, $4::text AS kind
  )
  INSERT INTO notifications (id, recipient_id, kind, actor_id, collection_id)
  SELECT replace(gen_random_uuid()::text, '-', ''), r.recipient_id, ev.kind, ev.actor_id, r.collection_id
  FROM ev CROSS JOIN LATERAL (${RECIPIENTS[kind]}) r
  WHERE r.recipient_id <> ev.actor_id
  ON CONFLICT (recipient_id, actor_id, subject) WHERE read_at IS NULL
  DO UPDATE SET kind = EXCLUDED.kind, created_at = EXCLUDED.created_at
  WHERE notifications.created_at <= EXCLUDED.created_at - interval '1 hour'`;

export async function notify(db: Queryable, event: NotifyEvent): Promise<void> {
  const collectionId = 'collectionId' in event ? event.collectionId : null;
  const recipientId = 'recipientId' in event ? event.recipientId : null;
  await db.query(
    notifySql(event.kind),
    [event.actorId, collectionId, recipientId, event.kind],
    `notify_${event.kind}`,
  );
}

// ---- Reading ----

/**
 * Notices about a collection the recipient may no longer read (made private, hidden, blocked) are
 * not shown, nor any from someone the recipient may not see or muted. Over `n`, `a` (the actor)
 * and `c` (the collection, left-joined).
 */
const SHOWN = `(n.collection_id IS NULL OR ${collectionVisibleTo('c', 'n.recipient_id')})
  AND ${personHeardBy('a', 'n.recipient_id')}`;

/**
 * The account data the spec's notice asks for: every field of the account form. While one is
 * missing, the "complete your registration" notice is listed (it needs no row of its own).
 */
const ACCOUNT_INCOMPLETE = `(
  u.birthday IS NULL OR
  coalesce(btrim(u.alias_name), '') = '' OR coalesce(btrim(u.cellular), '') = '' OR
  coalesce(btrim(u.address), '') = '' OR coalesce(btrim(u.country), '') = '' OR
  coalesce(btrim(u.state), '') = '' OR coalesce(btrim(u.city), '') = '' OR
  coalesce(btrim(u.postal_code), '') = '')`;

const SUMMARY = `
  SELECT ${ACCOUNT_INCOMPLETE} AS incomplete, ${isoUtc('u.created_at')} AS since,
    (SELECT count(*)::int FROM notifications n JOIN users a ON a.id = n.actor_id
       LEFT JOIN collections c ON c.id = n.collection_id
     WHERE n.recipient_id = u.id AND n.read_at IS NULL AND ${SHOWN}) AS unread
  FROM users u WHERE u.id = $1`;

interface Summary {
  incomplete: boolean;
  since: string;
  unread: number;
}

async function summary(db: Queryable, viewer: Viewer): Promise<Summary> {
  const [row] = await db.query<Summary>(SUMMARY, [viewer.id], 'notification_summary');
  // The session was just resolved, so the user exists; a deleted-meanwhile user has nothing.
  return row ?? { incomplete: false, since: new Date().toISOString(), unread: 0 };
}

const unreadCount = (s: Summary) => s.unread + (s.incomplete ? 1 : 0);

/** The bell's badge: what `GET /notification` would count as unread. */
export async function unreadNotifications(db: Queryable, viewer: Viewer): Promise<number> {
  return unreadCount(await summary(db, viewer));
}

interface NotificationRow {
  id: string;
  kind: StoredKind | 'content_hidden' | 'import_done';
  actor_id: string;
  actor_name: string;
  collection_id: string | null;
  collection_name: string | null;
  created_at: string;
  read: boolean;
  sort_key: string;
}

const pageSql = (withCursor: boolean) => `
  SELECT n.id, n.kind, n.actor_id, a.name AS actor_name, n.collection_id, c.name AS collection_name,
    ${isoUtc('n.created_at')} AS created_at, n.read_at IS NOT NULL AS read,
    ${isoUtcMicros('n.created_at')} AS sort_key
  FROM notifications n
  JOIN users a ON a.id = n.actor_id
  LEFT JOIN collections c ON c.id = n.collection_id
  WHERE n.recipient_id = $1 AND ${SHOWN}
    ${withCursor ? 'AND (n.created_at, n.id) < ($3::timestamptz, $4)' : ''}
  ORDER BY n.created_at DESC, n.id DESC
  LIMIT $2`;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    // Operators are not named to the people whose content they hid; an import is one's own doing.
    actor:
      row.kind === 'content_hidden' || row.kind === 'import_done'
        ? null
        : { id: row.actor_id, name: row.actor_name },
    collection:
      row.collection_id === null ? null : { id: row.collection_id, name: row.collection_name ?? '' },
    created_at: row.created_at,
    read: row.read,
  };
}

/** The caller's notifications, newest first; the first page starts with `complete_profile`. */
export async function listNotifications(
  db: Queryable,
  viewer: Viewer,
  options: { limit: number; cursor?: string | undefined },
): Promise<NotificationPage> {
  const after = options.cursor ? decodeCursor(options.cursor, ['instant', 'id']) : [];
  const rows = await db.query<NotificationRow>(
    pageSql(Boolean(options.cursor)),
    [viewer.id, options.limit + 1, ...after],
    options.cursor ? 'notifications_page_after' : 'notifications_page',
  );
  const s = await summary(db, viewer);
  const { page, next_cursor } = cutPage(rows, options.limit, (row) => [row.sort_key, row.id]);
  const data = page.map(toNotification);
  if (!options.cursor && s.incomplete) {
    data.unshift({
      id: COMPLETE_PROFILE_ID,
      kind: 'complete_profile',
      actor: null,
      collection: null,
      created_at: s.since,
      read: false,
    });
  }
  return {
    data,
    next_cursor,
    unread: unreadCount(s),
  };
}

/** Marks the caller's given notifications (all when `ids` is absent) as read; others are ignored. */
export async function markRead(
  db: Queryable,
  viewer: Viewer,
  ids: string[] | undefined,
): Promise<{ unread: number }> {
  await db.query(
    `UPDATE notifications SET read_at = now()
     WHERE recipient_id = $1 AND read_at IS NULL AND ($2::text[] IS NULL OR id = ANY($2::text[]))`,
    [viewer.id, ids ?? null],
  );
  return { unread: unreadCount(await summary(db, viewer)) };
}

// ---- The digest (issue 26) ----

export interface UnreadNotice {
  kind: StoredKind | 'content_hidden';
  actor_id: string;
  actor_name: string;
  collection_id: string | null;
  collection_name: string | null;
}

/**
 * The recipient's unread notices from `since` on (that instant included: PGlite's clock counts whole
 * milliseconds, so a notice of the same millisecond shares it), newest first, at most `limit`, and
 * how many there are in all: what the bell would list as unread, so the same privacy rules hold.
 */
export async function unreadNoticesSince(
  db: Queryable,
  recipientId: string,
  /** An instant the database reads (ISO 8601, microseconds kept). */
  since: string,
  limit: number,
): Promise<{ notices: UnreadNotice[]; total: number }> {
  const rows = await db.query<UnreadNotice & { total: number }>(
    `SELECT n.kind, n.actor_id, a.name AS actor_name, n.collection_id, c.name AS collection_name,
       count(*) OVER ()::int AS total
     FROM notifications n
     JOIN users a ON a.id = n.actor_id
     LEFT JOIN collections c ON c.id = n.collection_id
     WHERE n.recipient_id = $1 AND n.read_at IS NULL AND n.created_at >= $2::timestamptz AND ${SHOWN}
     ORDER BY n.created_at DESC, n.id DESC
     LIMIT $3`,
    [recipientId, since, limit],
    'digest_unread_notices',
  );
  return { notices: rows.map(({ total: _total, ...notice }) => notice), total: rows[0]?.total ?? 0 };
}
