import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDb } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { createScratchDatabase, dropDatabasesStartingWith } from '../db/scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each test file starts from (test-context.ts): a PostgreSQL
     * database's name, or the path of a PGlite data directory's tarball. */
    migratedTemplate: { engine: 'postgres'; database: string } | { engine: 'pglite'; tarball: string };
  }
}

/**
 * Migrates one database before the API suite and hands it to every test file as a template:
 * PostgreSQL copies it (`CREATE DATABASE … TEMPLATE`), PGlite loads its dumped data directory.
 * Starting PGlite afresh and migrating took ~5 s a file on this 2-core machine; loading the
 * template about half of that.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await createScratchDatabase(adminUrl, 'acervo_template');
    const db = await openDb({ databaseUrl: template.url, poolSize: 1 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
    project.provide('migratedTemplate', { engine: 'postgres', database: template.name });
    // The workers' databases (test-context.ts) are named after the template and go with it.
    return async () => {
      await dropDatabasesStartingWith(adminUrl, `${template.name}_`);
      await template.drop();
    };
  }
  const db = await openDb({});
  let tarball: Blob;
  try {
    await migrate(db);
    tarball = await db.dumpDataDir!();
  } finally {
    await db.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'acervo-test-template-'));
  const file = join(dir, 'pglite.tar.gz');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  project.provide('migratedTemplate', { engine: 'pglite', tarball: file });
  return async () => rmSync(dir, { recursive: true, force: true });
}
