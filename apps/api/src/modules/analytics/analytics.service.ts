import type { PageViewCount } from '@acervo/contract/analytics';
import type { Queryable } from '../../db/client.ts';

/** One more view of the route pattern `path` today (UTC). Nothing about the visitor is stored. */
export async function recordPageView(db: Queryable, path: string): Promise<void> {
  await db.query(
    `INSERT INTO page_views (day, path, views) VALUES ((now() AT TIME ZONE 'UTC')::date, $1, 1)
     ON CONFLICT (day, path) DO UPDATE SET views = page_views.views + 1`,
    [path],
    'page_view_record',
  );
}

/** Where a report page ends: the last row's day and pattern, opaque to the client. */
const encodeCursor = (row: PageViewCount) =>
  Buffer.from(JSON.stringify([row.day, row.path])).toString('base64url');

const isIsoDay = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      isIsoDay(value[0]) &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]];
    }
  } catch {
    // An unreadable cursor starts from the beginning, like none.
  }
  return null;
}

/**
 * Counts per pattern per day over the last `days` days (today included), newest day first, then
 * by pattern: a keyset page of `limit` rows after `cursor`, so no page is skipped or repeated
 * while counts change.
 */
export async function pageViewCounts(
  db: Queryable,
  { days, limit, cursor }: { days: number; limit: number; cursor?: string | undefined },
): Promise<{ data: PageViewCount[]; next_cursor: string | null }> {
  const after = decodeCursor(cursor);
  const rows = await db.query<PageViewCount>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, path, views
     FROM page_views
     WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int
       AND ($3::date IS NULL OR day < $3::date OR (day = $3::date AND path > $4))
     ORDER BY day DESC, path
     LIMIT $2`,
    [days, limit + 1, after?.[0] ?? null, after?.[1] ?? null],
  );
  const more = rows.length > limit;
  const data = more ? rows.slice(0, limit) : rows;
  return { data, next_cursor: more ? encodeCursor(data.at(-1)!) : null };
}
