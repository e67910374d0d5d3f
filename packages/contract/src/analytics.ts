import * as z from 'zod/mini';
import { envelope } from './common.ts';
import { issue } from './validation.ts';

/**
 * The web app's pages as route patterns: what a page view counts, never the raw path, which can
 * hold a reset, invite or verification token, or the id of a private collection or a person.
 * `:name` stands for one segment (an id), `*` for a secret (a token). The web's router test keeps
 * this list equal to the route table (apps/web/src/app/router.tsx).
 */
export const PAGE_PATTERNS = [
  '/',
  '/register',
  '/login',
  '/recover',
  '/reset/*',
  '/verify-email/*',
  '/help',
  '/contact',
  '/privacy-policy',
  '/terms-use',
  '/lists/:id',
  '/c/:id',
  '/lists/:id/items/:item',
  '/invite/*',
  '/appeal/*',
  '/taste/:id',
  '/recap/:id',
  '/digest/unsubscribe/*',
  '/onboarding',
  '/profile',
  '/profile/update',
  '/profile/:userId',
  '/profile/:userId/followers',
  '/profile/:userId/following',
  '/profile/:userId/stats',
  '/profile/:userId/recap/:year',
  '/feed',
  '/search',
  '/lists/create',
  '/lists/edit/:id',
  '/lists/:id/items/create',
  '/lists/:id/items/edit/:item',
  '/account',
  '/account/profile',
  '/account/security',
  '/account/import',
  '/admin',
] as const;
export type PagePattern = (typeof PAGE_PATTERNS)[number];

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The pattern of a path (`/lists/abc` → `/lists/:id`), or null for a path that is no page of the
 * app (the 404 page, which is not counted). A fixed segment beats a parameter, as in the router:
 * `/lists/create` is its own page, not a collection.
 */
export function pagePattern(path: string): PagePattern | null {
  const parts = segments(path);
  let best: { pattern: PagePattern; fixed: number } | null = null;
  for (const pattern of PAGE_PATTERNS) {
    const want = segments(pattern);
    const secret = want.at(-1) === '*';
    if (secret ? parts.length < want.length : parts.length !== want.length) continue;
    let fixed = 0;
    const matches = want.every((w, i) => {
      if (w === '*' || w.startsWith(':')) return true;
      fixed += 1;
      return w === parts[i];
    });
    if (matches && (!best || fixed > best.fixed)) best = { pattern, fixed };
  }
  return best?.pattern ?? null;
}

/**
 * A page view counted by our own API (when Google Analytics is not configured). Only the route
 * pattern is sent: no path with ids or tokens, no query string, nothing about the visitor.
 */
export const pageViewBody = z.object({
  path: z.enum(PAGE_PATTERNS, { error: issue.invalid }),
});
export type PageViewBody = z.input<typeof pageViewBody>;
/**
 * `counted` is false when the request carried Do Not Track or Global Privacy Control, or when its
 * address had its views of the minute counted already.
 */
export const pageViewResponse = envelope(z.object({ counted: z.boolean() }));

/** A report page holds at most this many rows. */
export const PAGE_VIEWS_LIMIT_MAX = 500;

/**
 * The operators' report: days counted back from today (UTC), today included, a page of `limit`
 * rows at a time; pass `next_cursor` back as `cursor` for the next page.
 */
export const pageViewsQuery = z.object({
  days: z._default(
    z.coerce
      .number({ error: issue.invalid })
      .check(z.int(issue.invalid), z.gte(1, issue.invalid), z.lte(366, issue.invalid)),
    30,
  ),
  limit: z._default(
    z.coerce
      .number({ error: issue.invalid })
      .check(z.int(issue.invalid), z.gte(1, issue.invalid), z.lte(PAGE_VIEWS_LIMIT_MAX, issue.invalid)),
    100,
  ),
  cursor: z.optional(
    z.string().check(z.maxLength(400, issue.invalid), z.regex(/^[A-Za-z0-9_-]+$/, issue.invalid)),
  ),
});

export const pageViewCountSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  day: z.string(),
  /** A route pattern (PAGE_PATTERNS). */
  path: z.string(),
  views: z.int(),
});
export type PageViewCount = z.infer<typeof pageViewCountSchema>;
/** Newest day first, then by pattern; `next_cursor` is null on the last page. */
export const pageViewsResponse = z.object({
  data: z.array(pageViewCountSchema),
  next_cursor: z.nullable(z.string()),
});
