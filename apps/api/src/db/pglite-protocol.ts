// What the main thread and the embedded database's thread (pglite-thread.ts) tell each other
// (decision 042). Every value crosses by structured clone: rows keep their Dates, Uint8Arrays and
// parsed JSON as PGlite made them. A named statement's answer crosses as PostgreSQL wrote it, and
// the main thread reads it into the same rows with PGlite's own parser (decision 078).
import { parse, protocol, types, type messages } from '@electric-sql/pglite';

/** `workerData`: how to open PGlite. */
export interface ThreadOptions {
  /** The data directory (DATA_DIR/pglite); undefined: in memory. */
  dir: string | undefined;
  durable: boolean;
  /** A tarball of a data directory to create the database from (`npm run restore`). */
  restoreFrom: { data: ArrayBuffer; type: string } | undefined;
}

/** A statement as `Queryable.query` takes it. */
export interface Statement {
  text: string;
  params: unknown[] | undefined;
  /** The statement's name: prepared once, then executed (decision 062). */
  name: string | undefined;
}

/** A statement, or a script of several (PGlite's `exec`). */
export type Work = ({ op: 'query' } & Statement) | { op: 'exec'; script: string };

/**
 * One request, answered by one `Answer` with the same id. `tx`: inside that open transaction. `at`:
 * when the HTTP request it is done for came in (decision 080), the oldest's work runs first.
 */
export type Request = { id: number; at: number } & (
  | (Work & { tx: number | undefined })
  /** Opens a transaction and runs its first work in it (decision 079): answered by `Begun`. */
  | { op: 'begin'; first: Work }
  | { op: 'commit' | 'rollback'; tx: number }
  | { op: 'listen' | 'unlisten'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);

/** An error as a message carries it: its name, message and own properties (code, detail, …). */
export interface WireError {
  name: string;
  message: string;
  props: Record<string, unknown>;
}

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError };
/**
 * An open transaction's id, and what its first work answered: its rows, or its error (the
 * transaction stays open, for the main thread to roll back).
 */
export interface Begun {
  tx: number;
  first: { ok: true; value: unknown } | { ok: false; error: WireError };
}

/** A named statement's answer as PostgreSQL wrote it, the whole of `wire` (moved, not copied). */
export interface WireAnswer {
  wire: ArrayBuffer;
}

/**
 * The array types PGlite reads arrays by (as its `_initArrayTypes` finds them when it opens): each
 * array type's element type, and the array type.
 */
export const ARRAY_TYPES = `SELECT b.oid::int AS element, b.typarray::int AS array
  FROM pg_catalog.pg_type a LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`;

/** The messages of an answer as PostgreSQL wrote it. */
export function read(wire: Uint8Array): messages.BackendMessage[] {
  const answers: messages.BackendMessage[] = [];
  new protocol.Parser().parse(wire, (answer) => answers.push(answer));
  return answers;
}

/** PGlite's parsers of values by type, its arrays' included, as the thread's PGlite has them. */
export function parsersFor(
  arrayTypes: Array<[element: number, array: number]>,
): Record<number, types.Parser> {
  const parsers: Record<number, types.Parser> = { ...types.parsers };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value) => types.arrayParser(value, parsers[element]!, array);
  }
  return parsers;
}

/** The rows of a `WireAnswer`, as PGlite's `query` would have made them. */
export function rowsOf<T>(answer: WireAnswer, parsers: Record<number, types.Parser>): T[] {
  return parse.parseResults(read(new Uint8Array(answer.wire)), parsers)[0]!.rows as T[];
}

/** The first message: PGlite is open, or could not be opened. */
type Ready =
  { ready: true; arrayTypes: Array<[element: number, array: number]> } | { ready: false; error: WireError };
type Notification = { notification: { channel: string; payload: string } };

export type Reply = Answer | Ready | Notification;
