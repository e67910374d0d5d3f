import * as z from 'zod/mini';
import { envelope } from './common.ts';
import { issue } from './validation.ts';

/**
 * A page view counted by our own API (when Google Analytics is not configured). Only the path is
 * sent: no query string, no fragment, nothing about the visitor.
 */
export const pageViewBody = z.object({
  path: z
    .string({ error: issue.invalid })
    .check(z.maxLength(200, issue.tooLong), z.regex(/^\/[^?#\s]*$/, issue.invalid)),
});
export type PageViewBody = z.input<typeof pageViewBody>;
/** `counted` is false when the request carried Do Not Track or Global Privacy Control. */
export const pageViewResponse = envelope(z.object({ counted: z.boolean() }));

/** The operators' report: days counted back from today (UTC), today included. */
export const pageViewsQuery = z.object({
  days: z._default(
    z.coerce
      .number({ error: issue.invalid })
      .check(z.int(issue.invalid), z.gte(1, issue.invalid), z.lte(366, issue.invalid)),
    30,
  ),
});

export const pageViewCountSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  path: z.string(),
  views: z.int(),
});
export type PageViewCount = z.infer<typeof pageViewCountSchema>;
export const pageViewsResponse = envelope(z.array(pageViewCountSchema));
