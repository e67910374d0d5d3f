import type { PageViewCount } from '@acervo/contract/analytics';
import type { Queryable } from '../../db/client.ts';

/** One more view of `path` today (UTC). Nothing about the visitor is stored. */
export async function recordPageView(db: Queryable, path: string): Promise<void> {
  await db.query(
    `INSERT INTO page_views (day, path, views) VALUES ((now() AT TIME ZONE 'UTC')::date, $1, 1)
     ON CONFLICT (day, path) DO UPDATE SET views = page_views.views + 1`,
    [path],
    'page_view_record',
  );
}

/** Counts per path per day over the last `days` days (today included), newest day first. */
export async function pageViewCounts(db: Queryable, days: number): Promise<PageViewCount[]> {
  return db.query<PageViewCount>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, path, views
     FROM page_views
     WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int
     ORDER BY day DESC, views DESC, path`,
    [days],
  );
}
