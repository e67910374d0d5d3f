import { issue } from '@acervo/contract/validation';
import {
  TASTE_AGREEMENTS_MAX,
  TASTE_MINIMUM_IN_COMMON,
  type Taste,
  type TasteAnswer,
  type TasteItem,
  type TasteShare,
} from '@acervo/contract/taste';
import type { Queryable } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { newId } from '../../lib/ids.ts';
import type { Viewer } from '../access/access.policy.ts';
import { collectionVisibleTo, itemShownTo, personVisibleTo } from '../access/access.sql.ts';
import { assertPersonVisible, userNotFound } from '../user/user.service.ts';

/** Ratings read per person, newest first: one heavy rater costs a bounded amount. */
export const TASTE_RATINGS_READ = 5000;
/** A mean gap of this many stars between normalised ratings (or more) is a match of 0%. */
const NO_MATCH_GAP = 2;
/** Within this many stars, a work both rated is an agreement ("Vocês dois deram 4,5"). */
const AGREEMENT_GAP = 0.5;

/**
 * The works a person rated, as the viewer may read them: one rating per work (the newest), a work
 * being the same category and the same work key (migration 027: the name lower-cased, unaccented,
 * trimmed, spaces collapsed); `compareTaste` tells works of the same name apart by year. The viewer reads all of their own; another
 * person's count only in collections the viewer may read and items not hidden from them.
 */
const ratingsSql = (person: string) => `
  SELECT DISTINCT ON (r.key) r.key, r.name, r.year, r.rating
  FROM (
    SELECT c.category_id || ':' || i.work_key AS key, i.name, i.year, i.rating::float8 AS rating,
      i.updated_at, i.id
    FROM collections c JOIN collection_items i ON i.collection_id = c.id
    WHERE c.user_id = ${person} AND i.rating IS NOT NULL
      AND ${collectionVisibleTo('c', '$2')} AND ${itemShownTo('i', 'c', '$2')}
    ORDER BY i.updated_at DESC, i.id DESC
    LIMIT ${TASTE_RATINGS_READ}
  ) r
  ORDER BY r.key, r.updated_at DESC, r.id DESC`;

interface Rated {
  key: string;
  name: string;
  year: number | null;
  rating: number;
}

/** `viewerId` null: an anonymous visitor, who reads public collections only. */
export async function ratingsOf(
  db: Queryable,
  personId: string,
  viewerId: string | null,
): Promise<Map<string, Rated>> {
  const rows = await db.query<Rated>(ratingsSql('$1'), [personId, viewerId], 'taste_ratings');
  return new Map(rows.map((row) => [row.key, row]));
}

/** `ratingsOf` for several people in one statement: person id → their works. */
export async function ratingsOfMany(
  db: Queryable,
  personIds: string[],
  viewerId: string | null,
): Promise<Map<string, Map<string, Rated>>> {
  const rows = await db.query<Rated & { person_id: string }>(
    `SELECT p.id AS person_id, w.* FROM unnest($1::text[]) AS p(id) CROSS JOIN LATERAL (${ratingsSql('p.id')}) w`,
    [personIds, viewerId],
    'taste_ratings_many',
  );
  const byPerson = new Map(personIds.map((id) => [id, new Map<string, Rated>()]));
  for (const { person_id, ...rated } of rows) byPerson.get(person_id)!.set(rated.key, rated);
  return byPerson;
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1);

interface Pair extends TasteItem {
  /** Gap between the ratings as given, in stars. */
  gap: number;
  /** Gap between the ratings less each person's mean. */
  normalisedGap: number;
}

const byName = (a: Pair, b: Pair) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Compares two people's ratings of the works both rated. Each rating is first centred on its
 * rater's mean over all their counted works (a 3 from a harsh rater is not a 3 from a generous
 * one); `match` = round(100 × max(0, 1 − D / 2)), D the mean absolute difference of the centred
 * ratings over the works in common (D = 0: 100; one star apart on average: 50; two or more: 0),
 * and null below `TASTE_MINIMUM_IN_COMMON` works. Agreements and the disagreement are told in
 * the ratings people gave, which is what they see.
 */
export function compareTaste(mine: Map<string, Rated>, theirs: Map<string, Rated>): Taste {
  const myMean = mean([...mine.values()].map((r) => r.rating));
  const theirMean = mean([...theirs.values()].map((r) => r.rating));
  const pairs: Pair[] = [];
  for (const [key, my] of mine) {
    const their = theirs.get(key);
    // Two works of one name are the same work unless both years are known and differ.
    if (!their || (my.year !== null && their.year !== null && my.year !== their.year)) continue;
    pairs.push({
      name: my.name,
      my_rating: my.rating,
      their_rating: their.rating,
      gap: Math.abs(my.rating - their.rating),
      normalisedGap: Math.abs(my.rating - myMean - (their.rating - theirMean)),
    });
  }
  const gapOfCentred = mean(pairs.map((p) => p.normalisedGap));
  const item = ({ name, my_rating, their_rating }: Pair): TasteItem => ({ name, my_rating, their_rating });
  const agreements = pairs
    .filter((p) => p.gap <= AGREEMENT_GAP)
    .sort(
      (a, b) =>
        a.gap - b.gap || b.my_rating + b.their_rating - (a.my_rating + a.their_rating) || byName(a, b),
    )
    .slice(0, TASTE_AGREEMENTS_MAX);
  const [worst] = pairs
    .filter((p) => p.gap > AGREEMENT_GAP)
    .sort((a, b) => b.gap - a.gap || b.normalisedGap - a.normalisedGap || byName(a, b));
  return {
    match:
      pairs.length >= TASTE_MINIMUM_IN_COMMON
        ? Math.round(100 * Math.max(0, 1 - gapOfCentred / NO_MATCH_GAP))
        : null,
    items_in_common: pairs.length,
    agreements: agreements.map(item),
    disagreement: worst ? item(worst) : null,
  };
}

/**
 * 400 for oneself; 404 when the viewer may not see the person (as `GET /user/{id}`), and when
 * either of them turned `share_activity` off (the issue: "hidden when either person opted out"),
 * so nothing is computed for them.
 */
async function assertComparable(db: Queryable, personId: string, viewer: Viewer): Promise<void> {
  if (personId === viewer.id) throw validationFailed({ user_id: issue.tasteSelf });
  await assertPersonVisible(db, personId, viewer);
  const [sharing] = await db.query<{ both: boolean }>(
    'SELECT bool_and(share_activity) AND count(*) = 2 AS both FROM users WHERE id IN ($1, $2)',
    [personId, viewer.id],
    'taste_sharing',
  );
  // Hidden as an absent person is: the answer tells nothing of the other person's settings.
  if (!sharing?.both) throw userNotFound();
}

/** The id of the owner's link to their match with the other person, if they shared it. */
const SHARE_OF_SQL = 'SELECT id FROM taste_shares WHERE owner_id = $1 AND other_id = $2';

/** The viewer's taste compared with person `personId`'s, and the viewer's share link of it. */
export async function readTaste(db: Queryable, personId: string, viewer: Viewer): Promise<TasteAnswer> {
  await assertComparable(db, personId, viewer);
  const [mine, theirs] = [
    await ratingsOf(db, viewer.id, viewer.id),
    await ratingsOf(db, personId, viewer.id),
  ];
  const [share] = await db.query<{ id: string }>(SHARE_OF_SQL, [viewer.id, personId], 'taste_share_of');
  return { ...compareTaste(mine, theirs), share_id: share?.id ?? null };
}

/** Both people's taste as anyone may read it: from their public collections only. */
async function publicTaste(db: Queryable, ownerId: string, otherId: string): Promise<Taste> {
  return compareTaste(await ratingsOf(db, ownerId, null), await ratingsOf(db, otherId, null));
}

/**
 * The viewer shares their match with `personId` (`PUT /user/{id}/taste/share`): one link per
 * pair, the same id every time. 409 when public collections alone give no number (the page
 * would have nothing to show).
 */
export async function shareTaste(
  db: Queryable,
  personId: string,
  viewer: Viewer,
  heavy: HeavyReads,
): Promise<{ id: string }> {
  await assertComparable(db, personId, viewer);
  if ((await heavy(() => publicTaste(db, viewer.id, personId))).match === null) {
    throw new AppError(
      409,
      'TASTE_NOT_SHAREABLE',
      'Ainda há poucos itens em comum nas coleções públicas de vocês para compartilhar.',
    );
  }
  await db.query(
    `INSERT INTO taste_shares (id, owner_id, other_id) VALUES ($1, $2, $3)
     ON CONFLICT (owner_id, other_id) DO NOTHING`,
    [newId(), viewer.id, personId],
    'taste_share_create',
  );
  const [share] = await db.query<{ id: string }>(SHARE_OF_SQL, [viewer.id, personId], 'taste_share_of');
  return share!;
}

/** The viewer takes their link down (`DELETE /user/{id}/taste/share`); nothing to do if none. */
export async function unshareTaste(db: Queryable, personId: string, viewer: Viewer): Promise<void> {
  await db.query('DELETE FROM taste_shares WHERE owner_id = $1 AND other_id = $2', [viewer.id, personId]);
}

const shareNotFound = () => new AppError(404, 'NOT_FOUND', 'Link não encontrado.');

/**
 * A shared match as anyone reads it (`GET /taste_shares/{id}`, its page and its picture): only
 * while both people share their activity, neither is suspended and no block stands between them,
 * compared from public collections only; 404 otherwise, and when public collections no longer
 * give a number. Nothing tells which of these it was.
 */
export async function readTasteShare(db: Queryable, id: string, heavy: HeavyReads): Promise<TasteShare> {
  const [row] = await db.query<{
    owner_id: string;
    owner_name: string;
    other_id: string;
    other_name: string;
  }>(
    `SELECT o.id AS owner_id, o.name AS owner_name, t.id AS other_id, t.name AS other_name
     FROM taste_shares s JOIN users o ON o.id = s.owner_id JOIN users t ON t.id = s.other_id
     WHERE s.id = $1 AND o.share_activity AND t.share_activity
       AND ${personVisibleTo('o', 'NULL')} AND ${personVisibleTo('t', 's.owner_id')}`,
    [id],
    'taste_share_read',
  );
  if (!row) throw shareNotFound();
  // Comparing costs what `GET /user/{id}/taste` does: it waits for its turn as that does (059).
  const taste = await heavy(() => publicTaste(db, row.owner_id, row.other_id));
  if (taste.match === null) throw shareNotFound();
  return {
    ...taste,
    match: taste.match,
    id,
    owner: { id: row.owner_id, name: row.owner_name },
    other: { id: row.other_id, name: row.other_name },
  };
}
