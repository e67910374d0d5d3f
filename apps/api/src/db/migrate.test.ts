import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openNodeDatabases, type NodeDatabases } from '../test/node-databases.ts';
import type { Db } from './client.ts';
import { migrate } from './migrate.ts';

/**
 * Migrations when several API nodes start at once (a rolling deploy, a restart of every node):
 * each node runs `migrate` at start, on its own connections, and every migration is applied once.
 * Under scripts/with-postgres.mjs the two nodes are two pools on one new PostgreSQL database; on
 * the embedded database, two starts racing in one process.
 */
let databases: NodeDatabases;
let nodes: Db[];
beforeAll(async () => {
  databases = await openNodeDatabases('acervo_migrate');
  nodes = databases.dbs;
});
afterAll(() => databases.close());

describe('migrate, run by two nodes at the same moment', () => {
  it('applies every migration once: one node applies them, the other finds them applied', async () => {
    const [first, second] = await Promise.all(nodes.map((db) => migrate(db)));
    const applied = [first!, second!].sort((x, y) => y.length - x.length);
    expect(applied[0]!.length).toBeGreaterThan(10);
    expect(applied[1]).toEqual([]);

    const rows = await nodes[1]!.query<{ version: string }>(
      'SELECT version FROM schema_migrations ORDER BY 1',
    );
    expect(rows.map((r) => r.version)).toEqual(applied[0]);
    // Both nodes now see the whole schema, e.g. the rate limits' table of the newest migration.
    for (const db of nodes) expect(await db.query('SELECT * FROM rate_limits')).toEqual([]);
    expect(await migrate(nodes[0]!)).toEqual([]);
  });
});
