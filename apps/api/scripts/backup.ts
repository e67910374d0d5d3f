// `npm run backup [FILE]`: a consistent copy of the embedded database (PGlite under DATA_DIR) and
// of the pictures on local disk as a .tar.gz, whether or not the server is running
// (docs/operations.md, decisions 018 and 029). PostgreSQL is backed up with its own pg_dump, and
// an S3 bucket of pictures on its own.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { requestBackup, writeBackup } from '../src/db/backup.ts';
import { openDb } from '../src/db/client.ts';
import { dataDirOwner, hasDatabase } from '../src/db/data-dir.ts';
import { loadConfig } from '../src/env.ts';
import { localMediaDir } from '../src/modules/media/media.storage.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error(
    'DATABASE_URL is set: back up PostgreSQL with pg_dump, e.g.\n' +
      '  pg_dump --format=custom --file=acervo.dump "$DATABASE_URL"\n(see docs/operations.md)',
  );
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[2] ?? `acervo-backup-${stamp}.tar.gz`);
const mediaDir = localMediaDir(config);
try {
  const server = dataDirOwner(config.DATA_DIR);
  if (server) {
    // The running server holds the only right to open the database: it writes the copy itself.
    await requestBackup(config.DATA_DIR, server.pid, file);
    console.log(`Backup written by the running server (pid ${server.pid}): ${file}`);
  } else {
    if (!hasDatabase(resolve(config.DATA_DIR, 'pglite'))) {
      throw new Error(`there is no embedded database under ${config.DATA_DIR} to back up`);
    }
    const db = await openDb({ dataDir: config.DATA_DIR });
    try {
      await writeBackup(db, file, mediaDir);
    } finally {
      await db.close();
    }
    console.log(`Backup written: ${file}`);
  }
  console.log(`${statSync(file).size} bytes; restore it with: npm run restore ${file}`);
  if (!mediaDir)
    console.log('Pictures are in the S3 bucket, which is not in this file: back it up on its own.');
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
