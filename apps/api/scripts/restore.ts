// `npm run restore FILE`: replaces the embedded database under DATA_DIR with a tarball written by
// `npm run backup`. The server must be stopped; the database it replaces is kept beside it, never
// deleted (docs/operations.md, decision 018). PostgreSQL is restored with its own pg_restore.
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';
import { syncTree } from '../src/db/backup.ts';
import { openDb } from '../src/db/client.ts';
import { dataDirOwner } from '../src/db/data-dir.ts';
import { loadConfig } from '../src/env.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: restore PostgreSQL with pg_restore, e.g.\n' +
      '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" acervo.dump\n' +
      '(see docs/operations.md)',
  );
  process.exit(2);
}
const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run restore FILE (a .tar.gz written by npm run backup)');
  process.exit(2);
}

try {
  const file = resolve(arg);
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const server = dataDirOwner(config.DATA_DIR);
  if (server) throw new Error(`Acervo is running on ${config.DATA_DIR} (pid ${server.pid}); stop it first`);

  const dir = resolve(config.DATA_DIR, 'pglite');
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    const aside = `${dir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dir, aside);
    console.log(`The database it replaces was moved to ${aside} (delete it once you are sure).`);
  }
  const db = await openDb({
    dataDir: config.DATA_DIR,
    restoreFrom: new Blob([readFileSync(file)], { type: 'application/gzip' }),
  });
  try {
    const [people] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    console.log(`Restored ${file} into ${dir}: ${people?.n ?? 0} people. Start Acervo as usual.`);
  } finally {
    await db.close();
  }
  syncTree(dir);
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
