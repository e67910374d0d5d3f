import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';
import { maintainTables, startTableMaintenance } from './maintenance.ts';

/**
 * The embedded database has no autovacuum: the API does what it would (maintenance.ts). PGlite
 * only: a PostgreSQL server's autovacuum does it there, and `startTableMaintenance` starts nothing.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('tables on the embedded database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  /** The planner's estimate of the rows `WHERE k = 3` finds. */
  const estimate = async (table: string) => {
    const [plan] = await ctx.db.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) SELECT * FROM ${table} WHERE k = 3`,
    );
    return plan!['QUERY PLAN'][0].Plan['Plan Rows'];
  };
  const deadRows = async (table: string) => {
    await ctx.db.query('SELECT pg_stat_force_next_flush()');
    const [row] = await ctx.db.query<{ n: number }>(
      'SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = $1',
      [table],
    );
    return row!.n;
  };
  /** 20,000 rows, a tenth of them with each `k`. */
  const fill = (table: string) =>
    ctx.db.exec(`CREATE TABLE ${table} (id int PRIMARY KEY, k int);
      INSERT INTO ${table} SELECT i, i % 10 FROM generate_series(1, 20000) i;`);

  it('lets the planner learn a table that grew, and cleans the rows a delete left dead', async () => {
    await fill('maintenance_grown');
    // Never analyzed: the planner guesses (a default share of the rows).
    expect(await estimate('maintenance_grown')).not.toBeGreaterThan(1000);
    const steps = await maintainTables(ctx.db);
    expect(steps).toContainEqual(
      expect.objectContaining({ table: 'public.maintenance_grown', op: 'vacuum, analyze' }),
    );
    expect(await estimate('maintenance_grown')).toBeGreaterThan(1500);
    expect(await estimate('maintenance_grown')).toBeLessThan(2500);

    await ctx.db.exec('DELETE FROM maintenance_grown WHERE id % 2 = 0');
    expect(await deadRows('maintenance_grown')).toBe(10_000);
    const again = await maintainTables(ctx.db);
    expect(again).toContainEqual(
      expect.objectContaining({ table: 'public.maintenance_grown', op: 'vacuum, analyze' }),
    );
    expect(await deadRows('maintenance_grown')).toBe(0);
    // Nothing changed since: nothing to do for it.
    expect((await maintainTables(ctx.db)).map((s) => s.table)).not.toContain('public.maintenance_grown');
  });

  it('leaves a table that changed a little alone, except on the first pass after a start', async () => {
    await fill('maintenance_steady');
    await maintainTables(ctx.db);
    await ctx.db.exec('UPDATE maintenance_steady SET k = 3 WHERE id <= 100');
    expect((await maintainTables(ctx.db)).map((s) => s.table)).not.toContain('public.maintenance_steady');
    expect(await maintainTables(ctx.db, { all: true })).toContainEqual(
      expect.objectContaining({ table: 'public.maintenance_steady', op: 'analyze' }),
    );
  });

  it('runs in the background from the start, and stops', async () => {
    await fill('maintenance_background');
    const job = startTableMaintenance(ctx.db, pino({ level: 'silent' }), { intervalMs: 20 });
    await expect.poll(() => estimate('maintenance_background'), { timeout: 20_000 }).toBeGreaterThan(1500);
    await job.stop();
  });
});
