import type { HighlightedText, SearchHit, SearchPage, SearchType } from '@acervo/contract/search';
import type { Queryable } from '../../db/client.ts';
import type { Viewer } from '../access/access.policy.ts';
import { collectionVisibleTo, itemShownTo, personVisibleTo } from '../access/access.sql.ts';
import { cutPage, decodeCursor } from '../collection/collection.service.ts';

/**
 * What the user typed, as the two halves of a text-search query: the finished words, matched
 * whole (stemmed), and the last word, matched as a prefix because it may still be being typed.
 * Only letters, marks and digits survive, so nothing of `q` can act as a tsquery operator; the
 * halves go to the database as parameters, never as SQL.
 */
export function searchTerms(q: string): { words: string; prefix: string } | null {
  const words = q
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
  const last = words.pop();
  return last ? { words: words.join(' '), prefix: `${last}:*` } : null;
}

/**
 * `acervo_pt` (unaccent + Portuguese stemming, migration 004) for collections and items. The
 * prefix is tried stemmed ("descobri" -> "descobr:*") and unstemmed ("de" is a stop word, but it
 * starts "descobrir"), so search-as-you-type works at every length.
 */
const STEMMED_QUERY = `(plainto_tsquery('acervo_pt', $1) &&
  (to_tsquery('acervo_pt', $2) || to_tsquery('acervo_simple', $2)))`;
/** People's names are neither stemmed nor filtered for stop words. */
const NAME_QUERY = `(plainto_tsquery('acervo_simple', $1) && to_tsquery('acervo_simple', $2))`;

// Matches are marked with control characters removed from the text first, then turned into
// offsets: the web never receives markup to interpret.
const MARK_START = '\u0002';
const MARK_END = '\u0003';
const HEADLINE_MARKS = `'StartSel=' || chr(2) || ', StopSel=' || chr(3)`;
const unmarked = (column: string) => `translate(${column}, chr(2) || chr(3), '')`;
const titleOf = (config: string, column: string) =>
  `ts_headline('${config}', ${unmarked(column)}, q.query, 'HighlightAll=true, ' || ${HEADLINE_MARKS})`;
const snippetOf = (column: string) =>
  `ts_headline('acervo_pt', ${unmarked(column)}, q.query, 'MaxWords=30, MinWords=12, ' || ${HEADLINE_MARKS})`;

/** Turns a headline with marks into plain text and the offsets of what was marked. */
export function toHighlighted(marked: string): HighlightedText {
  let text = '';
  const highlights: HighlightedText['highlights'] = [];
  let start: number | null = null;
  // eslint-disable-next-line no-control-regex -- the marks are control characters on purpose
  for (const part of marked.split(/([\u0002\u0003])/)) {
    if (part === MARK_START) start = text.length;
    else if (part === MARK_END) {
      if (start !== null && text.length > start) highlights.push({ start, end: text.length });
      start = null;
    } else text += part;
  }
  return { text, highlights };
}

interface TypeSearch {
  query: string;
  /**
   * The candidates (id, search) over `q`; also filters by who may see what; `viewer` is the
   * viewer's id parameter.
   */
  matches: (viewer: string) => string;
  /** The columns of a hit over `h` (id, rank) joined to its row, and `q`, as `viewer` sees it. */
  hit: (viewer: string) => string;
  from: string;
}

const SEARCHES: Record<SearchType, TypeSearch> = {
  collection: {
    query: STEMMED_QUERY,
    matches: (viewer) => `
      SELECT c.id, c.search FROM q, collections c
      WHERE c.search @@ q.query AND ${collectionVisibleTo('c', viewer)}`,
    from: 'JOIN collections c ON c.id = h.id',
    hit: (viewer) => `${titleOf('acervo_pt', 'c.name')} AS title, ${snippetOf('c.description')} AS snippet,
      c.user_id AS owner_id, (SELECT u.name FROM users u WHERE u.id = c.user_id) AS owner_name,
      c.category_id, (SELECT cat.name FROM categories cat WHERE cat.id = c.category_id) AS category_name,
      c.private, (SELECT count(*)::int FROM collection_items ci
                  WHERE ci.collection_id = c.id AND ${itemShownTo('ci', 'c', viewer)}) AS items_count`,
  },
  item: {
    query: STEMMED_QUERY,
    matches: (viewer) => `
      SELECT i.id, i.search
      FROM q, collection_items i JOIN collections c ON c.id = i.collection_id
      WHERE i.search @@ q.query AND ${collectionVisibleTo('c', viewer)} AND ${itemShownTo('i', 'c', viewer)}`,
    from: 'JOIN collection_items i ON i.id = h.id JOIN collections c ON c.id = i.collection_id',
    hit: () => `${titleOf('acervo_pt', 'i.name')} AS title, ${snippetOf('i.description')} AS snippet,
      i.collection_id, c.name AS collection_name, c.private AS collection_private,
      i.rating::float8 AS rating`,
  },
  user: {
    query: NAME_QUERY,
    matches: (viewer) => `
      SELECT u.id, u.search FROM q, users u
      WHERE u.search @@ q.query AND ${personVisibleTo('u', viewer)}`,
    from: 'JOIN users u ON u.id = h.id',
    hit: () => `${titleOf('acervo_simple', 'u.name')} AS title, '' AS snippet, u.picture`,
  },
};

/**
 * Parameters: $1 finished words, $2 prefix, $3 page size + 1, $4 the most candidates ranked, $5
 * the viewer (every type: blocks and suspensions hide people too), then the cursor (rank, id). Only the first $4 matches found
 * are ranked (issue 23: ranking every item that a common prefix matches took 1.5 s), so a word
 * found in more places than that ranks a sample of them. The page is cut before headlines are made.
 */
function searchSql(type: SearchType, withCursor: boolean): string {
  const s = SEARCHES[type];
  const after = withCursor ? 'WHERE (m.rank, m.id) < ($6::float8, $7)' : '';
  return `
    WITH q AS (SELECT ${s.query} AS query),
    page AS (
      SELECT m.id, m.rank FROM (
        SELECT k.id, ts_rank(k.search, q.query, 1)::float8 AS rank
        FROM q, (${s.matches('$5')} LIMIT $4) k
      ) m ${after}
      ORDER BY m.rank DESC, m.id DESC
      LIMIT $3
    )
    SELECT h.id, h.rank, ${s.hit('$5')}
    FROM page h ${s.from} CROSS JOIN q
    ORDER BY h.rank DESC, h.id DESC`;
}

interface HitRow {
  id: string;
  rank: number;
  title: string;
  snippet: string;
  owner_id: string;
  owner_name: string;
  category_id: string;
  category_name: string;
  private: boolean;
  items_count: number;
  collection_id: string;
  collection_name: string;
  collection_private: boolean;
  rating: number | null;
  picture: string | null;
}

function toHit(type: SearchType, row: HitRow): SearchHit {
  const base = { id: row.id, title: toHighlighted(row.title), snippet: toHighlighted(row.snippet) };
  switch (type) {
    case 'collection':
      return {
        type,
        ...base,
        owner: { id: row.owner_id, name: row.owner_name },
        category: { id: row.category_id, name: row.category_name },
        private: row.private,
        items_count: row.items_count,
      };
    case 'item':
      return {
        type,
        ...base,
        collection: { id: row.collection_id, name: row.collection_name, private: row.collection_private },
        rating: row.rating,
      };
    case 'user':
      return { type, ...base, picture: row.picture };
  }
}

/** Ranked hits of one type that the viewer may see, best first. */
export async function search(
  db: Queryable,
  viewer: Viewer,
  options: { q: string; type: SearchType; limit: number; cursor?: string | undefined },
  candidates: number,
): Promise<SearchPage> {
  const after = options.cursor ? decodeCursor(options.cursor, ['score', 'id']) : [];
  const terms = searchTerms(options.q);
  // The contract requires a letter or digit, so this is only a guard.
  if (!terms) return { data: [], next_cursor: null };
  const params = [terms.words, terms.prefix, options.limit + 1, candidates, viewer.id, ...after];
  const rows = await db.query<HitRow>(
    searchSql(options.type, Boolean(options.cursor)),
    params,
    `search_${options.type}${options.cursor ? '_after' : ''}`,
  );
  const { page, next_cursor } = cutPage(rows, options.limit, (row) => [row.rank, row.id]);
  return { data: page.map((row) => toHit(options.type, row)), next_cursor };
}
