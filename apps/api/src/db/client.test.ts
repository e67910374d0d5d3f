import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('named statements', () => {
  it('run again under their name with the same SQL', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    expect(await ctx.db.query(sql, [1], 'client_test_plus_one')).toEqual([{ n: 2 }]);
    expect(await ctx.db.query(sql, [2], 'client_test_plus_one')).toEqual([{ n: 3 }]);
  });

  it('refuse a name already used for other SQL, on every engine and connection', async () => {
    await ctx.db.query('SELECT 1 AS one', [], 'client_test_name');
    await expect(ctx.db.query('SELECT 2 AS two', [], 'client_test_name')).rejects.toThrow(
      'statement name "client_test_name" is already used for other SQL',
    );
  });
});

describe('scripts (exec)', () => {
  it('run statements that refuse a transaction block, and leave requests their time limit', async () => {
    // The benchmarks' seeding ends with VACUUM, which PostgreSQL refuses inside a transaction.
    await expect(ctx.db.exec('VACUUM ANALYZE collections')).resolves.toBeUndefined();
    if (ctx.db.kind === 'postgres') {
      // Scripts run without a statement limit; the queries after them keep the requests' limit.
      const [row] = await ctx.db.query<{ statement_timeout: string }>('SHOW statement_timeout');
      expect(row?.statement_timeout).not.toBe('0');
    }
  });
});
