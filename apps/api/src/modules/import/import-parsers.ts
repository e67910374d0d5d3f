import { unzipSync } from 'fflate';
import type { ImportFormat, ImportPlan, PlannedItem, SkipReason } from '@acervo/contract/import';
import { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX } from '@acervo/contract/collection-item';
import { COLLECTION_NAME_MAX } from '@acervo/contract/collection';
import { columnsOf, decodeText, ImportFileError, normalise, readCsv, type CsvRecord } from './import-csv.ts';

/** The seeded categories an import writes into (001-foundation.sql). */
export const FILMES = 'wtt0fgHceRL46Hhk';
export const LIVROS = 'rB4z9Ywp8LWwdZ1K';

export interface ParseOptions {
  /** Data rows the file may hold (all its CSVs together); past it the file is refused. */
  maxRows: number;
  /** Plain CSV: the categories a `category` column may name. */
  categories: { id: string; name: string }[];
  /** Plain CSV without a `category` column: where its collections go. */
  defaultCategoryId?: string | undefined;
}

/** Bytes a ZIP may unpack to at most (what it declares): a small ZIP cannot fill the memory. */
const UNZIPPED_MAX = 100 * 1024 * 1024;

const truncate = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;

/** A year between 1 and 9999 or nothing. */
function yearOf(text: string): number | null {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= 1 && n <= 9999 ? n : null;
}

/** `title:<normalised name>|<year>`: the identity of a row that carries no id of its own. */
export const titleKey = (name: string, year: number | null) => `title:${normalise(name)}|${year ?? ''}`;

/**
 * A rating on Acervo's scale (0.5 to 5 in half steps) or null when empty; `undefined` when the
 * text is not one (the row is skipped). `zeroIsEmpty`: Goodreads writes 0 for "not rated".
 */
function ratingOf(text: string, zeroIsEmpty = false): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n)) return undefined;
  if (n === 0 && zeroIsEmpty) return null;
  return n >= 0.5 && n <= 5 && Number.isInteger(n * 2) ? n : undefined;
}

/** Builds a plan: collections by their group key, items in the order they are added. */
class PlanBuilder {
  readonly plan: ImportPlan;
  private readonly byGroup = new Map<string, number>();
  private readonly seen = new Map<number, Set<string>>();
  private rows = 0;

  constructor(
    format: ImportFormat,
    private readonly maxRows: number,
  ) {
    this.plan = { format, collections: [], items: [], skipped: [] };
  }

  /** Counts the data rows of a file against the limit. */
  countRows(n: number) {
    this.rows += n;
    if (this.rows > this.maxRows) {
      throw new ImportFileError(
        `O arquivo tem mais de ${this.maxRows.toLocaleString('pt-BR')} linhas, o máximo de uma importação. Divida-o em partes menores.`,
        { reason: 'too_many_rows', max: this.maxRows },
        true,
      );
    }
  }

  collection(group: string, name: string, categoryId: string, description = ''): number {
    let index = this.byGroup.get(group);
    if (index === undefined) {
      index = this.plan.collections.length;
      this.plan.collections.push({
        group,
        name: truncate(name.trim() || 'Importados', COLLECTION_NAME_MAX),
        category_id: categoryId,
        description: truncate(description, ITEM_DESCRIPTION_MAX),
      });
      this.byGroup.set(group, index);
      this.seen.set(index, new Set());
    }
    return index;
  }

  /** Adds an item once per collection (by source id); returns false for a repeat. */
  item(c: number, item: Omit<PlannedItem, 'c'>): boolean {
    const seen = this.seen.get(c)!;
    if (seen.has(item.source_id)) return false;
    seen.add(item.source_id);
    this.plan.items.push({
      c,
      ...item,
      name: truncate(item.name, ITEM_NAME_MAX),
      description: truncate(item.description, ITEM_DESCRIPTION_MAX),
    });
    return true;
  }

  skip(file: string, line: number, reason: SkipReason) {
    this.plan.skipped.push({ file, line, reason });
  }
}

/** The header row and data rows of a CSV; an empty file is refused. */
function headerAndRows(records: CsvRecord[], file: string) {
  const [header, ...rows] = records;
  if (!header) throw new ImportFileError(`O arquivo ${file} está vazio.`, { reason: 'empty', file });
  return { header: header.cells, rows };
}

// ---- Letterboxd ----

type LetterboxdKind = 'watched' | 'ratings' | 'diary' | 'reviews' | 'watchlist' | 'likes' | 'list';

interface Film {
  name: string;
  year: number | null;
  uri: string;
  file: string;
  line: number;
}

const LIST_MARKER = /^letterboxd list export/i;

/** Which Letterboxd file a CSV is, from its header (and, where headers are alike, its name). */
function letterboxdKind(path: string, records: CsvRecord[]): LetterboxdKind | null {
  const first = records[0]?.cells ?? [];
  if (LIST_MARKER.test(first[0] ?? '')) return 'list';
  const cols = columnsOf(first);
  if (!cols.has('Letterboxd URI') || !cols.has('Name')) return null;
  if (cols.has('Review')) return 'reviews';
  if (cols.has('Rewatch')) return 'diary';
  if (cols.has('Rating')) return 'ratings';
  const name = normalise(path);
  if (/(^|\/)watchlist[^/]*\.csv$/.test(name)) return 'watchlist';
  if (/(^|\/)likes\/films\.csv$/.test(name) || /likes[^/]*\.csv$/.test(name)) return 'likes';
  return 'watched';
}

const filmKey = (name: string, year: number | null) => `${normalise(name)}|${year ?? ''}`;

interface LetterboxdList {
  name: string;
  description: string;
  entries: (Film & { description: string })[];
  path: string;
}

/** A `lists/<name>.csv`: a list header block, a blank line, then Position,Name,Year,URL,Description. */
function readLetterboxdList(path: string, records: CsvRecord[], builder: PlanBuilder): LetterboxdList {
  const metaHeader = records[1]?.cells ?? [];
  const meta = records[2]?.cells ?? [];
  const metaCols = columnsOf(metaHeader);
  const fileName = path
    .split('/')
    .pop()!
    .replace(/\.csv$/i, '');
  const entriesAt = records.findIndex((r, i) => i > 0 && normalise(r.cells[0] ?? '') === 'position');
  if (entriesAt < 0) {
    throw new ImportFileError(
      `O arquivo ${path} não tem a linha de títulos “Position,Name,Year,URL,Description” da lista.`,
      { reason: 'list_header', file: path },
    );
  }
  const cols = columnsOf(records[entriesAt]!.cells);
  const rows = records.slice(entriesAt + 1);
  builder.countRows(rows.length);
  const entries = rows
    .map((r) => ({
      position: Number(cols.get(r.cells, 'Position')),
      name: cols.get(r.cells, 'Name'),
      year: yearOf(cols.get(r.cells, 'Year')),
      uri: cols.get(r.cells, 'URL', 'Letterboxd URI'),
      description: cols.get(r.cells, 'Description'),
      file: path,
      line: r.line,
    }))
    // In the list's own order (the file is, but a hand-edited one may not be).
    .sort((a, b) => (a.position || 0) - (b.position || 0));
  return {
    name: metaCols.get(meta, 'Name') || fileName,
    description: metaCols.get(meta, 'Description'),
    entries,
    path,
  };
}

/**
 * Letterboxd's export (issue 27): watched films (with the ratings, the diary's and the reviews'
 * films) into "Assistidos no Letterboxd", likes into "Favoritos", the watchlist into "Quero ver",
 * each list into a collection of its own in its order; ratings and reviews go with the film
 * wherever it appears. A film is matched across files by name and year (diary and review URIs
 * name the entry, not the film).
 */
function letterboxdPlan(files: { path: string; records: CsvRecord[] }[], options: ParseOptions): ImportPlan {
  const builder = new PlanBuilder('letterboxd', options.maxRows);
  const byKind = new Map<LetterboxdKind, { path: string; films: Film[]; extra: Map<string, string>[] }>();
  const ratings = new Map<string, number>();
  const reviews = new Map<string, string>();
  const filmUri = new Map<string, string>();
  const lists: LetterboxdList[] = [];

  for (const { path, records } of files) {
    const kind = letterboxdKind(path, records);
    if (kind === null) continue;
    if (kind === 'list') {
      lists.push(readLetterboxdList(path, records, builder));
      continue;
    }
    const { header, rows } = headerAndRows(records, path);
    builder.countRows(rows.length);
    const cols = columnsOf(header);
    const films: Film[] = [];
    for (const r of rows) {
      const name = cols.get(r.cells, 'Name');
      const year = yearOf(cols.get(r.cells, 'Year'));
      const uri = cols.get(r.cells, 'Letterboxd URI');
      if (!name) {
        builder.skip(path, r.line, 'no_name');
        continue;
      }
      const key = filmKey(name, year);
      if (kind === 'ratings' || kind === 'diary' || kind === 'reviews') {
        const rating = ratingOf(cols.get(r.cells, 'Rating'));
        if (rating === undefined) {
          builder.skip(path, r.line, 'invalid_rating');
          continue;
        }
        // ratings.csv is the film's current rating; the diary's and reviews' only fill a gap.
        if (rating !== null && (kind === 'ratings' || !ratings.has(key))) ratings.set(key, rating);
      }
      if (kind === 'reviews') {
        const review = cols.get(r.cells, 'Review');
        if (review) reviews.set(key, review);
      }
      // Film URIs (not diary or review entries) identify the film.
      if (uri && kind !== 'diary' && kind !== 'reviews' && !filmUri.has(key)) filmUri.set(key, uri);
      films.push({ name, year, uri, file: path, line: r.line });
    }
    const previous = byKind.get(kind);
    if (previous) previous.films.push(...films);
    else byKind.set(kind, { path, films, extra: [] });
  }
  if (byKind.size === 0 && lists.length === 0) {
    throw new ImportFileError(
      'Nenhum arquivo da exportação do Letterboxd foi encontrado (diary.csv, ratings.csv, watched.csv, watchlist.csv, reviews.csv, likes/films.csv ou lists/).',
      { reason: 'no_export_files' },
    );
  }

  const add = (c: number, film: Film, description = '') => {
    const key = filmKey(film.name, film.year);
    builder.item(c, {
      name: film.name,
      year: film.year,
      rating: ratings.get(key) ?? null,
      description: description || reviews.get(key) || '',
      source_id: filmUri.get(key) || film.uri || titleKey(film.name, film.year),
      file: film.file,
      line: film.line,
    });
  };

  const watchedSources = (['watched', 'ratings', 'diary', 'reviews'] as const).flatMap(
    (k) => byKind.get(k)?.films ?? [],
  );
  if (watchedSources.length > 0) {
    const c = builder.collection('letterboxd:watched', 'Assistidos no Letterboxd', FILMES);
    const done = new Set<string>();
    for (const film of watchedSources) {
      const key = filmKey(film.name, film.year);
      if (done.has(key)) continue;
      done.add(key);
      add(c, film);
    }
  }
  const likes = byKind.get('likes');
  if (likes) {
    const c = builder.collection('letterboxd:likes', 'Favoritos', FILMES);
    for (const film of likes.films) add(c, film);
  }
  const watchlist = byKind.get('watchlist');
  if (watchlist) {
    const c = builder.collection('letterboxd:watchlist', 'Quero ver', FILMES);
    for (const film of watchlist.films) {
      builder.item(c, {
        name: film.name,
        year: film.year,
        rating: null,
        description: '',
        source_id: film.uri || titleKey(film.name, film.year),
        file: film.file,
        line: film.line,
      });
    }
  }
  for (const list of lists) {
    const c = builder.collection(
      `letterboxd:list:${normalise(list.name)}`,
      list.name,
      FILMES,
      list.description,
    );
    for (const entry of list.entries) {
      if (!entry.name) {
        builder.skip(list.path, entry.line, 'no_name');
        continue;
      }
      add(c, entry, entry.description);
    }
  }
  return builder.plan;
}

// ---- Goodreads ----

/** Goodreads' exclusive shelves and the collections they become. */
export const GOODREADS_SHELVES: Record<string, string> = {
  read: 'Lidos',
  'currently-reading': 'Lendo',
  'to-read': 'Quero ler',
};

/** Goodreads writes ISBNs as spreadsheet formulas: `="9788535914849"`. */
const isbnOf = (text: string) => text.replace(/[="\s-]/g, '').toUpperCase();

/** My Review holds a little HTML (`<br/>`); the description is plain text. */
const plainText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();

/**
 * `goodreads_library_export.csv`: one collection per exclusive shelf ("Lidos", "Lendo", "Quero
 * ler") and per custom shelf, in "Livros"; My Rating as the rating (0: not rated), the author and
 * year at the head of the description, then the review; the ISBN (13 digits when there is one)
 * as the source id.
 */
function goodreadsPlan(file: string, records: CsvRecord[], options: ParseOptions): ImportPlan {
  const builder = new PlanBuilder('goodreads', options.maxRows);
  const { header, rows } = headerAndRows(records, file);
  builder.countRows(rows.length);
  const cols = columnsOf(header);
  const shelf = (name: string) =>
    builder.collection(`goodreads:shelf:${normalise(name)}`, GOODREADS_SHELVES[name] ?? name, LIVROS);
  for (const r of rows) {
    const name = cols.get(r.cells, 'Title');
    if (!name) {
      builder.skip(file, r.line, 'no_name');
      continue;
    }
    const rating = ratingOf(cols.get(r.cells, 'My Rating'), true);
    if (rating === undefined || (rating !== null && !Number.isInteger(rating))) {
      builder.skip(file, r.line, 'invalid_rating');
      continue;
    }
    const year =
      yearOf(cols.get(r.cells, 'Original Publication Year')) ?? yearOf(cols.get(r.cells, 'Year Published'));
    const author = cols.get(r.cells, 'Author');
    const byline = [author, year].filter(Boolean).join(', ');
    const review = plainText(cols.get(r.cells, 'My Review'));
    const bookId = cols.get(r.cells, 'Book Id');
    const sourceId =
      isbnOf(cols.get(r.cells, 'ISBN13')) ||
      isbnOf(cols.get(r.cells, 'ISBN')) ||
      (bookId ? `goodreads:${bookId}` : titleKey(name, year));
    const item = {
      name,
      year,
      rating,
      description: [byline, review].filter(Boolean).join('\n\n'),
      source_id: sourceId,
      file,
      line: r.line,
    };
    const exclusive = cols.get(r.cells, 'Exclusive Shelf') || 'read';
    builder.item(shelf(exclusive), item);
    const custom = cols
      .get(r.cells, 'Bookshelves')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s && s !== exclusive && !(s in GOODREADS_SHELVES));
    for (const s of new Set(custom)) builder.item(shelf(s), item);
  }
  return builder.plan;
}

// ---- Plain CSV ----

/**
 * A plain CSV with `name, rating, description, collection` (and optionally `category`, `year`;
 * Portuguese headers too): each distinct collection name becomes a collection.
 */
function plainPlan(file: string, records: CsvRecord[], options: ParseOptions): ImportPlan {
  const builder = new PlanBuilder('csv', options.maxRows);
  const { header, rows } = headerAndRows(records, file);
  builder.countRows(rows.length);
  const cols = columnsOf(header);
  const categories = new Map(options.categories.map((c) => [normalise(c.name), c.id]));
  const hasCategory = cols.has('category', 'categoria');
  if (!hasCategory && !options.defaultCategoryId) {
    throw new ImportFileError(
      'Escolha a categoria das coleções ou inclua no arquivo uma coluna “category” com o nome de uma categoria.',
      { reason: 'category_needed' },
    );
  }
  for (const r of rows) {
    const name = cols.get(r.cells, 'name', 'nome');
    if (!name) {
      builder.skip(file, r.line, 'no_name');
      continue;
    }
    const rating = ratingOf(cols.get(r.cells, 'rating', 'nota'));
    if (rating === undefined) {
      builder.skip(file, r.line, 'invalid_rating');
      continue;
    }
    const categoryName = hasCategory ? cols.get(r.cells, 'category', 'categoria') : '';
    const categoryId = categoryName ? categories.get(normalise(categoryName)) : options.defaultCategoryId;
    if (!categoryId) {
      builder.skip(file, r.line, 'unknown_category');
      continue;
    }
    const collection = cols.get(r.cells, 'collection', 'coleção', 'colecao') || 'Importados';
    const c = builder.collection(`csv:${categoryId}:${normalise(collection)}`, collection, categoryId);
    const year = yearOf(cols.get(r.cells, 'year', 'ano'));
    const added = builder.item(c, {
      name,
      year,
      rating,
      description: cols.get(r.cells, 'description', 'descrição', 'descricao'),
      source_id: titleKey(name, year),
      file,
      line: r.line,
    });
    if (!added) builder.skip(file, r.line, 'duplicate');
  }
  return builder.plan;
}

// ---- Any file ----

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03;

/**
 * The CSV files of a Letterboxd ZIP, by their path below the export's root (which may sit in a
 * folder): `diary.csv`, `likes/films.csv`, `lists/<name>.csv`... The `deleted/` and `orphaned/`
 * folders of real exports, and anything else, are left out.
 */
function unzipExport(bytes: Uint8Array): { path: string; text: string }[] {
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const segments = file.name.split('/');
        if (!file.name.toLowerCase().endsWith('.csv')) return false;
        if (segments.some((s) => s === '__MACOSX' || s === 'deleted' || s === 'orphaned')) return false;
        declared += file.originalSize;
        if (declared > UNZIPPED_MAX)
          throw new ImportFileError(
            'O ZIP descompactado é grande demais.',
            { reason: 'zip_too_large' },
            true,
          );
        return true;
      },
    });
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new ImportFileError('O arquivo ZIP está corrompido e não pôde ser aberto.', {
      reason: 'zip_corrupt',
    });
  }
  return Object.entries(files).map(([name, data]) => {
    const segments = name.split('/');
    const parent = segments.at(-2);
    const path = parent === 'lists' || parent === 'likes' ? segments.slice(-2).join('/') : segments.at(-1)!;
    return { path, text: decodeText(data) };
  });
}

/**
 * What an uploaded file will create: a Letterboxd ZIP or any one of its CSVs, a Goodreads
 * library export, or a plain CSV. Pure: no database. Throws ImportFileError for a file that
 * cannot be imported.
 */
export function parseImportFile(bytes: Uint8Array, fileName: string, options: ParseOptions): ImportPlan {
  if (bytes.length === 0)
    throw new ImportFileError('O arquivo está vazio.', { reason: 'empty', file: fileName });
  if (isZip(bytes)) {
    const files = unzipExport(bytes).map(({ path, text }) => ({ path, records: readCsv(text, path) }));
    return letterboxdPlan(files, options);
  }
  const name = fileName.split(/[\\/]/).pop() || 'arquivo.csv';
  const records = readCsv(decodeText(bytes), name);
  const header = records[0]?.cells ?? [];
  const cols = columnsOf(header);
  if (LIST_MARKER.test(header[0] ?? '') || cols.has('Letterboxd URI')) {
    return letterboxdPlan([{ path: name, records }], options);
  }
  if (cols.has('Exclusive Shelf') || (cols.has('Title') && cols.has('My Rating'))) {
    return goodreadsPlan(name, records, options);
  }
  if (cols.has('name', 'nome')) return plainPlan(name, records, options);
  throw new ImportFileError(
    `A linha 1 de ${name} não tem os títulos de colunas de uma exportação do Letterboxd ou do Goodreads, nem “name, rating, description, collection”.`,
    { reason: 'unknown_columns', file: name },
  );
}
