import type { Queryable } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { renderMail, type MailData, type MailLocale, type MailTemplate } from './mail-templates.ts';
import type { MailTransport } from './mail-transport.ts';

export type { MailLocale, MailTemplate } from './mail-templates.ts';

/**
 * Queues a mail in the caller's transaction: it is sent if and only if the caller commits. The
 * body is rendered now, in the recipient's language; the worker only delivers.
 */
export async function enqueueMail<T extends MailTemplate>(
  q: Queryable,
  mail: {
    to: string;
    locale: MailLocale;
    template: T;
    data: MailData[T];
    replyTo?: string;
    /** Extra headers (the digest's List-Unsubscribe); dropped from the row once delivered. */
    headers?: Record<string, string>;
  },
): Promise<void> {
  const rendered = renderMail(mail.template, mail.locale, mail.data);
  await q.query(
    `INSERT INTO mail_outbox (id, template, to_address, subject, body_text, body_html, reply_to, headers)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb)`,
    [
      newId(),
      mail.template,
      mail.to,
      rendered.subject,
      rendered.text,
      rendered.html,
      mail.replyTo ?? null,
      mail.headers ? JSON.stringify(mail.headers) : null,
    ],
  );
}

export interface DeliveryOptions {
  /** The clock, the database's by default; tests move it forward instead of waiting for the backoff. */
  now?: Date;
  /** Rows claimed per run. */
  batchSize?: number;
  /** After this many failed attempts a row is marked `failed` and left alone. */
  maxAttempts?: number;
}

/**
 * How long a claimed row stays invisible to other workers while this one sends it. The transport's
 * timeouts are well below it, so a row is only sent again when its worker died mid-send.
 */
const CLAIM_LEASE_MS = 5 * 60_000;
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 6 * 3_600_000;

/** 1, 2, 4, 8 … minutes after the n-th failure, capped at 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  reply_to: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/**
 * Sends the due mails once. Rows are claimed in a short transaction (`FOR UPDATE SKIP LOCKED`,
 * then the lease pushes them out of every other worker's sight) and sent outside it, so a slow
 * SMTP server never holds a database transaction open.
 */
export async function deliverDueMail(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> } & Queryable,
  transport: MailTransport,
  { now, batchSize = 20, maxAttempts = 10 }: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx.query<ClaimedMail>(
      `SELECT id, to_address, subject, body_text, body_html, reply_to, headers, attempts FROM mail_outbox
       WHERE status = 'pending' AND next_attempt_at <= COALESCE($1::timestamptz, now())
       ORDER BY next_attempt_at LIMIT $2
       FOR UPDATE SKIP LOCKED`,
      [now ?? null, batchSize],
    );
    if (rows.length > 0) {
      await tx.query(
        `UPDATE mail_outbox
         SET attempts = attempts + 1, next_attempt_at = COALESCE($2::timestamptz, now()) + $3 * interval '1 ms'
         WHERE id = ANY($1::text[])`,
        [rows.map((r) => r.id), now ?? null, CLAIM_LEASE_MS],
      );
    }
    return rows;
  });

  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (const mail of claimed) {
    try {
      await transport.send({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body_text,
        html: mail.body_html,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
      await db.query(
        `UPDATE mail_outbox SET status = 'sent', sent_at = now(), last_error = NULL,
           body_text = NULL, body_html = NULL, headers = NULL
         WHERE id = $1`,
        [mail.id],
      );
      report.sent += 1;
    } catch (err) {
      const attempts = mail.attempts + 1;
      const giveUp = attempts >= maxAttempts;
      await db.query(
        `UPDATE mail_outbox SET last_error = $2,
           next_attempt_at = COALESCE($3::timestamptz, now()) + $4 * interval '1 ms',
           status = CASE WHEN $5::boolean THEN 'failed' ELSE 'pending' END
         WHERE id = $1`,
        [
          mail.id,
          (err instanceof Error ? err.message : String(err)).slice(0, 1000),
          now ?? null,
          retryDelayMs(attempts),
          giveUp,
        ],
      );
      report.failed += 1;
    }
  }
  return report;
}

/**
 * Drops delivered mail after `retentionDays` and failed mail after twice as long (decision 029):
 * the rows hold addresses and subjects (failed ones their text too), and the outbox is not an
 * archive. Failed rows stay longer because they are what an operator looks into (`last_error`),
 * and there are few of them. Pending rows are never dropped: they are still to be sent.
 */
export async function purgeOutbox(db: Queryable, retentionDays: number): Promise<number> {
  const purged = await db.query<{ id: string }>(
    `DELETE FROM mail_outbox
     WHERE (status = 'sent' AND sent_at < now() - $1 * interval '1 day')
        OR (status = 'failed' AND created_at < now() - 2 * $1 * interval '1 day')
     RETURNING id`,
    [retentionDays],
    'mail_outbox_purge',
  );
  return purged.length;
}
