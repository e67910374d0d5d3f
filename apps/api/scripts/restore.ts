// `npm run restore FILE`: replaces the embedded database under DATA_DIR, and the pictures on local
// disk, with a backup written by `npm run backup`. The server must be stopped; what it replaces is
// kept beside it, never deleted (docs/operations.md, decisions 018 and 029). PostgreSQL is
// restored with its own pg_restore.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { readBackup, syncTree } from '../src/db/backup.ts';
import { openDb } from '../src/db/client.ts';
import { dataDirOwner } from '../src/db/data-dir.ts';
import { loadConfig } from '../src/env.ts';
import { localMediaDir } from '../src/modules/media/media.storage.ts';

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

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  /** Moves a non-empty `dir` aside, so nothing is ever deleted by a restore. */
  const moveAside = (dir: string, what: string) => {
    if (!existsSync(dir) || readdirSync(dir).length === 0) return;
    const aside = `${dir}.replaced-${stamp}`;
    renameSync(dir, aside);
    console.log(`The ${what} it replaces were moved to ${aside} (delete them once you are sure).`);
  };

  // Pictures are unpacked beside the folder first, and take its place once the database is back.
  const mediaDir = localMediaDir(config);
  const staging = mediaDir && `${mediaDir}.restoring-${stamp}`;
  if (staging) mkdirSync(staging, { recursive: true, mode: 0o700 });
  const backup = await readBackup(file, async (name, data) => {
    if (staging) await writeFile(join(staging, name), data);
  });

  const dir = resolve(config.DATA_DIR, 'pglite');
  moveAside(dir, 'database files');
  const db = await openDb({ dataDir: config.DATA_DIR, restoreFrom: backup.database });
  try {
    const [people] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
    console.log(`Restored ${file} into ${dir}: ${people?.n ?? 0} people.`);
  } finally {
    await db.close();
  }
  syncTree(dir);

  if (backup.pictures === null) {
    if (staging) rmSync(staging, { recursive: true });
    console.log('The backup holds no pictures (they were in S3, or it predates them): media left as it is.');
  } else if (!mediaDir || !staging) {
    console.log(`The backup's ${backup.pictures} pictures were not restored: pictures go to the S3 bucket.`);
  } else {
    moveAside(mediaDir, 'pictures');
    renameSync(staging, mediaDir);
    syncTree(mediaDir);
    console.log(`Restored ${backup.pictures} pictures into ${mediaDir}.`);
  }
  console.log('Start Acervo as usual.');
} catch (err) {
  console.error(`Restore failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
