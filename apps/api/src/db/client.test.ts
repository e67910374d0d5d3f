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

  it('hand every value over exactly as an unnamed statement does, whatever it holds', async () => {
    const sql = `SELECT $1::text AS text, $2::text[] AS list, $3::int AS n, $4::boolean AS yes,
      $5::jsonb AS json, $6::timestamptz AS at, $7::text AS nothing, $8::float8 AS x,
      $9::text AS quoted, $10::text AS slashed`;
    const values = [
      `O'Brien \\ d'Ávila "$1" '); DELETE FROM users; --`,
      ['a,b', 'c"d', "e'f", 'g\\h', '{i}', 'NULL', ''],
      -42,
      false,
      { quote: "it's", nested: ['\\', null] },
      new Date('2026-11-27T07:50:00.123Z'),
      null,
      0.1,
      "Sant'Anna'); DELETE FROM users; --",
      'C:\\Filmes\\',
    ];
    const unnamed = await ctx.db.query(sql, values);
    expect(unnamed[0]).toMatchObject({
      text: values[0],
      list: values[1],
      json: values[4],
      quoted: values[8],
    });
    // The first run prepares the statement, the second only executes it.
    expect(await ctx.db.query(sql, values, 'client_test_values')).toEqual(unnamed);
    expect(await ctx.db.query(sql, values, 'client_test_values')).toEqual(unnamed);
  });

  it('stay usable after the transaction that first ran them rolled back', async () => {
    const sql = 'SELECT $1::int * 2 AS n';
    await expect(
      ctx.db.transaction(async (tx) => {
        expect(await tx.query(sql, [4], 'client_test_rolled_back')).toEqual([{ n: 8 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await ctx.db.query(sql, [5], 'client_test_rolled_back')).toEqual([{ n: 10 }]);
  });

  it('run inside a transaction while the same statement waits outside it for its first run', async () => {
    // On PGlite the outside request waits for the transaction (one connection): the transaction
    // must not wait for that request's preparation in turn.
    const sql = 'SELECT $1::int + 10 AS n';
    let outside: Promise<unknown> | undefined;
    const inside = await ctx.db.transaction(async (tx) => {
      await tx.query('SELECT 1');
      outside = ctx.db.query(sql, [1], 'client_test_waiting');
      return tx.query(sql, [2], 'client_test_waiting');
    });
    expect(inside).toEqual([{ n: 12 }]);
    expect(await outside).toEqual([{ n: 11 }]);
    expect(await ctx.db.query(sql, [3], 'client_test_waiting')).toEqual([{ n: 13 }]);
  });

  it("report a statement's own error, and run once what it needs exists", async () => {
    const sql = 'SELECT count(*)::int AS n FROM client_test_later WHERE id > $1';
    await expect(ctx.db.query(sql, [0], 'client_test_later')).rejects.toMatchObject({ code: '42P01' });
    await ctx.db.exec(
      'CREATE TABLE client_test_later (id int); INSERT INTO client_test_later VALUES (1), (2)',
    );
    expect(await ctx.db.query(sql, [1], 'client_test_later')).toEqual([{ n: 1 }]);
  });
});

describe('transactions', () => {
  it('keep their writes from others until they commit, and undo them when their first statement fails', async () => {
    await ctx.db.exec('CREATE TABLE client_test_tx (id int PRIMARY KEY)');
    let seenOutside: unknown;
    await ctx.db.transaction(async (tx) => {
      // Two statements asked for at once: the second waits for the transaction the first opens.
      await Promise.all([
        tx.query('INSERT INTO client_test_tx VALUES (1)'),
        tx.query('INSERT INTO client_test_tx VALUES (2)', [], 'client_test_tx_two'),
      ]);
      if (ctx.db.kind === 'postgres') {
        seenOutside = await ctx.db.query('SELECT count(*)::int AS n FROM client_test_tx');
      }
    });
    if (ctx.db.kind === 'postgres') expect(seenOutside).toEqual([{ n: 0 }]);

    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.query('INSERT INTO client_test_tx VALUES (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.exec('INSERT INTO client_test_tx VALUES (3)');
        await tx.query('INSERT INTO client_test_tx VALUES (2)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // A transaction that runs nothing commits nothing, and answers what it returns.
    expect(await ctx.db.transaction(async () => 'nothing to do')).toBe('nothing to do');
    expect(await ctx.db.query('SELECT id FROM client_test_tx ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('statements sent together', () => {
  it('run in the order they were sent, each seeing what the ones before it wrote (decision 079)', async () => {
    await ctx.db.exec('CREATE TABLE client_test_order (n int)');
    // Sent at once, as a like sends its insert with its new total and its notice with its charge:
    // a few times over, opened by a statement and from within an open transaction.
    const seen = await ctx.db.transaction(async (tx) => {
      const counts = [];
      for (let round = 1; round <= 3; round++) {
        const [, , [count]] = await Promise.all([
          tx.query('INSERT INTO client_test_order VALUES ($1)', [round], 'client_test_order_insert'),
          tx.query('UPDATE client_test_order SET n = n * 10 WHERE n = $1', [round]),
          tx.query<{ total: number }>(
            'SELECT sum(n)::int AS total FROM client_test_order',
            [],
            'client_test_order_total',
          ),
        ]);
        counts.push(count!.total);
      }
      return counts;
    });
    expect(seen).toEqual([10, 30, 60]);
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

describe('notifications (listen)', () => {
  it("reach each channel's subscribers, over one connection, until they unsubscribe", async () => {
    const heard: string[] = [];
    const subscriber = (channel: string) => ({
      onMessage: (payload: string) => heard.push(`${channel}:${payload}`),
      onListening: () => {},
    });
    const stopA = await ctx.db.listen('client_test_a', subscriber('a'));
    const stopB = await ctx.db.listen('client_test_b', subscriber('b'));
    const notify = (channel: string, payload: string) =>
      ctx.db.query('SELECT pg_notify($1, $2)', [channel, payload]);
    const eventually = async (expected: string[]) => {
      for (let tries = 0; tries < 100 && heard.length < expected.length; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.sort()).toEqual(expected.sort());
    };

    await notify('client_test_a', '1');
    await notify('client_test_b', '2');
    await eventually(['a:1', 'b:2']);
    if (ctx.db.kind === 'postgres') {
      // The app's session cache and category pages listen too: still one connection in all.
      const connections = await ctx.db.query(
        `SELECT pid FROM pg_stat_activity
         WHERE application_name = 'acervo-listen' AND datname = current_database()`,
      );
      expect(connections).toHaveLength(1);
    }

    await stopA();
    heard.length = 0;
    await notify('client_test_a', '3');
    await notify('client_test_b', '4');
    await eventually(['b:4']);
    // Nothing for 'a' arrives late either.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['b:4']);
    await stopB();
  });
});
