import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { damagedDatabase, hasDatabase, lockDataDir, protectDataDir } from './data-dir.ts';
import type { ThreadOptions, Work } from './pglite-protocol.ts';
import { startPgliteThread, type PgliteThread } from './pglite-worker.ts';
import pg from 'pg';
import { AppError } from '../lib/app-error.ts';
import { postgresListener, type Listener } from './listen.ts';

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
  /** Runs a script of several statements without parameters (migrations, a test's reset). */
  exec(script: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * PGlite only: a gzipped tarball of the data directory, taken between two statements (PGlite
   * runs one at a time), after a checkpoint. What `npm run backup` writes, and what the API tests
   * start each file's database from (one migrated template, apps/api/src/test/global-setup.ts).
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
   * PostgreSQL server: how long to wait for a connection (a new one, or a free one of the pool)
   * and for one statement's answer before giving up with DatabaseUnavailableError. Migrations and
   * other scripts (`exec`) have no statement limit.
   */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /**
   * PGlite on disk: flush the WAL to the disk (fsync) before a commit returns. Default true; only
   * the benchmark turns it off, to measure what it costs.
   */
  durable?: boolean;
  /**
   * PGlite: create the database from this tarball (`npm run restore`, or a test's template); on
   * disk the directory must be empty.
   */
  restoreFrom?: Blob;
  /** PGlite: URLs of modules its thread imports before opening PGlite (decision 042): a test's probe. */
  threadPreload?: string[];
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

/**
 * The database cannot answer now (the server is down, restarting, unreachable or too slow): the
 * request may be retried, so the API answers 503 with Retry-After rather than 500 (issue 14).
 */
export class DatabaseUnavailableError extends AppError {
  constructor(override readonly cause: unknown) {
    super(
      503,
      'DATABASE_UNAVAILABLE',
      'O serviço está indisponível no momento. Tente novamente em instantes.',
    );
    this.name = 'DatabaseUnavailableError';
  }
}

// SQLSTATE classes that mean "not now" rather than "not this": 08 connection exceptions, 57P0x
// (admin/crash shutdown, cannot connect now: starting up or in recovery), 53300 too many
// connections, 57014 statement timeout.
const UNAVAILABLE_SQLSTATE = /^(08...|57P0.|53300|57014)$/;
const UNAVAILABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres raises its own connection failures as bare Errors, known only by their message.
const PG_CONNECTION_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/;

export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code)))
    return true;
  return PG_CONNECTION_MESSAGE.test(err.message);
}

const unavailable = (err: unknown) => (isConnectionError(err) ? new DatabaseUnavailableError(err) : err);

export async function openDb(options: DbOptions): Promise<Db> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options)
    : options.dataDir
      ? openPgliteDir(options.dataDir, options)
      : openPglite(
          await startPgliteThread(await threadOptions(undefined, options), options.threadPreload),
          () => {},
        );
}

const threadOptions = async (dir: string | undefined, options: DbOptions): Promise<ThreadOptions> => ({
  dir,
  durable: options.durable ?? true,
  restoreFrom: options.restoreFrom && {
    data: await options.restoreFrom.arrayBuffer(),
    type: options.restoreFrom.type,
  },
});

/**
 * PGlite under DATA_DIR/pglite: one process at a time (a lock), never initialised over the
 * remains of a database, durable commits, and a message naming the directory when it is damaged.
 * PGlite itself runs on a thread of its own (decision 042); the lock names this process.
 */
async function openPgliteDir(dataDir: string, options: DbOptions): Promise<Db> {
  protectDataDir(dataDir);
  const lock = lockDataDir(dataDir);
  const dir = resolve(dataDir, 'pglite');
  try {
    const resuming = hasDatabase(dir);
    if (resuming && options.restoreFrom) throw new Error(`${dir} already holds a database`);
    mkdirSync(dir, { recursive: true });
    let thread: PgliteThread;
    try {
      thread = await startPgliteThread(await threadOptions(dir, options), options.threadPreload);
    } catch (err) {
      throw resuming ? damagedDatabase(dir, err) : err;
    }
    return openPglite(thread, () => lock.release());
  } catch (err) {
    lock.release();
    throw err;
  }
}

/**
 * A `Db` over PGlite's thread. PGlite has one connection: a statement waits for the one before it,
 * and a transaction holds PGlite (its mutex, in the thread) from BEGIN to COMMIT, so statements
 * from elsewhere wait for it and never see its uncommitted rows.
 */
function openPglite(thread: PgliteThread, onClose: () => void): Db {
  const checkName = statementNames();
  const on = (tx: number | undefined): Queryable => ({
    async query<T>(text: string, params?: unknown[], name?: string) {
      checkName(name, text);
      return thread.query<T>({ op: 'query', text, params, name, tx });
    },
    async exec(script: string) {
      await thread.ask({ op: 'exec', script, tx });
    },
  });

  const channels = new Map<string, Set<Listener>>();
  thread.onNotification((channel, payload) => {
    for (const listener of channels.get(channel) ?? []) listener.onMessage(payload);
  });

  return {
    kind: 'pglite',
    ...on(undefined),
    async transaction(fn) {
      // BEGIN goes with the transaction's first statement, and none without one: while it is
      // open, the whole database waits for each exchange with the thread (decision 079).
      let begun: Promise<number> | undefined;
      const first = <T>(work: Work) => {
        const opening = thread.begin<T>(work);
        begun = opening.tx;
        return opening.first;
      };
      const tx: Queryable = {
        async query<T>(text: string, params?: unknown[], name?: string) {
          if (begun) return on(await begun).query<T>(text, params, name);
          checkName(name, text);
          return first<T>({ op: 'query', text, params, name });
        },
        async exec(script: string) {
          if (begun) await on(await begun).exec(script);
          else await first({ op: 'exec', script });
        },
      };
      let result;
      try {
        result = await fn(tx);
      } catch (err) {
        // The transaction's own failure is the one to report, not a failed rollback's.
        if (begun) await begun.then((id) => thread.ask({ op: 'rollback', tx: id })).catch(() => {});
        throw err;
      }
      if (begun) await thread.ask({ op: 'commit', tx: await begun });
      return result;
    },
    async listen(channel, listener) {
      // One process holds an embedded database: its own notifications are all there are.
      const listeners = channels.get(channel) ?? new Set<Listener>();
      channels.set(channel, listeners.add(listener));
      if (listeners.size === 1) await thread.ask({ op: 'listen', channel });
      listener.onListening(true);
      return async () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        channels.delete(channel);
        await thread.ask({ op: 'unlisten', channel });
      };
    },
    async dumpDataDir() {
      const tarball = await thread.ask<ArrayBuffer>({ op: 'dump' });
      return new Blob([tarball], { type: 'application/x-gzip' });
    },
    async close() {
      try {
        await thread.close();
      } finally {
        onClose();
      }
    },
  };
}

/**
 * A `Db` over an open transaction, for code that takes a `Db` (and may open its own transaction)
 * but must run inside a larger one: its transactions become savepoints, so they commit or roll
 * back with the outer one (the idempotent writes, issue 14).
 */
export function withinTransaction(tx: Queryable, outer: Db): Db {
  let savepoints = 0;
  return {
    kind: outer.kind,
    // Notifications are not transactional: they go through the database's own listener.
    listen: (channel, listener) => outer.listen(channel, listener),
    query: (text, params, name) => tx.query(text, params, name),
    exec: (script) => tx.exec(script),
    async transaction(fn) {
      savepoints += 1;
      const savepoint = `nested_${savepoints}`;
      await tx.query(`SAVEPOINT ${savepoint}`);
      try {
        const result = await fn(tx);
        await tx.query(`RELEASE SAVEPOINT ${savepoint}`);
        return result;
      } catch (err) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${savepoint}`).catch(() => {});
        throw err;
      }
    },
    close: () => Promise.reject(new Error('the outer transaction owns this connection')),
  };
}

/** Defaults: a request waits at most a few seconds for the database before it is answered 503. */
const CONNECT_TIMEOUT_MS = 3_000;
const STATEMENT_TIMEOUT_MS = 15_000;
/** The client gives up a moment after the server would have, for a server that stopped answering. */
const CLIENT_GRACE_MS = 2_000;
/** setTimeout's largest delay: no client-side limit for scripts (pg reads 0 as "the default"). */
const NO_LIMIT_MS = 2_147_483_647;

/**
 * A connection whose server goes away emits 'error'; pg-pool listens only while the client is
 * idle, so a loss while a client is checked out (between two statements of a transaction) was an
 * unhandled 'error' event that ended the process (seen with kill -9 of the server, issue 14). The
 * statement in progress still fails with the error, and pg-pool still drops the client.
 */
class Client extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }
}

async function openPostgres(url: string, options: DbOptions): Promise<Db> {
  const statementTimeout = options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    Client,
    connectionString: url,
    max: options.poolSize ?? 10,
    // Without these a request waits forever for a server that does not answer (issue 14).
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + CLIENT_GRACE_MS,
    // No JIT: its compile time is paid per statement and dwarfs the statement itself here. The
    // recommendation statement's row estimates pass jit_above_cost, and compiling it took 5.3 s of
    // its 6.5 s at bench:load's size (docs/performance.md, "JIT off").
    options: '-c jit=off',
  });
  // An idle client losing its server: pg-pool drops it, and the next query opens a new
  // connection once the server is back.
  pool.on('error', () => {});

  const checkName = statementNames();
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(text: string, params?: unknown[], name?: string) {
      checkName(name, text);
      try {
        const result = await q.query({ text, values: params, ...(name ? { name } : {}) });
        return result.rows as T[];
      } catch (err) {
        throw unavailable(err);
      }
    },
    async exec(script: string) {
      // Migrations and scripts may run long on a large database: no statement limit for them.
      // Three statements on one connection rather than one multi-statement string: that string
      // would run as one implicit transaction, where VACUUM (the benchmarks' seeding) cannot.
      // SET (not LOCAL) outlives the script on this connection, hence the RESET; a script that
      // fails drops its connection (pg-pool discards a client released with an error), and inside
      // a transaction the rollback undoes the SET.
      const client =
        q instanceof pg.Pool
          ? await q.connect().catch((err: unknown) => {
              throw unavailable(err);
            })
          : q;
      let failed: unknown;
      try {
        await client.query('SET statement_timeout = 0');
        await client.query({ text: script, query_timeout: NO_LIMIT_MS } as pg.QueryConfig);
        await client.query('RESET statement_timeout');
      } catch (err) {
        failed = err;
        throw unavailable(err);
      } finally {
        if (client !== q) client.release(failed as Error | undefined);
      }
    },
  });

  // Fail fast at start-up with a clear message rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const notifications = postgresListener(url);

  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect().catch((err: unknown) => {
        throw unavailable(err);
      });
      let broken: unknown;
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch((rollbackErr: unknown) => (broken = rollbackErr));
        throw unavailable(err);
      } finally {
        // A client that could not even roll back is not given to the next request.
        client.release(broken as Error | undefined);
      }
    },
    listen: (channel, listener) => notifications.listen(channel, listener),
    close: () => pool.end(),
  };
}
