import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readdirSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Db } from './client.ts';

/**
 * Backups of the embedded database (docs/operations.md, decision 018). Only the process holding
 * DATA_DIR's lock may open the database, so while the server runs it is the server that writes
 * the backup: `npm run backup` leaves a request file under DATA_DIR and sends the server SIGUSR2.
 * No network door: whoever may signal the process and write DATA_DIR could copy it anyway.
 */
const requestDir = (dataDir: string) => join(dataDir, 'backup-requests');

interface BackupRequest {
  /** Absolute path of the tarball to write. */
  file: string;
}

/** The tarball of `db` (see Db.dumpDataDir), written to `file` whole and flushed, or not at all. */
export async function writeBackup(db: Db, file: string): Promise<void> {
  if (!db.dumpDataDir) throw new Error('only the embedded database on disk is backed up this way');
  const tarball = Buffer.from(await (await db.dumpDataDir()).arrayBuffer());
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile(tarball);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
}

/** Server side: on SIGUSR2, write every requested backup. Returns a function that stops listening. */
export function serveBackupRequests(
  db: Db,
  dataDir: string,
  log: { info(o: object, m: string): void; error(o: object, m: string): void },
): () => void {
  let running = Promise.resolve();
  const handle = async () => {
    const dir = requestDir(dataDir);
    const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith('.json'));
    for (const name of names) {
      const path = join(dir, name);
      let request: BackupRequest;
      try {
        request = JSON.parse(await readFile(path, 'utf8')) as BackupRequest;
        await unlink(path);
      } catch {
        continue; // Half-written or taken by an earlier signal.
      }
      try {
        await writeBackup(db, request.file);
        log.info({ file: request.file }, 'backup written');
      } catch (err) {
        log.error({ err, file: request.file }, 'backup failed');
        await writeFile(`${request.file}.error`, err instanceof Error ? err.message : String(err));
      }
    }
  };
  // Signals arriving during a backup queue up behind it.
  const onSignal = () => {
    running = running.then(handle);
  };
  process.on('SIGUSR2', onSignal);
  return () => process.off('SIGUSR2', onSignal);
}

/** Client side: asks the server `pid` for a backup into `file`, and waits for it. */
export async function requestBackup(dataDir: string, pid: number, file: string, timeoutMs = 600_000) {
  const dir = requestDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const request = join(dir, `${randomBytes(8).toString('hex')}.json`);
  // Renamed into place, so the server never reads half a request.
  await writeFile(`${request}.tmp`, JSON.stringify({ file } satisfies BackupRequest), { mode: 0o600 });
  await rename(`${request}.tmp`, request);
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = new Set(await readdir(dirname(file)));
    const base = basename(file);
    if (names.has(base)) return;
    if (names.has(`${base}.error`)) {
      throw new Error(`the server could not write the backup: ${await readFile(`${file}.error`, 'utf8')}`);
    }
    if (Date.now() > deadline) {
      await unlink(request).catch(() => {});
      throw new Error(`the server (pid ${pid}) wrote no backup within ${timeoutMs / 1000} s; see its log`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** fsync every file and directory under `dir`: files PGlite unpacked from a tarball are not. */
export function syncTree(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) syncTree(path);
    else if (entry.isFile()) syncPath(path);
  }
  syncPath(dir);
}

function syncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
