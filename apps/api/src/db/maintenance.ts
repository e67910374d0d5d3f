import type { FastifyBaseLogger } from 'fastify';
import { repeatEvery, type RepeatingJob } from '../lib/repeat.ts';
import type { Db } from './client.ts';

/** What a pass did to one table, and how long it held the database for it. */
export interface MaintenanceStep {
  table: string;
  op: 'analyze' | 'vacuum' | 'vacuum, analyze';
  ms: number;
}

/**
 * The tables autovacuum would analyze or vacuum now, by PostgreSQL's own settings and counters:
 * analyze once the rows changed since the last analyze pass `autovacuum_analyze_threshold` +
 * `autovacuum_analyze_scale_factor` x its rows; vacuum once its dead rows (or rows inserted since
 * the last vacuum, for the visibility map that index-only scans need) pass theirs. `$1`: every
 * table is analyzed (the first pass after a start: the counters begin at zero in each process).
 */
const DUE_SQL = `
  WITH s AS (
    SELECT current_setting('autovacuum_analyze_threshold')::float8 AS at,
      current_setting('autovacuum_analyze_scale_factor')::float8 AS asf,
      current_setting('autovacuum_vacuum_threshold')::float8 AS vt,
      current_setting('autovacuum_vacuum_scale_factor')::float8 AS vsf,
      current_setting('autovacuum_vacuum_insert_threshold')::float8 AS it,
      current_setting('autovacuum_vacuum_insert_scale_factor')::float8 AS isf
  ),
  t AS (
    SELECT quote_ident(t.schemaname) || '.' || quote_ident(t.relname) AS name,
      $1::boolean OR t.n_mod_since_analyze > s.at + s.asf * greatest(c.reltuples, 0) AS analyze_due,
      t.n_dead_tup > s.vt + s.vsf * greatest(c.reltuples, 0)
        OR t.n_ins_since_vacuum > s.it + s.isf * greatest(c.reltuples, 0) AS vacuum_due
    FROM pg_stat_user_tables t JOIN pg_class c ON c.oid = t.relid CROSS JOIN s
  )
  SELECT name, analyze_due, vacuum_due FROM t WHERE analyze_due OR vacuum_due ORDER BY name`;

/**
 * One pass of what PostgreSQL's autovacuum does, for the embedded database, which has none: PGlite
 * runs PostgreSQL as a single process, without the launcher and workers of a server. Without it
 * the planner keeps the statistics of an empty database (a seed's neighbours joined by reading the
 * whole table: 224 against 51 ms), and dead rows and the visibility map are never cleaned. One
 * table at a time, each statement yielding the database to the requests queued behind it.
 */
export async function maintainTables(
  db: Db,
  { all = false, stopping = () => false }: { all?: boolean; stopping?: () => boolean } = {},
): Promise<MaintenanceStep[]> {
  // Counters reach the statistics view at the end of a later transaction; this one asks for it.
  await db.query('SELECT pg_stat_force_next_flush()');
  const due = await db.query<{ name: string; analyze_due: boolean; vacuum_due: boolean }>(DUE_SQL, [all]);
  const steps: MaintenanceStep[] = [];
  for (const table of due) {
    if (stopping()) break;
    const op = table.vacuum_due ? (table.analyze_due ? 'vacuum, analyze' : 'vacuum') : 'analyze';
    const started = performance.now();
    await db.exec(`${table.vacuum_due ? `VACUUM (ANALYZE ${table.analyze_due})` : 'ANALYZE'} ${table.name}`);
    steps.push({ table: table.name, op, ms: Math.round(performance.now() - started) });
  }
  return steps;
}

/** autovacuum_naptime's default: how often the tables are looked at. */
export const MAINTENANCE_INTERVAL_MS = 60_000;

/**
 * On the embedded database, a pass every `intervalMs` (the first analyzes every table, since the
 * counters start at zero); nothing on a PostgreSQL server, whose autovacuum does it. Each pass's
 * steps are logged, and given to `onSteps` (bench:load reports them).
 */
export function startTableMaintenance(
  db: Db,
  log: FastifyBaseLogger,
  {
    intervalMs = MAINTENANCE_INTERVAL_MS,
    onSteps,
  }: { intervalMs?: number; onSteps?: (steps: MaintenanceStep[]) => void } = {},
): RepeatingJob {
  if (db.kind !== 'pglite') return { stop: async () => {} };
  let first = true;
  return repeatEvery(
    intervalMs,
    async (stopping) => {
      const steps = await maintainTables(db, { all: first, stopping });
      first = false;
      if (steps.length === 0) return;
      log.info({ steps }, 'tables maintained');
      onSteps?.(steps);
    },
    (err) => log.warn({ err }, 'table maintenance failed'),
  );
}
