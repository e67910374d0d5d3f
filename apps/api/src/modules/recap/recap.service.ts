import { RECAP_FIRST_YEAR, RECAP_TOP_ITEMS, type Recap } from '@acervo/contract/recap';
import type { Queryable } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../access/access.policy.ts';
import { collectionVisibleTo, personHeardBy, personVisibleTo } from '../access/access.sql.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { readable, statsInTurn } from '../stats/stats.service.ts';
import { assertOwnAccount, assertPersonVisible, userNotFound } from '../user/user.service.ts';

/**
 * The recap's figures over the year [$3, $4) of person $1 as viewer $2 reads them (the owner: all
 * of their own; null: public collections only), in one statement. "Rated in the year": added with
 * a rating, or rated again (an `item_rated` activity), in it.
 */
const RECAP_SQL = `
  WITH rated AS (
    SELECT i.id, i.name, i.rating::float8 AS rating, i.updated_at, c.id AS collection_id,
      c.name AS collection_name
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE ${readable('c', 'i')} AND i.rating IS NOT NULL
      AND ((i.created_at >= $3 AND i.created_at < $4) OR EXISTS (
        SELECT 1 FROM activities a WHERE a.item_id = i.id AND a.actor_id = $1 AND a.kind = 'item_rated'
          AND a.created_at >= $3 AND a.created_at < $4))
  ),
  added AS (
    SELECT i.created_at AS at, c.category_id
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE ${readable('c', 'i')} AND i.created_at >= $3 AND i.created_at < $4
  ),
  moments AS (
    SELECT at FROM added
    UNION ALL
    SELECT a.created_at FROM activities a
      JOIN collections c ON c.id = a.collection_id JOIN collection_items i ON i.id = a.item_id
    WHERE a.actor_id = $1 AND a.kind = 'item_rated' AND a.created_at >= $3 AND a.created_at < $4
      AND ${readable('c', 'i')}
  )
  SELECT
    (SELECT count(*)::int FROM rated) AS items_rated,
    (SELECT count(*)::int FROM collections c
     WHERE c.user_id = $1 AND c.saved_from_id IS NULL AND ${collectionVisibleTo('c', '$2')}
       AND c.created_at >= $3 AND c.created_at < $4) AS collections_made,
    coalesce((
      SELECT json_agg(json_build_object('id', r.id, 'name', r.name, 'rating', r.rating,
        'collection_id', r.collection_id, 'collection_name', r.collection_name)
        ORDER BY r.rating DESC, r.updated_at DESC, r.id)
      FROM (SELECT * FROM rated ORDER BY rating DESC, updated_at DESC, id LIMIT ${RECAP_TOP_ITEMS}) r
    ), '[]') AS top_items,
    (SELECT json_build_object('month', m.month, 'count', m.n) FROM (
      SELECT extract(month FROM at AT TIME ZONE 'UTC')::int AS month, count(*)::int AS n
      FROM moments GROUP BY 1 ORDER BY n DESC, month LIMIT 1
    ) m) AS busiest_month,
    coalesce((
      SELECT json_agg(json_build_object('category_id', k.category_id, 'category_name', k.name, 'items', k.n)
        ORDER BY k.n DESC, k.name)
      FROM (SELECT a.category_id, cat.name, count(*)::int AS n FROM added a
            JOIN categories cat ON cat.id = a.category_id GROUP BY a.category_id, cat.name) k
    ), '[]') AS categories,
    (SELECT json_build_object('id', l.id, 'name', l.name, 'likes', l.n) FROM (
      SELECT c.id, c.name, count(*)::int AS n
      FROM collection_likes k JOIN collections c ON c.id = k.collection_id
      WHERE c.user_id = $1 AND ${collectionVisibleTo('c', '$2')} AND k.created_at >= $3 AND k.created_at < $4
      GROUP BY c.id, c.name ORDER BY n DESC, c.id LIMIT 1
    ) l) AS most_liked_collection`;

type Figures = Omit<Recap, 'year' | 'person' | 'best_match' | 'share_id'>;

/** A whole year from RECAP_FIRST_YEAR to the current one (UTC); 400 otherwise. */
function checkYear(year: number): void {
  if (!Number.isInteger(year) || year < RECAP_FIRST_YEAR || year > new Date().getUTCFullYear())
    throw validationFailed({ year: 'recapYearInvalid' });
}

async function recapOf(
  db: Queryable,
  person: { id: string; name: string },
  year: number,
  own: boolean,
  shareId: string | null,
  /** Who reads it (null: anyone, through its link): the best match is named only if they may hear of them. */
  readerId: string | null,
  heavy: HeavyReads,
): Promise<Recap> {
  const start = new Date(Date.UTC(year, 0, 1)).toISOString();
  const end = new Date(Date.UTC(year + 1, 0, 1)).toISOString();
  const [figures] = await db.query<Figures>(
    RECAP_SQL,
    [person.id, own ? person.id : null, start, end],
    'recap_figures',
  );
  // The closest taste as the statistics find it for the same view (cached there), named only
  // while that person shares their activity and the reader may hear of them (as `readStats`).
  // Computing them, when not cached, waits for its turn among the expensive reads.
  const [closest] = (await statsInTurn(db, person.id, own, heavy)).closest;
  const [heard] = closest
    ? await db.query<{ id: string }>(
        `SELECT u.id FROM users u WHERE u.id = $1 AND u.share_activity AND ${personHeardBy('u', '$2')}`,
        [closest.user_id, readerId],
        'recap_best_match_heard',
      )
    : [];
  return { year, person, ...figures!, best_match: heard ? closest! : null, share_id: shareId };
}

/** The person's share of the year, if any. */
const shareOf = async (db: Queryable, personId: string, year: number) =>
  (
    await db.query<{ id: string }>(
      'SELECT id FROM recap_shares WHERE user_id = $1 AND year = $2',
      [personId, year],
      'recap_share_of',
    )
  )[0];

const personRow = async (db: Queryable, id: string) =>
  (
    await db.query<{ id: string; name: string; share_activity: boolean }>(
      'SELECT id, name, share_activity FROM users WHERE id = $1',
      [id],
      'recap_person',
    )
  )[0];

/**
 * `GET /user/{id}/recap/{year}`: the owner's own year (all of their collections) with its share
 * link; for anyone else the shared year from public collections, or 404 when it is not shared,
 * the owner no longer shares their activity, or a block or suspension stands between them.
 */
export async function readRecap(
  db: Queryable,
  personId: string,
  year: number,
  viewer: Viewer,
  heavy: HeavyReads,
): Promise<Recap> {
  checkYear(year);
  await assertPersonVisible(db, personId, viewer);
  const person = await personRow(db, personId);
  if (!person) throw userNotFound();
  const share = await shareOf(db, personId, year);
  const own = personId === viewer.id;
  if (!own && (!share || !person.share_activity)) throw userNotFound();
  const shareId = own ? (share?.id ?? null) : null;
  return recapOf(db, { id: person.id, name: person.name }, year, own, shareId, viewer.id, heavy);
}

/** `PUT /user/{id}/recap/{year}/share`: the owner makes the year public; the same link each time. */
export async function shareRecap(db: Queryable, personId: string, year: number, viewer: Viewer) {
  checkYear(year);
  await assertOwnAccount(db, personId, viewer);
  await db.query(
    `INSERT INTO recap_shares (id, user_id, year) VALUES ($1, $2, $3) ON CONFLICT (user_id, year) DO NOTHING`,
    [newId(), personId, year],
    'recap_share_create',
  );
  return (await shareOf(db, personId, year))!;
}

/** `DELETE /user/{id}/recap/{year}/share`: the link stops working at once. */
export async function unshareRecap(db: Queryable, personId: string, year: number, viewer: Viewer) {
  checkYear(year);
  await assertOwnAccount(db, personId, viewer);
  await db.query(
    'DELETE FROM recap_shares WHERE user_id = $1 AND year = $2',
    [personId, year],
    'recap_unshare',
  );
}

const shareNotFound = () => new AppError(404, 'NOT_FOUND', 'Link não encontrado.');

/**
 * A shared year as anyone reads it (`GET /recap_shares/{id}`, its page and pictures): public
 * collections only, while the owner shares their activity and is not suspended; 404 otherwise.
 */
export async function readRecapShare(db: Queryable, id: string, heavy: HeavyReads): Promise<Recap> {
  const [row] = await db.query<{ user_id: string; name: string; year: number }>(
    `SELECT u.id AS user_id, u.name, s.year FROM recap_shares s JOIN users u ON u.id = s.user_id
     WHERE s.id = $1 AND u.share_activity AND ${personVisibleTo('u', 'NULL')}`,
    [id],
    'recap_share_read',
  );
  if (!row) throw shareNotFound();
  return recapOf(db, { id: row.user_id, name: row.name }, row.year, false, null, null, heavy);
}
