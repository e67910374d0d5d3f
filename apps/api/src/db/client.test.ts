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
