import type {
  AdminReport,
  AuditEntry,
  ModerationAction,
  Report,
  ReportBody,
  ResolveReportBody,
} from '@acervo/contract/safety';
import { issue } from '@acervo/contract/validation';
import type { Db, Queryable } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newAccessToken } from '../../lib/tokens.ts';
import { can, type Viewer } from '../access/access.policy.ts';
import {
  cutPage,
  decodeCursor,
  findGuarded,
  isoUtc,
  isoUtcMicros,
} from '../collection/collection.service.ts';
import { loadItem } from '../collection-item/collection-item.service.ts';
import { findCommentAuthor } from '../comment/comment.service.ts';
import type { ChargeDailyCap } from '../daily-cap/daily-cap.service.ts';
import { enqueueMail, type MailLocale } from '../mail/mail.service.ts';
import { assertPersonVisible } from '../user/user.service.ts';
import { siteLink } from '../../lib/site-link.ts';

/**
 * Reports and what operators do about them (issue 23, decision 041). Hiding and suspending are
 * recorded here (`hidden_reason`, `suspended_at`); who then sees what is the access module's rule.
 */

const targetInvalid = () => validationFailed({ target_id: issue.reportTargetInvalid });
const alreadyReported = () =>
  new AppError(409, 'ALREADY_REPORTED', 'Você já denunciou isto. A nossa equipe vai analisar.');
const reportNotOpen = () =>
  new AppError(409, 'REPORT_NOT_OPEN', 'Esta denúncia já foi resolvida ou não pode ser revista de novo.');
const reportNotFound = () => new AppError(404, 'NOT_FOUND', 'Denúncia não encontrada.');
const appealInvalid = () =>
  new AppError(400, 'APPEAL_INVALID', 'Este link de revisão não é válido ou já foi usado.');

interface Target {
  ownerId: string;
}

/** What is reported, as the reporter may see it: anything they cannot see is not theirs to report. */
async function findTarget(
  db: Queryable,
  type: ReportBody['target_type'],
  id: string,
  viewer: Viewer,
): Promise<Target> {
  const seen = async (): Promise<Target | undefined> => {
    switch (type) {
      case 'collection': {
        const guard = await findGuarded(db, id, viewer);
        return guard && can('read', guard, viewer) ? { ownerId: guard.user_id } : undefined;
      }
      case 'item':
        return { ownerId: (await loadItem(db, id, viewer, 'read')).user_id };
      case 'user':
        await assertPersonVisible(db, id, viewer);
        return { ownerId: id };
      case 'comment':
        return { ownerId: await findCommentAuthor(db, id, viewer) };
    }
  };
  const target = await seen().catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  });
  if (!target || target.ownerId === viewer.id) throw targetInvalid();
  return target;
}

const REPORT_COLUMNS = `r.id, r.target_type, r.target_id, r.reason, r.status, r.action, ${isoUtc('r.created_at')} AS created_at`;

/** One open report per person and target; reports count against a daily cap. */
export async function createReport(
  db: Db,
  viewer: Viewer,
  body: ReportBody & { target_type: Report['target_type'] },
  charge: ChargeDailyCap,
): Promise<Report> {
  const target = await findTarget(db, body.target_type, body.target_id, viewer);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Report>(
      `INSERT INTO reports AS r (id, reporter_id, target_type, target_id, target_owner_id, reason, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (reporter_id, target_type, target_id) WHERE status = 'open' DO NOTHING
       RETURNING ${REPORT_COLUMNS}`,
      [
        newId(),
        viewer.id,
        body.target_type,
        body.target_id,
        target.ownerId,
        body.reason,
        body.details || null,
      ],
      'report_insert',
    );
    if (!row) throw alreadyReported();
    await charge(tx, viewer, 'report');
    return row;
  });
}

// ---- The operators' queue ----

interface AdminReportRow extends Omit<AdminReport, 'target' | 'reporter'> {
  reporter_id: string | null;
  reporter_name: string | null;
  owner_id: string | null;
  owner_name: string | null;
  target_name: string | null;
  target_description: string | null;
  target_hidden: boolean;
  owner_suspended: boolean;
  sort_key: string;
}

const queueSql = (withCursor: boolean) => `
  SELECT ${REPORT_COLUMNS}, r.details, r.resolution_note, r.appeal_text, r.earlier_action,
    rep.id AS reporter_id, rep.name AS reporter_name, owner.id AS owner_id, owner.name AS owner_name,
    coalesce(tc.name, ti.name, tu.name, left(tm.body, 80)) AS target_name,
    CASE WHEN r.target_type = 'user' THEN NULL ELSE coalesce(tc.description, ti.description, tm.body) END AS target_description,
    coalesce(tc.hidden_reason, ti.hidden_reason, tm.hidden_reason) IS NOT NULL AS target_hidden,
    coalesce(owner.suspended_at IS NOT NULL, false) AS owner_suspended,
    (SELECT count(*)::int FROM reports o
     WHERE o.target_type = r.target_type AND o.target_id = r.target_id AND o.status = 'open') AS reports_on_target,
    ${isoUtcMicros('coalesce(r.appealed_at, r.created_at)')} AS sort_key
  FROM reports r
  LEFT JOIN users rep ON rep.id = r.reporter_id
  LEFT JOIN users owner ON owner.id = r.target_owner_id
  LEFT JOIN collections tc ON r.target_type = 'collection' AND tc.id = r.target_id
  LEFT JOIN collection_items ti ON r.target_type = 'item' AND ti.id = r.target_id
  LEFT JOIN users tu ON r.target_type = 'user' AND tu.id = r.target_id
  LEFT JOIN comments tm ON r.target_type = 'comment' AND tm.id = r.target_id
  WHERE r.status = $1
    ${withCursor ? 'AND (coalesce(r.appealed_at, r.created_at), r.id) < ($3::timestamptz, $4)' : ''}
  ORDER BY coalesce(r.appealed_at, r.created_at) DESC, r.id DESC
  LIMIT $2`;

export async function listReports(
  db: Queryable,
  options: { status: 'open' | 'resolved'; limit: number; cursor?: string | undefined },
): Promise<{ data: AdminReport[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor, ['instant', 'id']) : [];
  const rows = await db.query<AdminReportRow>(
    queueSql(Boolean(options.cursor)),
    [options.status, options.limit + 1, ...after],
    options.cursor ? 'reports_queue_after' : 'reports_queue',
  );
  const { page, next_cursor } = cutPage(rows, options.limit, (row) => [row.sort_key, row.id]);
  return {
    next_cursor,
    data: page.map((row) => ({
      id: row.id,
      target_type: row.target_type,
      target_id: row.target_id,
      reason: row.reason,
      status: row.status,
      action: row.action,
      created_at: row.created_at,
      details: row.details,
      resolution_note: row.resolution_note,
      appeal_text: row.appeal_text,
      earlier_action: row.earlier_action,
      reports_on_target: row.reports_on_target,
      reporter: row.reporter_id ? { id: row.reporter_id, name: row.reporter_name ?? '' } : null,
      target:
        row.target_name === null
          ? null
          : {
              name: row.target_name,
              description: row.target_description,
              owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? '' } : null,
              hidden: row.target_hidden,
              suspended: row.owner_suspended,
            },
    })),
  };
}

interface LockedReport {
  id: string;
  target_type: Report['target_type'];
  target_id: string;
  target_owner_id: string | null;
  reason: string;
  status: 'open' | 'resolved';
  earlier_action: ModerationAction | null;
}

interface MailOwner {
  name: string;
  email: string;
  locale: MailLocale;
}

async function ownerForMail(tx: Queryable, id: string | null): Promise<MailOwner | undefined> {
  if (!id) return undefined;
  const [row] = await tx.query<MailOwner>('SELECT name, email, locale FROM users WHERE id = $1', [id]);
  return row;
}

const HIDE_SQL: Record<Exclude<Report['target_type'], 'user'>, string> = {
  collection: 'UPDATE collections SET hidden_reason = $2 WHERE id = $1 RETURNING name, id AS collection_id',
  // Hidden, an item's picture also leaves the cover it was (shown again, it stays off: the owner
  // may pick it again); otherwise the cover would keep showing it to everyone.
  item: `WITH hidden AS (
      UPDATE collection_items SET hidden_reason = $2 WHERE id = $1 RETURNING name, collection_id, image_id
    ),
    uncovered AS (
      UPDATE collections c SET cover_image_id = NULL FROM hidden h
      WHERE $2::text IS NOT NULL AND c.id = h.collection_id AND c.cover_image_id = h.image_id
    )
    SELECT name, collection_id FROM hidden`,
  // A comment is named by the start of its text (issue 26).
  comment: `UPDATE comments SET hidden_reason = $2 WHERE id = $1
    RETURNING left(body, 80) AS name, collection_id, collection_item_id`,
};

/** Hides (reason) or shows again (null) the reported collection, item or comment; returns what it was. */
async function setHidden(
  tx: Queryable,
  report: LockedReport,
  reason: string | null,
): Promise<{ name: string; collection_id: string; collection_item_id?: string | null } | undefined> {
  if (report.target_type === 'user') return undefined;
  const [row] = await tx.query<{ name: string; collection_id: string; collection_item_id?: string | null }>(
    HIDE_SQL[report.target_type],
    [report.target_id, reason],
  );
  return row;
}

async function setSuspended(tx: Queryable, userId: string | null, suspended: boolean): Promise<void> {
  if (!userId) return;
  await tx.query(
    `UPDATE users SET suspended_at = CASE WHEN $2 THEN coalesce(suspended_at, now()) END WHERE id = $1`,
    [userId, suspended],
  );
  // Every session ends at once (the session caches hear of it through the sessions trigger).
  if (suspended) await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
}

async function audit(
  tx: Queryable,
  operator: Viewer,
  entry: { action: string; target_type: string; target_id: string; report_id?: string; note?: string | null },
): Promise<void> {
  await tx.query(
    `INSERT INTO moderation_log (id, operator_id, report_id, action, target_type, target_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      newId(),
      operator.id,
      entry.report_id ?? null,
      entry.action,
      entry.target_type,
      entry.target_id,
      entry.note ?? null,
    ],
    'moderation_log_insert',
  );
}

/**
 * An operator's decision on an open report. `dismiss` keeps the content (and, on an appeal,
 * undoes the earlier decision); `hide` hides a collection or an item from everyone but its owner,
 * who is told by a notice and a mail; `suspend` stops the owner signing in (their sessions end)
 * and hides their public content, and mails them an appeal link. Other open reports on the same
 * target are resolved with it. Every decision is logged.
 */
export async function resolveReport(
  db: Db,
  operator: Viewer,
  id: string,
  body: ResolveReportBody,
  config: Config,
): Promise<{ report: Report; suspendedUserId: string | null }> {
  return db.transaction(async (tx) => {
    const [report] = await tx.query<LockedReport>(
      `SELECT id, target_type, target_id, target_owner_id, reason, status, earlier_action
       FROM reports WHERE id = $1 FOR UPDATE`,
      [id],
      'report_lock',
    );
    if (!report) throw reportNotFound();
    if (report.status !== 'open') throw reportNotOpen();
    const { action } = body;
    if (action === 'hide' && report.target_type === 'user') {
      throw validationFailed({ action: issue.moderationActionInvalid });
    }
    const owner = await ownerForMail(tx, report.target_owner_id);
    if (action === 'dismiss') {
      // An appeal granted: what the earlier decision did is undone.
      if (report.earlier_action === 'hide') await setHidden(tx, report, null);
      if (report.earlier_action === 'suspend') await setSuspended(tx, report.target_owner_id, false);
    } else if (action === 'hide') {
      const hidden = await setHidden(tx, report, report.reason);
      if (hidden && report.target_owner_id && report.target_owner_id !== operator.id) {
        await tx.query(
          `INSERT INTO notifications (id, recipient_id, kind, actor_id, collection_id)
           VALUES (replace(gen_random_uuid()::text, '-', ''), $1, 'content_hidden', $2, $3)
           ON CONFLICT DO NOTHING`,
          [report.target_owner_id, operator.id, hidden.collection_id],
          'notify_content_hidden',
        );
      }
      if (hidden && owner) {
        const itemId = report.target_type === 'item' ? report.target_id : hidden.collection_item_id;
        const path = itemId
          ? `/lists/${hidden.collection_id}/items/${itemId}`
          : `/lists/${hidden.collection_id}`;
        await enqueueMail(tx, {
          to: owner.email,
          locale: owner.locale,
          template: 'content_hidden',
          data: {
            name: owner.name,
            what: hidden.name,
            reason: report.reason,
            link: siteLink(config.PUBLIC_URL, path),
          },
        });
      }
    } else {
      await setSuspended(tx, report.target_owner_id, true);
      const token = newAccessToken();
      await tx.query('UPDATE reports SET appeal_token_hash = $2 WHERE id = $1', [id, hashToken(token)]);
      if (owner) {
        await enqueueMail(tx, {
          to: owner.email,
          locale: owner.locale,
          template: 'account_suspended',
          data: {
            name: owner.name,
            reason: report.reason,
            link: siteLink(config.PUBLIC_URL, `/appeal/${token}`),
          },
        });
      }
    }
    // This report and, unless it is an appeal, the other open reports on the same target.
    const [resolved] = await tx.query<Report>(
      `WITH done AS (
         UPDATE reports r SET status = 'resolved', action = $2, resolution_note = $3, resolved_by = $4, resolved_at = now()
         WHERE r.id = $1 OR ($5 AND r.status = 'open' AND r.target_type = $6 AND r.target_id = $7)
         RETURNING ${REPORT_COLUMNS}
       )
       SELECT * FROM done r WHERE r.id = $1`,
      [
        id,
        action,
        body.note || null,
        operator.id,
        report.earlier_action === null,
        report.target_type,
        report.target_id,
      ],
      'report_resolve',
    );
    await audit(tx, operator, {
      action: report.earlier_action ? `appeal_${action}` : action,
      target_type: report.target_type,
      target_id: report.target_id,
      report_id: id,
      note: body.note || null,
    });
    return { report: resolved!, suspendedUserId: action === 'suspend' ? report.target_owner_id : null };
  });
}

/** Lifts a suspension directly (an operator's own correction); logged. */
export async function unsuspend(db: Db, operator: Viewer, userId: string, note?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await setSuspended(tx, userId, false);
    await audit(tx, operator, {
      action: 'unsuspend',
      target_type: 'user',
      target_id: userId,
      note: note ?? null,
    });
  });
}

const REOPEN = `UPDATE reports r SET status = 'open', earlier_action = action, action = NULL,
    appeal_text = $2, appealed_at = now(), appeal_token_hash = NULL
  WHERE r.id = $1 RETURNING ${REPORT_COLUMNS}`;

/**
 * The owner of hidden content asks, once, for a second look: the report that hid it returns to
 * the queue with the earlier decision beside it.
 */
export async function appealHidden(
  db: Db,
  viewer: Viewer,
  target: { target_type: 'collection' | 'item'; target_id: string },
  text: string,
): Promise<Report> {
  return db.transaction(async (tx) => {
    const [report] = await tx.query<{ id: string }>(
      `SELECT id FROM reports
       WHERE target_type = $1 AND target_id = $2 AND target_owner_id = $3 AND status = 'resolved'
         AND action = 'hide'
         -- Once: not while or after another report on the same target was appealed.
         AND NOT EXISTS (SELECT 1 FROM reports a WHERE a.target_type = $1 AND a.target_id = $2 AND a.appealed_at IS NOT NULL)
       ORDER BY resolved_at DESC LIMIT 1 FOR UPDATE`,
      [target.target_type, target.target_id, viewer.id],
      'report_for_appeal',
    );
    if (!report) throw reportNotOpen();
    const [row] = await tx.query<Report>(REOPEN, [report.id, text], 'report_appeal');
    return row!;
  });
}

/** A suspended person's one appeal, through the token of the mail that told them (no session). */
export async function appealSuspension(db: Db, token: string, text: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [report] = await tx.query<{ id: string }>(
      `SELECT id FROM reports WHERE appeal_token_hash = $1 AND status = 'resolved' AND action = 'suspend'
       FOR UPDATE`,
      [hashToken(token)],
      'report_for_suspension_appeal',
    );
    if (!report) throw appealInvalid();
    await tx.query(REOPEN, [report.id, text], 'report_appeal');
  });
}

/** Every operator action, newest first (shown on /admin). */
export async function listAudit(
  db: Queryable,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ data: AuditEntry[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor, ['instant', 'id']) : [];
  const rows = await db.query<
    AuditEntry & { operator_id: string | null; operator_name: string | null; sort_key: string }
  >(
    `SELECT l.id, l.operator_id, o.name AS operator_name, l.action, l.target_type, l.target_id, l.note,
       ${isoUtc('l.created_at')} AS created_at, ${isoUtcMicros('l.created_at')} AS sort_key
     FROM moderation_log l LEFT JOIN users o ON o.id = l.operator_id
     ${options.cursor ? 'WHERE (l.created_at, l.id) < ($2::timestamptz, $3)' : ''}
     ORDER BY l.created_at DESC, l.id DESC LIMIT $1`,
    [options.limit + 1, ...after],
    options.cursor ? 'moderation_log_after' : 'moderation_log',
  );
  const { page, next_cursor } = cutPage(rows, options.limit, (row) => [row.sort_key, row.id]);
  return {
    next_cursor,
    data: page.map(({ operator_id, operator_name, sort_key: _s, ...entry }) => ({
      ...entry,
      operator: operator_id ? { id: operator_id, name: operator_name ?? '' } : null,
    })),
  };
}

// ---- Blocked terms ----

export async function listBlockedTerms(db: Queryable): Promise<string[]> {
  return (await db.query<{ term: string }>('SELECT term FROM blocked_terms ORDER BY term')).map(
    (r) => r.term,
  );
}

export async function addBlockedTerm(db: Db, operator: Viewer, term: string): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO blocked_terms (term) VALUES ($1) ON CONFLICT DO NOTHING', [term]);
    await audit(tx, operator, { action: 'add_blocked_term', target_type: 'term', target_id: term });
  });
  return listBlockedTerms(db);
}

export async function removeBlockedTerm(db: Db, operator: Viewer, term: string): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM blocked_terms WHERE term = $1', [term]);
    await audit(tx, operator, { action: 'remove_blocked_term', target_type: 'term', target_id: term });
  });
  return listBlockedTerms(db);
}
