import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

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
  close(): Promise<void>;
}

export interface DbOptions {
  /** postgres://... for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` keeps the database in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
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
    : openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<Db> {
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
  }
  const extensions = { pg_trgm, unaccent };
  const pglite = dir ? new PGlite(dir, { extensions }) : new PGlite({ extensions });
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
    close: () => pglite.close(),
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
    close: () => pool.end(),
  };
}
