import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { cursorParam, limitParam } from './collection.ts';
import { issue, optionalText, requiredText } from './validation.ts';

/**
 * Defence against people (issue 23), all under /api/v1 and for signed-in users:
 *
 *   PUT|DELETE /user/{user_id}/block      -> relationResponse (the blocked person is never told)
 *   PUT|DELETE /user/{user_id}/mute       -> relationResponse (the muted person is never told)
 *   GET /user/blocked                     -> blockedListResponse (blocked and muted people)
 *   POST /reports                         -> 201 reportResponse (one open report per person and target)
 *   POST /reports/{id}/appeal             -> reportResponse (the owner of hidden content, once)
 *   GET /moderation/mine                  -> the caller's hidden content and open appeals
 *   GET /admin/reports?status=            -> reportPageResponse (operators)
 *   POST /admin/reports/{id}/resolve      -> reportResponse (operators)
 *   POST /admin/users/{user_id}/unsuspend -> 200 (operators)
 *   GET /admin/audit                      -> auditPageResponse (operators)
 *   GET|PUT|DELETE /admin/blocked_terms   -> blockedTermsResponse (operators)
 */

// ---- Blocks and mutes ----

export const relationStateSchema = z.object({ blocked: z.boolean(), muted: z.boolean() });
export type RelationState = z.infer<typeof relationStateSchema>;
export const relationResponse = envelope(relationStateSchema);

export const blockedPersonSchema = z.object({
  id: idSchema,
  name: z.string(),
  picture: z.nullable(z.string()),
  blocked: z.boolean(),
  muted: z.boolean(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;
/** Everyone the caller blocked or muted, newest first (at most BLOCKED_LIST_MAX). */
export const blockedListResponse = envelope(z.array(blockedPersonSchema));
export const BLOCKED_LIST_MAX = 500;

// ---- Reports ----

export const REPORT_TARGETS = ['collection', 'item', 'user', 'comment'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
/** spam, assédio, nudez ou conteúdo sexual, ódio ou violência, direitos autorais, outro. */
export const REPORT_REASONS = ['spam', 'harassment', 'sexual', 'hate', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_DETAILS_MAX = 1000;

/** An id as the API issues them; anything else names nothing there is to report (400, not 500). */
export const reportTargetId = z
  .string({ error: issue.reportTargetInvalid })
  .check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, issue.reportTargetInvalid));

export const reportBody = z.object({
  target_type: z.enum(REPORT_TARGETS, { error: issue.reportTargetInvalid }),
  target_id: reportTargetId,
  reason: z.enum(REPORT_REASONS, { error: issue.reportReasonInvalid }),
  details: z.optional(optionalText(REPORT_DETAILS_MAX)),
});
export type ReportBody = z.input<typeof reportBody>;

export const MODERATION_ACTIONS = ['dismiss', 'hide', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const reportSchema = z.object({
  id: idSchema,
  target_type: z.enum(REPORT_TARGETS),
  target_id: idSchema,
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'resolved']),
  action: z.nullable(z.enum(MODERATION_ACTIONS)),
  created_at: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponse = envelope(reportSchema);
export const reportParams = z.object({ id: idSchema });

/** What an operator sees of a report in the queue: the target named, the earlier decision beside an appeal. */
export const adminReportSchema = z.extend(reportSchema, {
  details: z.nullable(z.string()),
  reporter: z.nullable(z.object({ id: idSchema, name: z.string() })),
  /** The reported content or person as it is now (null when it was deleted). */
  target: z.nullable(
    z.object({
      name: z.string(),
      description: z.nullable(z.string()),
      owner: z.nullable(z.object({ id: idSchema, name: z.string() })),
      hidden: z.boolean(),
      suspended: z.boolean(),
    }),
  ),
  /** How many open reports name the same target. */
  reports_on_target: z.int(),
  resolution_note: z.nullable(z.string()),
  appeal_text: z.nullable(z.string()),
  earlier_action: z.nullable(z.enum(MODERATION_ACTIONS)),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportsQuery = z.object({
  status: z._default(z.optional(z.enum(['open', 'resolved'], { error: issue.invalid })), 'open'),
  limit: limitParam(20),
  cursor: cursorParam,
});
export const adminReportPageResponse = z.object({
  data: z.array(adminReportSchema),
  next_cursor: z.nullable(z.string()),
});

export const MODERATION_NOTE_MAX = 1000;
export const resolveReportBody = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: issue.moderationActionInvalid }),
  note: z.optional(optionalText(MODERATION_NOTE_MAX)),
});
export type ResolveReportBody = z.input<typeof resolveReportBody>;

export const appealBody = z.object({
  text: requiredText(issue.messageRequired, MODERATION_NOTE_MAX),
});

export const auditEntrySchema = z.object({
  id: idSchema,
  operator: z.nullable(z.object({ id: idSchema, name: z.string() })),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  note: z.nullable(z.string()),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageResponse = z.object({
  data: z.array(auditEntrySchema),
  next_cursor: z.nullable(z.string()),
});
export const auditQuery = z.object({ limit: limitParam(50), cursor: cursorParam });

export const BLOCKED_TERM_MAX = 100;
export const blockedTermBody = z.object({
  term: requiredText(issue.invalid, BLOCKED_TERM_MAX).check(z.toLowerCase(), z.minLength(2, issue.invalid)),
});
export const blockedTermsResponse = envelope(z.array(z.string()));
