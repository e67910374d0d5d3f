import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durable-fs.ts';

/**
 * Decision 077: the embedded database's file system keeps the size of each file it has asked
 * once, instead of asking the disk at every lseek to the end. PostgreSQL takes a relation's length
 * in blocks from that answer (ANALYZE records it as `relpages`), while `pg_relation_size` stats
 * the files on disk. If a kept size ever missed a change, the two would differ, and PostgreSQL
 * would read or write past what the file holds.
 */
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'acervo-durable-fs-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const open = (dir: string) =>
  PGlite.create({ fs: new DurableNodeFS(dir, true), startParams: DURABLE_START_PARAMS });

/** Each relation of `table` (itself, its index) whose length PostgreSQL sees differs from the disk's. */
async function sizesThatDiffer(db: PGlite, table: string) {
  await db.exec(`ANALYZE ${table}`);
  const { rows } = await db.query<{ relname: string; seen: number; on_disk: number }>(
    `SELECT relname, relpages::bigint * current_setting('block_size')::int AS seen,
       pg_relation_size(oid) AS on_disk
     FROM pg_class WHERE oid = $1::regclass OR oid IN (SELECT indexrelid FROM pg_index WHERE indrelid = $1::regclass)`,
    [table],
  );
  expect(rows).toHaveLength(2);
  return rows.filter((row) => Number(row.seen) !== Number(row.on_disk));
}

// The embedded database's own files: the PostgreSQL suite has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database on disk', () => {
  it('sees each file as long as the disk holds it while tables grow, shrink and are emptied, and keeps the rows', async () => {
    const dir = join(root, 'sizes');
    const db = await open(dir);
    await db.exec(`CREATE TABLE t (id int PRIMARY KEY, body text)`);
    const fill = (from: number, to: number) =>
      db.exec(`INSERT INTO t SELECT n, repeat('x', 200) FROM generate_series(${from}, ${to}) n`);

    // Grown by writes and, in bulk, by extension (fallocate, which NODEFS does by truncation).
    await fill(1, 20_000);
    const grown = await db.query<{ size: number }>(`SELECT pg_relation_size('t') AS size`);
    expect(Number(grown.rows[0]!.size)).toBeGreaterThan(4_000_000);
    expect(await sizesThatDiffer(db, 't')).toEqual([]);

    // Shrunk: VACUUM truncates the empty pages at the end of the table.
    await db.exec(`DELETE FROM t WHERE id > 2000`);
    await db.exec(`VACUUM t`);
    const shrunk = await db.query<{ size: number }>(`SELECT pg_relation_size('t') AS size`);
    expect(Number(shrunk.rows[0]!.size)).toBeLessThan(Number(grown.rows[0]!.size) / 2);
    expect(await sizesThatDiffer(db, 't')).toEqual([]);
    await fill(2001, 6000);
    expect(await sizesThatDiffer(db, 't')).toEqual([]);

    // Emptied into new files, and rewritten whole.
    await db.exec(`TRUNCATE t`);
    await fill(1, 3000);
    expect(await sizesThatDiffer(db, 't')).toEqual([]);
    await db.exec(`VACUUM FULL t`);
    await fill(3001, 5000);
    expect(await sizesThatDiffer(db, 't')).toEqual([]);
    await db.close();

    const again = await open(dir);
    const { rows } = await again.query<{ n: number; last: number }>(
      `SELECT count(*)::int AS n, max(id) AS last FROM t`,
    );
    expect(rows[0]).toEqual({ n: 5000, last: 5000 });
    expect(await sizesThatDiffer(again, 't')).toEqual([]);
    await again.close();
  });
});
