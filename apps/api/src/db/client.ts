import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durable-fs.ts';
import { damagedDatabase, hasDatabase, lockDataDir } from './data-dir.ts';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { listenPostgres, type Listener } from './listen.ts';

/**
 * The one database handle every service receives. Raw SQL in the PostgreSQL dialect, the same on
 * PGlite (embedded) and a PostgreSQL server; see docs/decisions/001-database-and-query-layer.md.
 */
export interface Queryable {
  /**
   * Runs one parameterised statement and returns its rows. Pass `name` on hot paths: on a
   * PostgreSQL server the statement is then prepared once per connection (planning costs more
   * than executing our reads). PGlite ignores it.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations, truncation). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PGlite on disk only: a gzipped tarball of the data directory, taken between two statements
   * (PGlite runs one at a time), after a checkpoint. What `npm run backup` writes.
   */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * Hears NOTIFY on `channel` (sent by any process using the database, this one included);
   * resolves to a function that stops. On PostgreSQL over a dedicated connection that reconnects.
   */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
  /**
   * PGlite on disk: flush the WAL to the disk (fsync) before a commit returns. Default true; only
   * the benchmark turns it off, to measure what it costs.
   */
  durable?: boolean;
  /** PGlite on disk: create the database from this tarball (`npm run restore`); the directory must be empty. */
  restoreFrom?: Blob;
}

/**
 * A statement name stands for one SQL text. PostgreSQL prepares a name once per connection, so a
 * name reused for other SQL fails only when both land on the same pooled connection: a 500 that
 * depends on luck. Both engines check it up front instead, so tests on PGlite catch it too.
 */
function statementNames(): (name: string | undefined, text: string) => void {
  const seen = new Map<string, string>();
  return (name, text) => {
    if (!name) return;
    const known = seen.get(name);
    if (known === undefined) seen.set(name, text);
    else if (known !== text) throw new Error(`statement name "${name}" is already used for other SQL`);
  };
}

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : options.dataDir
      ? openPgliteDir(options.dataDir, options)
      : openPglite(new PGlite({ extensions: { pg_trgm, unaccent } }), false, () => {});
}

/**
 * PGlite under DATA_DIR/pglite: one process at a time (a lock), never initialised over the
 * remains of a database, durable commits, and a message naming the directory when it is damaged.
 */
async function openPgliteDir(dataDir: string, options: DbOptions): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  const dir = resolve(dataDir, 'pglite');
  try {
    const resuming = hasDatabase(dir);
    if (resuming && options.restoreFrom) throw new Error(`${dir} already holds a database`);
    mkdirSync(dir, { recursive: true });
    const durable = options.durable ?? true;
    let pglite: PGlite;
    try {
      pglite = new PGlite({
        fs: new DurableNodeFS(dir, durable),
        extensions: { pg_trgm, unaccent },
        ...(durable ? { startParams: DURABLE_START_PARAMS } : {}),
        ...(options.restoreFrom ? { loadDataDir: options.restoreFrom } : {}),
      });
      await pglite.waitReady;
    } catch (err) {
      throw resuming ? damagedDatabase(dir, err) : err;
    }
    return await openPglite(pglite, true, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPglite(pglite: PGlite, onDisk: boolean, onClose: () => void): Promise<Db> {
  await pglite.waitReady;

  const checkName = statementNames();
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(text: string, params?: unknown[], name?: string) {
      checkName(name, text);
      const result = await q.query<T>(text, params as unknown[]);
      return result.rows;
    },
    async exec(script: string) {
      await q.exec(script);
    },
  });

  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async listen(channel, listener) {
      // One process holds an embedded database: its own notifications are all there are.
      const stop = await pglite.listen(channel, (payload) => listener.onMessage(payload));
      listener.onListening(true);
      return () => stop();
    },
    ...(onDisk
      ? {
          async dumpDataDir() {
            await pglite.exec('CHECKPOINT');
            return pglite.dumpDataDir('gzip');
          },
        }
      : {}),
    async close() {
      try {
        await pglite.close();
      } finally {
        onClose();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => {});

  const checkName = statementNames();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(text: string, params?: unknown[], name?: string) {
      checkName(name, text);
      const result = await q.query({ text, values: params, ...(name ? { name } : {}) });
      return result.rows as T[];
    },
    async exec(script: string) {
      await q.query(script);
    },
  });

  // Fail fast at start-up with a clear message rather than on the first request.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, listener) => listenPostgres(url, channel, listener),
    close: () => pool.end(),
  };
}
