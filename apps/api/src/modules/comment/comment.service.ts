import {
  COMMENT_MENTIONS_MAX,
  MENTION_SUGGESTIONS_MAX,
  type Comment,
  type CommentPage,
  type MentionablePerson,
} from '@acervo/contract/comment';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import {
  assertCan,
  assertCanComment,
  can,
  canDeleteComment,
  canEditComment,
  roleOf,
  type CollectionRole,
  type GuardedCollection,
  type GuardedComment,
  type Viewer,
} from '../access/access.policy.ts';
import {
  commentHiddenReasonFor,
  commentShownTo,
  commentShownWithParentTo,
  guardColumns,
  mentionableBy,
  personVisibleTo,
} from '../access/access.sql.ts';
import { cutPage, decodeCursor, isoUtc, isoUtcMicros } from '../collection/collection.service.ts';
import { itemNotFound, loadItem } from '../collection-item/collection-item.service.ts';
import type { ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { assertNoBlockedTerms } from '../moderation/blocked-terms.ts';
import { notify } from '../notification/notification.service.ts';
import { recordActivity } from '../timeline/activity.service.ts';

/**
 * Comments on collections and on their items (issue 26). Who reads which is the access module's
 * rule (`commentShownTo`, `assertCanComment`); this module stores, pages and notifies.
 */

/** What a comment is about: the collection itself, or one of its items. */
export type CommentTarget = { kind: 'collection'; id: string } | { kind: 'item'; id: string };

export const commentsClosed = () =>
  new AppError(403, 'COMMENTS_CLOSED', 'O dono desta coleção desativou os comentários.');

type GuardedTarget = GuardedCollection & { comments_enabled: boolean };

const TARGET_COLLECTION = (lock: boolean) => `
  SELECT ${guardColumns('c', '$2')}, c.comments_enabled FROM collections c WHERE c.id = $1${lock ? ' FOR NO KEY UPDATE OF c' : ''}`;

/**
 * The collection a target belongs to, as the viewer sees it: 404 unless they may read it (an item
 * hidden from them too). With `lock`, the collection row is locked as the count trigger will lock
 * it anyway, but first: comment writes on one collection, and item deletions (which lock it too),
 * then queue in one order and cannot deadlock (a plain FOR SHARE deadlocked two comments at once).
 */
async function resolveTarget(
  db: Queryable,
  target: CommentTarget,
  viewer: Viewer | null,
  lock = false,
): Promise<{ collectionId: string; itemId: string | null; guard: GuardedTarget }> {
  const collectionId =
    target.kind === 'item' ? (await loadItem(db, target.id, viewer, 'read')).collection_id : target.id;
  const [guard] = await db.query<GuardedTarget>(
    TARGET_COLLECTION(lock),
    [collectionId, viewer?.id ?? null],
    lock ? 'comment_target_lock' : 'comment_target',
  );
  assertCan('read', guard, viewer);
  // An item deleted while this waited for the lock is a 404, not a foreign-key error.
  if (lock && target.kind === 'item') {
    const [item] = await db.query('SELECT 1 FROM collection_items WHERE id = $1', [target.id]);
    if (!item) throw itemNotFound();
  }
  return { collectionId, itemId: target.kind === 'item' ? target.id : null, guard: guard! };
}

interface CommentRow {
  id: string;
  collection_id: string;
  collection_item_id: string | null;
  parent_id: string | null;
  author_id: string;
  author_name: string;
  author_picture: string | null;
  body: string;
  mentions: { id: string; name: string }[];
  created_at: string;
  edited_at: string | null;
  hidden_reason: string | null;
  thread_key: string;
  thread_id: string;
  sort_key: string;
}

/** A comment's columns over `cm` as the viewer in `viewer` sees it. */
const commentColumns = (viewer: string) => `
  cm.id, cm.collection_id, cm.collection_item_id, cm.parent_id, cm.author_id,
  u.name AS author_name, u.picture AS author_picture, cm.body,
  coalesce((SELECT json_agg(json_build_object('id', mu.id, 'name', mu.name) ORDER BY mu.name)
            FROM users mu WHERE mu.id = ANY(cm.mentions) AND ${personVisibleTo('mu', viewer)}), '[]'::json) AS mentions,
  ${isoUtc('cm.created_at')} AS created_at,
  CASE WHEN cm.edited_at IS NOT NULL THEN ${isoUtc('cm.edited_at')} END AS edited_at,
  ${commentHiddenReasonFor('cm', viewer)} AS hidden_reason,
  ${isoUtcMicros('cm.thread_at')} AS thread_key, cm.thread_id, ${isoUtcMicros('cm.created_at')} AS sort_key`;

const pageSql = (on: 'collection' | 'item', withCursor: boolean) => `
  SELECT ${commentColumns('$2')}
  FROM comments cm JOIN users u ON u.id = cm.author_id
  WHERE ${on === 'collection' ? 'cm.collection_id = $1 AND cm.collection_item_id IS NULL' : 'cm.collection_item_id = $1'}
    AND ${commentShownWithParentTo('cm', '$2')}
    ${withCursor ? 'AND (cm.thread_at, cm.thread_id, cm.created_at, cm.id) > ($4::timestamptz, $5, $6::timestamptz, $7)' : ''}
  ORDER BY cm.thread_at, cm.thread_id, cm.created_at, cm.id
  LIMIT $3`;

function toComment(row: CommentRow, role: CollectionRole, viewer: Viewer | null): Comment {
  const guard: GuardedComment = { author_id: row.author_id, comment_shown: true };
  return {
    id: row.id,
    collection_id: row.collection_id,
    collection_item_id: row.collection_item_id,
    parent_id: row.parent_id,
    author: { id: row.author_id, name: row.author_name, picture: row.author_picture },
    body: row.body,
    mentions: row.mentions,
    created_at: row.created_at,
    edited_at: row.edited_at,
    can_edit: canEditComment(guard, viewer),
    can_delete: canDeleteComment(guard, role, viewer),
    ...(row.hidden_reason ? { hidden_reason: row.hidden_reason } : {}),
  };
}

/**
 * A page of comments on the target: threads oldest first, each comment followed by its replies
 * (newest last), cut by a keyset so that pages never skip or repeat a comment, even while new
 * ones arrive (they come after every cursor).
 */
export async function listComments(
  db: Queryable,
  target: CommentTarget,
  viewer: Viewer | null,
  query: { limit: number; cursor?: string | undefined },
): Promise<CommentPage> {
  const { collectionId, guard } = await resolveTarget(db, target, viewer);
  const after = query.cursor ? decodeCursor(query.cursor, ['instant', 'id', 'instant', 'id']) : [];
  const rows = await db.query<CommentRow>(
    pageSql(target.kind, Boolean(query.cursor)),
    [target.kind === 'item' ? target.id : collectionId, viewer?.id ?? null, query.limit + 1, ...after],
    `comments_${target.kind}_page${query.cursor ? '_after' : ''}`,
  );
  const role = roleOf(guard, viewer);
  const { page, next_cursor } = cutPage(rows, query.limit, (row) => [
    row.thread_key,
    row.thread_id,
    row.sort_key,
    row.id,
  ]);
  return {
    data: page.map((row) => toComment(row, role, viewer)),
    next_cursor,
    comments_enabled: guard.comments_enabled,
    can_comment: guard.comments_enabled && can('comment', guard, viewer),
  };
}

const COMMENT_BY_ID = (lock: boolean) => `
  SELECT ${commentColumns('$2')}, cm.thread_at, ${commentShownTo('cm', '$2')} AS comment_shown, ${guardColumns('c', '$2')}
  FROM comments cm JOIN users u ON u.id = cm.author_id JOIN collections c ON c.id = cm.collection_id
  WHERE cm.id = $1${lock ? ' FOR NO KEY UPDATE OF cm' : ''}`;

type GuardedCommentRow = CommentRow & GuardedComment & GuardedCollection;

async function loadComment(db: Queryable, id: string, viewer: Viewer | null, lock = false) {
  const [row] = await db.query<GuardedCommentRow>(
    COMMENT_BY_ID(lock),
    [id, viewer?.id ?? null],
    lock ? 'comment_by_id_lock' : 'comment_by_id',
  );
  return row;
}

/** What an operator or a reporter needs of a comment the viewer may see: its author. 404 otherwise. */
export async function findCommentAuthor(db: Queryable, id: string, viewer: Viewer): Promise<string> {
  const row = await loadComment(db, id, viewer);
  assertCanComment('read', row, viewer);
  return row!.author_id;
}

async function commentAs(db: Queryable, id: string, viewer: Viewer): Promise<Comment> {
  const row = await loadComment(db, id, viewer);
  const role = assertCanComment('read', row, viewer);
  return toComment(row!, role, viewer);
}

// ---- Mentions ----

/** Between namesakes and in suggestions: the owner, then people who commented here, then people the writer follows. */
const MENTION_ORDER = `(u.id = c.user_id) DESC,
  EXISTS (SELECT 1 FROM comments o WHERE o.collection_id = c.id AND o.author_id = u.id) DESC,
  EXISTS (SELECT 1 FROM user_followers f WHERE f.follower_id = $3 AND f.followed_id = u.id) DESC`;

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * `@` autocomplete: people the writer may mention on this collection whose name, or a word of it,
 * starts with `q` (case-insensitive), the likeliest first.
 */
export async function mentionable(
  db: Queryable,
  collectionId: string,
  viewer: Viewer,
  q: string,
): Promise<MentionablePerson[]> {
  const { guard } = await resolveTarget(db, { kind: 'collection', id: collectionId }, viewer);
  assertCan('comment', guard, viewer);
  return db.query<MentionablePerson>(
    `SELECT u.id, u.name, u.picture FROM users u JOIN collections c ON c.id = $1
     WHERE (lower(u.name) LIKE lower($2) OR lower(u.name) LIKE '% ' || lower($2))
       AND ${mentionableBy('u', 'c', '$3')}
     ORDER BY ${MENTION_ORDER}, u.name, u.id
     LIMIT ${MENTION_SUGGESTIONS_MAX}`,
    [collectionId, likePrefix(q), viewer.id],
    'comment_mentionable',
  );
}

const MENTION_WORDS_MAX = 5;
const MENTION_START = /(?<![\p{L}\p{N}_@])@(?=\p{L})/gu;
const TRAILING_PUNCTUATION = /[.,;:!?)"'»”]+$/u;

/**
 * The texts that may name a person after each `@`: one to five words (names have spaces),
 * trailing punctuation dropped. "@Ana Souza, oi" offers "Ana", "Ana Souza" and "Ana Souza oi".
 */
function mentionCandidates(body: string): { texts: string[] }[] {
  const found: { texts: string[] }[] = [];
  for (const match of body.matchAll(MENTION_START)) {
    // A line break ends the name.
    const line = body.slice(match.index + 1, match.index + 201).split(/\r?\n/u)[0]!;
    const words = line.split(/[ \t]+/u).slice(0, MENTION_WORDS_MAX);
    const texts: string[] = [];
    for (const word of words) {
      const cut = word.replace(TRAILING_PUNCTUATION, '');
      if (!cut) break;
      texts.push(texts.length ? `${texts.at(-1)} ${cut}` : cut);
      // Punctuation ends the name too.
      if (cut !== word) break;
    }
    if (texts.length) found.push({ texts });
  }
  return found;
}

/**
 * The people `@name` mentions in `body`, among those the writer may mention (`mentionableBy`).
 * Per `@`, the longest name that matches; between namesakes, the collection's owner first, then
 * people who commented on it, then people the writer follows.
 */
async function resolveMentions(
  tx: Queryable,
  body: string,
  collectionId: string,
  writer: Viewer,
): Promise<string[]> {
  const candidates = mentionCandidates(body);
  if (candidates.length === 0) return [];
  const texts = [...new Set(candidates.flatMap((c) => c.texts))];
  const rows = await tx.query<{ text: string; id: string }>(
    `SELECT DISTINCT ON (lower(x.text)) x.text, u.id
     FROM unnest($1::text[]) x(text)
     JOIN users u ON lower(u.name) = lower(x.text)
     JOIN collections c ON c.id = $2
     WHERE ${mentionableBy('u', 'c', '$3')}
     ORDER BY lower(x.text), ${MENTION_ORDER}, u.created_at, u.id`,
    [texts, collectionId, writer.id],
    'comment_mentions',
  );
  const byText = new Map(rows.map((r) => [r.text.toLowerCase(), r.id]));
  const ids = new Set<string>();
  for (const { texts: options } of candidates) {
    const longest = options.toReversed().find((t) => byText.has(t.toLowerCase()));
    if (longest) ids.add(byText.get(longest.toLowerCase())!);
    if (ids.size >= COMMENT_MENTIONS_MAX) break;
  }
  return [...ids];
}

/** Each person mentioned hears of it: one notice each, sent together. */
async function notifyMentions(tx: Queryable, writer: Viewer, collectionId: string, ids: string[]) {
  await Promise.all(
    ids.map((recipientId) => notify(tx, { kind: 'mention', actorId: writer.id, recipientId, collectionId })),
  );
}

// ---- Writing ----

/**
 * A new comment (or a reply to a comment that is not itself a reply) by someone who may read the
 * collection, while its owner accepts comments. Charged to the daily cap; the owner, followers and
 * collaborators hear of it (coalesced), and so does each person mentioned.
 */
export async function createComment(
  db: Db,
  target: CommentTarget,
  viewer: Viewer,
  input: { body: string; parent_id?: string | null | undefined },
  charge: ChargeDailyCap,
): Promise<Comment> {
  return db.transaction(async (tx) => {
    const { collectionId, itemId, guard } = await resolveTarget(tx, target, viewer, true);
    assertCan('comment', guard, viewer);
    if (!guard.comments_enabled) throw commentsClosed();
    let repliedTo: string | null = null;
    if (input.parent_id) {
      // Locked, so that the comment replied to is not deleted under the reply.
      const parent = await loadComment(tx, input.parent_id, viewer, true);
      if (
        !parent ||
        !parent.comment_shown ||
        parent.collection_id !== collectionId ||
        parent.collection_item_id !== itemId
      ) {
        throw validationFailed({ parent_id: issue.invalid });
      }
      if (parent.parent_id !== null) throw validationFailed({ parent_id: issue.commentReplyDepth });
      repliedTo = parent.author_id;
    }
    // Each group below is sent together, its statements not waiting for each other's answers: on
    // the embedded database the whole database waits for every exchange while this transaction is
    // open (decision 079). The connection runs them in the order they are written.
    const [, mentions] = await Promise.all([
      assertNoBlockedTerms(tx, { body: input.body }),
      resolveMentions(tx, input.body, collectionId, viewer),
    ]);
    const id = newId();
    // The charge's throw (over the daily cap) rolls back the comment and everything sent with it.
    const [, , , , comment] = await Promise.all([
      // A thread is ordered by its first comment's instant, read in SQL to keep its microseconds.
      tx.query(
        `WITH now AS (SELECT clock_timestamp() AS t)
         INSERT INTO comments (id, collection_id, collection_item_id, author_id, parent_id, body, mentions,
                               created_at, thread_at, thread_id)
         SELECT $1, $2, $3, $4, $5, $6, $7::text[], now.t,
                coalesce((SELECT p.thread_at FROM comments p WHERE p.id = $5), now.t), coalesce($5, $1)
         FROM now`,
        [id, collectionId, itemId, viewer.id, input.parent_id ?? null, input.body, mentions],
        'comment_insert',
      ),
      charge(tx, viewer, 'comment'),
      recordActivity(tx, { kind: 'comment_added', actorId: viewer.id, collectionId, commentId: id }),
      Promise.all([
        notify(tx, { kind: 'comment', actorId: viewer.id, collectionId }),
        notifyMentions(tx, viewer, collectionId, mentions),
        // The author of the comment replied to hears of it, unless mentioned already.
        repliedTo &&
          !mentions.includes(repliedTo) &&
          notify(tx, { kind: 'reply', actorId: viewer.id, recipientId: repliedTo, collectionId }),
      ]),
      commentAs(tx, id, viewer),
    ]);
    return comment;
  });
}

/** Its author changes the text; people newly mentioned hear of it. */
export async function updateComment(db: Db, id: string, viewer: Viewer, body: string): Promise<Comment> {
  return db.transaction(async (tx) => {
    const row = await loadComment(tx, id, viewer, true);
    assertCanComment('edit', row, viewer);
    await assertNoBlockedTerms(tx, { body });
    const mentions = await resolveMentions(tx, body, row!.collection_id, viewer);
    const [before] = await tx.query<{ mentions: string[] }>(
      'SELECT mentions FROM comments WHERE id = $1',
      [id],
      'comment_mentions_before',
    );
    await tx.query(
      'UPDATE comments SET body = $2, mentions = $3::text[], edited_at = clock_timestamp() WHERE id = $1',
      [id, body, mentions],
      'comment_update',
    );
    const known = new Set(before?.mentions ?? []);
    await notifyMentions(
      tx,
      viewer,
      row!.collection_id,
      mentions.filter((m) => !known.has(m)),
    );
    return commentAs(tx, id, viewer);
  });
}

/** Its author, or the collection's owner, deletes it, and its replies with it. */
export async function deleteComment(db: Db, id: string, viewer: Viewer): Promise<void> {
  await db.transaction(async (tx) => {
    // The collection first, in the order comment writes lock (see `resolveTarget`).
    await tx.query(
      'SELECT 1 FROM collections c JOIN comments cm ON cm.collection_id = c.id WHERE cm.id = $1 FOR NO KEY UPDATE OF c',
      [id],
      'comment_delete_lock',
    );
    assertCanComment('delete', await loadComment(tx, id, viewer, true), viewer);
    await tx.query('DELETE FROM comments WHERE id = $1', [id], 'comment_delete');
  });
}

/** The owner turns new comments on or off; what was written stays readable. */
export async function setCommentsEnabled(
  db: Queryable,
  collectionId: string,
  viewer: Viewer,
  enabled: boolean,
): Promise<{ comments_enabled: boolean }> {
  const [guard] = await db.query<GuardedTarget>(
    TARGET_COLLECTION(false),
    [collectionId, viewer.id],
    'comment_target',
  );
  assertCan('manage', guard, viewer);
  await db.query('UPDATE collections SET comments_enabled = $2 WHERE id = $1', [collectionId, enabled]);
  return { comments_enabled: enabled };
}
