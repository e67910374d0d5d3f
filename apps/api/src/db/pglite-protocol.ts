// What the main thread and the embedded database's thread (pglite-thread.ts) tell each other
// (decision 042). Every value crosses by structured clone: rows keep their Dates, Uint8Arrays and
// parsed JSON as PGlite made them.

/** `workerData`: how to open PGlite. */
export interface ThreadOptions {
  /** The data directory (DATA_DIR/pglite); undefined: in memory. */
  dir: string | undefined;
  durable: boolean;
  /** A tarball of a data directory to create the database from (`npm run restore`). */
  restoreFrom: { data: ArrayBuffer; type: string } | undefined;
}

/** One request, answered by one `Answer` with the same id. `tx`: inside that open transaction. */
export type Request = { id: number } & (
  | {
      op: 'query';
      text: string;
      params: unknown[] | undefined;
      /** The statement's name (`Queryable.query`): prepared once, then executed (decision 062). */
      name: string | undefined;
      tx: number | undefined;
    }
  | { op: 'exec'; script: string; tx: number | undefined }
  | { op: 'begin' }
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
/** The first message: PGlite is open, or could not be opened. */
type Ready = { ready: true } | { ready: false; error: WireError };
type Notification = { notification: { channel: string; payload: string } };

export type Reply = Answer | Ready | Notification;
