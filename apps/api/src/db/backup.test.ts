import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStorage } from '../modules/media/media.storage.ts';
import { readBackup, writeBackup } from './backup.ts';
import { openDb, type Db } from './client.ts';

/**
 * The backup archive of the embedded database and the pictures beside it (decision 029); the
 * round trip through `npm run backup` / `npm run restore` with a real server is in data-dir.test.ts.
 */
// Only the embedded database has this archive: the PostgreSQL suite has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('a backup', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'acervo-backup-test-'));
    db = await openDb({ dataDir: join(dir, 'data') });
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('holds every picture that existed when it began, even one deleted while it runs', async () => {
    const mediaDir = join(dir, 'media');
    mkdirSync(mediaDir);
    writeFileSync(join(mediaDir, 'kept-512.webp'), 'kept');
    writeFileSync(join(mediaDir, 'removed-512.webp'), 'removed');
    const storage = localMediaStorage(mediaDir);
    const file = join(dir, 'backup.tar.gz');

    // A picture deleted during the backup (its row was gone before the dump, or goes after it).
    const backup = writeBackup(db, file, mediaDir);
    const deletion = storage.delete('removed-512.webp');
    await Promise.all([backup, deletion]);
    expect(existsSync(join(mediaDir, 'removed-512.webp'))).toBe(false);

    const pictures = new Map<string, string>();
    const contents = await readBackup(file, async (name, data) => {
      pictures.set(name, data.toString());
    });
    expect(Object.fromEntries(pictures)).toEqual({ 'kept-512.webp': 'kept', 'removed-512.webp': 'removed' });
    expect(contents.pictures).toBe(2);
    expect(contents.database.size).toBeGreaterThan(0);
  });

  it('written before pictures were included (a bare PGlite tarball) still reads as the database', async () => {
    const file = join(dir, 'older.tar.gz');
    const bare = new Uint8Array(await (await db.dumpDataDir!()).arrayBuffer());
    writeFileSync(file, bare);
    const contents = await readBackup(file, () => Promise.reject(new Error('no picture expected')));
    expect(contents.pictures).toBeNull();
    // Compared as buffers: a deep equality over megabytes of bytes takes minutes.
    expect(Buffer.from(await contents.database.arrayBuffer()).equals(bare)).toBe(true);
  });

  it('without a media folder (pictures in S3) holds the database alone', async () => {
    const file = join(dir, 'no-media.tar.gz');
    await writeBackup(db, file, null);
    const contents = await readBackup(file, () => Promise.reject(new Error('no picture expected')));
    expect(contents.pictures).toBeNull();
    expect(contents.database.size).toBeGreaterThan(0);
  });
});
