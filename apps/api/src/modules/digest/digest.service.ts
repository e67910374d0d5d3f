import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DigestFrequency } from '@acervo/contract/digest';
import type { TimelineEntry } from '@acervo/contract/timeline';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteLink } from '../../lib/site-link.ts';
import type { Viewer } from '../access/access.policy.ts';
import { accountActive } from '../access/access.sql.ts';
import { isoUtcMicros } from '../collection/collection.service.ts';
import type { DigestMailData } from '../mail/digest-mail.ts';
import { enqueueMail } from '../mail/mail.service.ts';
import { unreadNoticesSince, type UnreadNotice } from '../notification/notification.service.ts';
import { readTimeline } from '../timeline/timeline.service.ts';
import { assertOwnAccount } from '../user/user.service.ts';

// ---- The setting ----

export async function getDigest(db: Queryable, id: string, viewer: Viewer): Promise<DigestFrequency> {
  await assertOwnAccount(db, id, viewer);
  const [row] = await db.query<{ digest: DigestFrequency }>(
    'SELECT digest FROM users WHERE id = $1',
    [id],
    'digest_setting',
  );
  return row?.digest ?? 'off';
}

/**
 * Turning the digest on starts its window and its clock now: the first digest comes a day (or a
 * week) later and tells of what happened since. Switching between daily and weekly keeps both.
 */
const SET_DIGEST = `
  UPDATE users SET digest = $2,
    digest_since = CASE WHEN digest = 'off' AND $2 <> 'off' THEN now() ELSE digest_since END,
    digest_checked_at = CASE WHEN digest = 'off' AND $2 <> 'off' THEN now() ELSE digest_checked_at END
  WHERE id = $1 RETURNING digest`;

export async function setDigest(
  db: Queryable,
  id: string,
  viewer: Viewer,
  digest: DigestFrequency,
): Promise<DigestFrequency> {
  await assertOwnAccount(db, id, viewer);
  await db.query(SET_DIGEST, [id, digest], 'digest_set');
  return digest;
}

// ---- Unsubscribe tokens ----

/**
 * The key of unsubscribe links: made once by whichever node needs it first (ON CONFLICT keeps the
 * first), shared by every node through the database. Read each time: a read by primary key costs
 * less than keeping a cache right when the table is emptied (tests) or the key rotated by hand.
 */
async function unsubscribeKey(db: Queryable): Promise<Buffer> {
  const purpose = 'digest-unsubscribe';
  await db.query(
    `INSERT INTO signing_keys (purpose, secret) VALUES ($1, $2) ON CONFLICT (purpose) DO NOTHING`,
    [purpose, randomBytes(32).toString('base64url')],
    'signing_key_make',
  );
  const [row] = await db.query<{ secret: string }>(
    'SELECT secret FROM signing_keys WHERE purpose = $1',
    [purpose],
    'signing_key_read',
  );
  return Buffer.from(row!.secret, 'base64url');
}

// The purpose is part of what is signed, so no other signature of this key could pass for it.
const signature = (key: Buffer, userId: string) =>
  createHmac('sha256', key).update(`acervo digest unsubscribe\n${userId}`).digest('base64url');

/** `<user id>.<HMAC-SHA256>`: names whom it turns off, cannot be made without the key. */
export async function unsubscribeToken(db: Queryable, userId: string): Promise<string> {
  return `${userId}.${signature(await unsubscribeKey(db), userId)}`;
}

const invalidToken = () =>
  new AppError(400, 'UNSUBSCRIBE_TOKEN_INVALID', 'Este link para cancelar o resumo é inválido.');

/**
 * One-click unsubscribe (RFC 8058): the token is the only credential. It does not expire (a
 * months-old digest must still unsubscribe) and turning off twice is the same as once.
 */
export async function unsubscribe(db: Queryable, token: string): Promise<void> {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) throw invalidToken();
  const [, userId = '', given = ''] = match;
  const expected = Buffer.from(signature(await unsubscribeKey(db), userId));
  const received = Buffer.from(given);
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw invalidToken();
  // An account deleted since is nothing to turn off; the answer is the same.
  await db.query(`UPDATE users SET digest = 'off' WHERE id = $1`, [userId], 'digest_unsubscribe');
}

// ---- The job ----

/** Unread notices listed in a digest; the rest are counted ("e mais N"). */
export const DIGEST_NOTICES = 10;
/** Timeline entries in a digest. */
export const DIGEST_ENTRIES = 5;
/** Timeline pages read at most to find the entries since the last digest (a week can be long). */
const TIMELINE_PAGES = 3;

interface DuePerson {
  id: string;
  name: string;
  email: string;
  locale: 'pt' | 'en';
  digest: 'daily' | 'weekly';
  since: string;
}

/**
 * The next person due, locked so that another node's job skips them (`SKIP LOCKED`) until this
 * transaction commits, by which time they are no longer due. Only verified e-mails and accounts
 * not suspended; the partial index holds only people who turned the digest on.
 */
const NEXT_DUE = `
  SELECT u.id, u.name, u.email, u.locale, u.digest,
    ${isoUtcMicros("coalesce(u.digest_since, now() - interval '7 days')")} AS since
  FROM users u
  WHERE u.digest <> 'off' AND u.email_verified_at IS NOT NULL AND ${accountActive('u')}
    AND (u.digest_checked_at IS NULL OR u.digest_checked_at <=
         now() - CASE u.digest WHEN 'daily' THEN interval '1 day' ELSE interval '7 days' END)
  ORDER BY u.digest_checked_at NULLS FIRST, u.id
  LIMIT 1
  FOR NO KEY UPDATE OF u SKIP LOCKED`;

/**
 * Ranked by how much happened in them (a burst of items over a lone like), then newest. The window
 * includes its first instant: PGlite's clock counts whole milliseconds, so what happens in the
 * millisecond the digest was turned on (or last sent) has that very instant, and must not be lost.
 */
function bestEntries(entries: TimelineEntry[], since: number): TimelineEntry[] {
  return entries
    .filter((e) => Date.parse(e.created_at) >= since)
    .sort((a, b) => b.count - a.count || Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, DIGEST_ENTRIES);
}

async function timelineSince(db: Queryable, viewer: Viewer, since: number): Promise<TimelineEntry[]> {
  const entries: TimelineEntry[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < TIMELINE_PAGES; page += 1) {
    const read = await readTimeline(db, viewer, cursor);
    entries.push(...read.data);
    const oldest = read.data.at(-1);
    if (!read.next_cursor || !oldest || Date.parse(oldest.created_at) < since) break;
    cursor = read.next_cursor;
  }
  return bestEntries(entries, since);
}

const noticeLink = (publicUrl: string, n: UnreadNotice) =>
  siteLink(publicUrl, n.collection_id ? `/lists/${n.collection_id}` : `/profile/${n.actor_id}`);

export interface DigestOptions {
  /** PUBLIC_URL: the web app's links, and the API's (it serves `/api/v1` on the same origin). */
  publicUrl: string;
  /** People looked at per run at most; the next run takes the next ones. */
  batchSize?: number;
}

export interface DigestReport {
  /** Digests queued in the outbox. */
  sent: number;
  /** People due who had nothing new. */
  skipped: number;
}

/**
 * One person: in one transaction, the claim, what to say, the mail queued and the clock moved, so
 * a digest is queued exactly once however many nodes run the job. Null when nobody is due.
 */
async function digestOne(db: Db, publicUrl: string): Promise<'sent' | 'skipped' | null> {
  return db.transaction(async (tx) => {
    const [person] = await tx.query<DuePerson>(NEXT_DUE, [], 'digest_next_due');
    if (!person) return null;
    const viewer = { id: person.id };
    const sinceMs = Date.parse(person.since);
    const { notices, total } = await unreadNoticesSince(tx, person.id, person.since, DIGEST_NOTICES);
    const entries = await timelineSince(tx, viewer, sinceMs);
    if (notices.length === 0 && entries.length === 0) {
      // Nothing to say: looked at, and due again a period later; the window stays open.
      await tx.query(
        'UPDATE users SET digest_checked_at = now() WHERE id = $1',
        [person.id],
        'digest_checked',
      );
      return 'skipped';
    }
    const token = await unsubscribeToken(tx, person.id);
    const data: DigestMailData = {
      name: person.name,
      frequency: person.digest,
      notices: notices.map((n) => ({
        kind: n.kind,
        actor: n.actor_name,
        collection: n.collection_name,
        link: noticeLink(publicUrl, n),
      })),
      moreNotices: total - notices.length,
      entries: entries.map((e) => ({
        kind: e.kind,
        actor: e.actor.name,
        collection: e.collection.name,
        count: e.count,
        link: siteLink(publicUrl, `/lists/${e.collection.id}`),
      })),
      settingsLink: siteLink(publicUrl, '/account/security'),
      unsubscribeLink: siteLink(publicUrl, `/digest/unsubscribe/${token}`),
    };
    await enqueueMail(tx, {
      to: person.email,
      locale: person.locale,
      template: 'digest',
      data,
      headers: {
        'List-Unsubscribe': `<${siteLink(publicUrl, `/api/v1/digest/unsubscribe?token=${token}`)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    await tx.query(
      'UPDATE users SET digest_checked_at = now(), digest_since = now() WHERE id = $1',
      [person.id],
      'digest_sent',
    );
    return 'sent';
  });
}

/** Queues the digests of at most `batchSize` people due; the next run takes the next ones. */
export async function runDigests(
  db: Db,
  { publicUrl, batchSize = 50 }: DigestOptions,
): Promise<DigestReport> {
  const report: DigestReport = { sent: 0, skipped: 0 };
  for (let i = 0; i < batchSize; i += 1) {
    const outcome = await digestOne(db, publicUrl);
    if (outcome === null) break;
    report[outcome] += 1;
  }
  return report;
}
