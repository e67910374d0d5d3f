import type { ImportFileProblem } from '@acervo/contract/import';
import { CsvError, parse } from 'csv-parse/sync';

/** A file that cannot be imported; `message` says why (pt-BR) and names the line when there is one. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    /** What the error's `params` carry for clients to word it in their language. */
    readonly problem: { reason: ImportFileProblem; file?: string; line?: number; max?: number },
    readonly tooLarge = false,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/**
 * The text of an uploaded file: UTF-8 (a BOM is dropped) when its bytes are valid UTF-8, else
 * windows-1252, what spreadsheet programs on Windows write (issue 27: "non-UTF-8 bytes").
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** One CSV record and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/**
 * The records of a CSV text: quoted commas and line breaks, a BOM, blank lines and rows of
 * different lengths are all fine. A broken file (an unclosed quote...) throws an ImportFileError
 * naming the file and the line.
 */
export function readCsv(text: string, file: string): CsvRecord[] {
  let rows: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as typeof rows;
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines;
      throw new ImportFileError(
        `O arquivo ${file} não pôde ser lido${line ? ` na linha ${line}` : ''}: verifique as aspas e as vírgulas.`,
        { reason: 'unreadable', file, ...(line ? { line } : {}) },
      );
    }
    throw err;
  }
  return rows.map(({ record, raw, info }) => {
    // `lines` is where the record ends; a quoted cell with line breaks started that many lines
    // before (the raw text also holds the blank lines skipped before it).
    const breaks =
      raw
        .replace(/^[\r\n]+/, '')
        .replace(/\r?\n$/, '')
        .split('\n').length - 1;
    return { line: info.lines - breaks, cells: record.map((c) => c.trim()) };
  });
}

/** Lower case, no accents, single spaces: how names and headers are compared. */
export const normalise = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** Reads cells of a record by header name (normalised), whatever the order of the columns. */
export function columnsOf(header: string[]) {
  const index = new Map(header.map((h, i) => [normalise(h), i]));
  const has = (...names: string[]) => names.some((n) => index.has(normalise(n)));
  const get = (cells: string[], ...names: string[]) => {
    for (const n of names) {
      const i = index.get(normalise(n));
      if (i !== undefined) return cells[i] ?? '';
    }
    return '';
  };
  return { has, get };
}
