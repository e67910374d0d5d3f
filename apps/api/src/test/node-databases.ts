import { openDb, type Db } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';

export interface NodeDatabases {
  /** One handle per API node, all on the same (new, not yet migrated) database. */
  dbs: [Db, Db];
  close(): Promise<void>;
}

/**
 * The database two API nodes share: under scripts/with-postgres.mjs two pools (as two processes
 * have) on a new PostgreSQL database; on the embedded database, one PGlite both use (it serves one
 * process).
 */
export async function openNodeDatabases(prefix: string): Promise<NodeDatabases> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const db = await openDb({});
    return { dbs: [db, db], close: () => db.close() };
  }
  const scratch = await createScratchDatabase(adminUrl, prefix);
  const dbs: [Db, Db] = [
    await openDb({ databaseUrl: scratch.url, poolSize: 3 }),
    await openDb({ databaseUrl: scratch.url, poolSize: 3 }),
  ];
  return {
    dbs,
    async close() {
      for (const db of dbs) await db.close();
      await scratch.drop();
    },
  };
}
