import { stringify } from 'csv-stringify/sync';
import type { Queryable } from '../../db/client.ts';
import type { Viewer } from '../access/access.policy.ts';
import { FILMES, GOODREADS_SHELVES, LIVROS } from '../import/import-parsers.ts';

/** Works one file holds at most: far past any collection cap a person reaches by hand. */
export const EXPORT_BACK_ROWS_MAX = 50_000;

interface Work {
  name: string;
  year: number | null;
  rating: number | null;
  review: string;
  source_id: string | null;
  collections: string[];
  groups: string[];
}

/** Newest first; among items written together (an import's batch), the longest description. */
const NEWEST = 'x.updated_at DESC, length(x.description) DESC, x.id';

/**
 * The person's works of one category, each once (decision 055): the same work in several
 * collections (decision 054: work key and year) is one row with its newest rating and its newest
 * non-empty description, and the names of every collection it is in.
 */
const worksOf = (db: Queryable, userId: string, categoryId: string) =>
  db.query<Work>(
    `SELECT (array_agg(x.name ORDER BY ${NEWEST}))[1] AS name, x.work_year AS year,
       (array_agg(x.rating::float8 ORDER BY ${NEWEST}) FILTER (WHERE x.rating IS NOT NULL))[1] AS rating,
       coalesce((array_agg(x.description ORDER BY ${NEWEST}) FILTER (WHERE x.description <> ''))[1], '') AS review,
       (array_agg(x.source_id ORDER BY ${NEWEST}) FILTER (WHERE x.source_id IS NOT NULL))[1] AS source_id,
       array_agg(DISTINCT x.collection_name) AS collections,
       coalesce(array_agg(DISTINCT x.import_group) FILTER (WHERE x.import_group IS NOT NULL), '{}') AS groups
     FROM (
       -- An item without a year is the work of the one year its name has elsewhere, if only one.
       SELECT i.*, c.name AS collection_name, c.import_group,
         coalesce(i.year, CASE WHEN min(i.year) OVER w = max(i.year) OVER w THEN min(i.year) OVER w END) AS work_year
       FROM collections c JOIN collection_items i ON i.collection_id = c.id
       WHERE c.user_id = $1 AND c.category_id = $2
       WINDOW w AS (PARTITION BY i.work_key)
     ) x
     GROUP BY x.work_key, x.work_year
     ORDER BY min(x.created_at), x.work_key, x.work_year
     LIMIT ${EXPORT_BACK_ROWS_MAX}`,
    [userId, categoryId],
    'export_back_works',
  );

// Cells starting with = + - @ are written quoted with a leading apostrophe (csv-stringify's
// escape_formulas): a spreadsheet opening the file runs no formula someone typed as a title.
const csv = (header: string[], rows: (string | number | null)[][]) =>
  stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'unix' });

const isLetterboxd = (id: string | null) => id !== null && /^https:\/\/(boxd\.it|letterboxd\.com)\//.test(id);
const isIsbn = (id: string | null) => id !== null && /^(\d{9}[\dX]|\d{13})$/.test(id);

/**
 * The owner's films in the columns Letterboxd's importer reads (letterboxd.com/about/importing-data):
 * `LetterboxdURI` when the film came from Letterboxd, the title and year it matches otherwise, the
 * rating in half stars as it is, the description as the review and the collections as tags. Films
 * only in the collection an import made of the Letterboxd watchlist are left out: Letterboxd marks
 * every row it imports as watched.
 */
export async function letterboxdCsv(db: Queryable, owner: Viewer): Promise<string> {
  const works = (await worksOf(db, owner.id, FILMES)).filter(
    (w) => !(w.groups.length === 1 && w.groups[0] === 'letterboxd:watchlist' && w.collections.length === 1),
  );
  return csv(
    ['LetterboxdURI', 'Title', 'Year', 'Rating', 'Tags', 'Review'],
    works.map((w) => [
      isLetterboxd(w.source_id) ? w.source_id : null,
      w.name,
      w.year,
      w.rating,
      w.collections.sort().join(', '),
      w.review,
    ]),
  );
}

/** Goodreads' shelf names are lower-case words joined by hyphens. */
const shelfName = (collection: string) =>
  collection
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The owner's books in the columns of Goodreads' own library export, which its importer reads
 * back: the ISBN when the book carries one, My Rating in whole stars (Goodreads has no halves: 4.5
 * is written 5, as Goodreads rounds), the shelf an import came from as the exclusive shelf (else
 * "read" when rated, "to-read" when not), every collection as a shelf.
 */
export async function goodreadsCsv(db: Queryable, owner: Viewer): Promise<string> {
  const works = await worksOf(db, owner.id, LIVROS);
  return csv(
    [
      'Title',
      'Author',
      'ISBN',
      'ISBN13',
      'My Rating',
      'Year Published',
      'Exclusive Shelf',
      'Bookshelves',
      'My Review',
    ],
    works.map((w) => {
      const fromShelf = w.groups
        .map((g) => /^goodreads:shelf:(.+)$/.exec(g)?.[1])
        .find((s) => s !== undefined && Object.hasOwn(GOODREADS_SHELVES, s));
      const isbn = isIsbn(w.source_id) ? w.source_id! : '';
      return [
        w.name,
        '',
        isbn.length === 10 ? isbn : '',
        isbn.length === 13 ? isbn : '',
        w.rating === null ? 0 : Math.round(w.rating),
        w.year,
        fromShelf ?? (w.rating === null ? 'to-read' : 'read'),
        [...new Set(w.collections.map(shelfName).filter(Boolean))].sort().join(', '),
        w.review,
      ];
    }),
  );
}
