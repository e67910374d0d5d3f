import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, solid } from '../modules/media/media.test-helpers.ts';
import { newAccount } from '../test/test-context.ts';
import { FSYNC_PROBE_CHANNEL } from '../test/fsync-probe.ts';
import { post, spawnServer, startServer, waitFor } from '../test/server-process.ts';
import { openDb } from './client.ts';
import { createScratchDatabase } from './scratch-database.ts';

/**
 * The embedded database's directory (DATA_DIR/pglite), with real processes: one process at a
 * time, a stale lock after kill -9 does not block, backups while the server runs, restores,
 * damaged directories refused with a message, and commits flushed to the disk (issue 14).
 * Under scripts/with-postgres.mjs the suite runs on PostgreSQL, where DATA_DIR holds no database:
 * there the same file checks that nothing of this applies (several API processes share DATA_DIR).
 */
const SCRIPTS = fileURLToPath(new URL('../../scripts/', import.meta.url));
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'acervo-data-dir-test-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run backup|restore` (the script itself) and returns its exit code and output. */
function runScript(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', join(SCRIPTS, `${name}.ts`), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (d) => (output += d));
    proc.stderr.on('data', (d) => (output += d));
    proc.on('exit', (code) => resolve({ code, output }));
  });
}

const signIn = (base: string, account: { email: string; password: string }) =>
  post(base, '/api/v1/session', { user: { email: account.email, password: account.password } });

/** Registers `account` on the server at `base` with a profile photo; returns the photo's URL. */
async function registerWithPicture(base: string, account: ReturnType<typeof newAccount>) {
  const session = (await (await post(base, '/api/v1/registration', account)).json()).data;
  const body = multipart(await solid(64, 64).png().toBuffer(), 'a.png', 'image/png');
  const res = await fetch(`${base}/api/v1/user/${session.user_id}/picture`, {
    method: 'PUT',
    headers: { ...body.headers, authorization: `Bearer ${session.access_token}` },
    body: new Uint8Array(body.payload),
  });
  expect(res.status).toBe(200);
  return (await res.json()).data.picture as string;
}

if (process.env.TEST_DATABASE_URL) {
  describe('with DATABASE_URL (PostgreSQL), DATA_DIR holds no database', () => {
    it('takes no lock, so several API processes share one DATA_DIR; backups are pg_dump’s', async () => {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'acervo_data_dir');
      const env = { DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: scratch.url };
      const servers = [await startServer(env), await startServer(env)];
      try {
        const account = newAccount();
        expect((await post(servers[0]!.base, '/api/v1/registration', account)).status).toBe(201);
        expect((await signIn(servers[1]!.base, account)).status).toBe(200);
        expect(readdirSync(dataDir)).not.toContain('pglite.lock');
        expect(readdirSync(dataDir)).not.toContain('pglite');
        const backup = await runScript('backup', [], env);
        expect(backup.code).toBe(2);
        expect(backup.output).toContain('pg_dump');
      } finally {
        for (const s of servers) s.proc.kill('SIGTERM');
        for (const s of servers) await s.exited;
        await scratch.drop();
      }
    }, 120_000);
  });
} else {
  describe('the embedded database directory (PGlite under DATA_DIR)', () => {
    const env = () => ({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    const pgdata = () => join(dataDir, 'pglite');
    const carla = newAccount({ name: 'Carla Dias' });
    const dora = newAccount({ name: 'Dora Lima' });

    const mediaDir = () => join(dataDir, 'media');
    let carlasPicture: string;
    let carlasPictureBytes: Buffer;

    it('is used by one process at a time, survives kill -9, and is backed up while the server runs', async () => {
      const backupFile = join(dataDir, 'acervo-backup.tar.gz');
      const first = await startServer(env());
      try {
        carlasPicture = await registerWithPicture(first.base, carla);
        const served = await fetch(first.base + carlasPicture);
        expect(served.status).toBe(200);
        carlasPictureBytes = Buffer.from(await served.arrayBuffer());

        const second = await spawnServer(env());
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain(
          `DATA_DIR ${dataDir} is in use by another Acervo process (pid ${first.proc.pid})`,
        );

        const backup = await runScript('backup', [backupFile], env());
        expect(backup.output).toContain(`written by the running server (pid ${first.proc.pid})`);
        expect(backup.code).toBe(0);
      } finally {
        first.proc.kill('SIGKILL');
        await first.exited;
      }
      // The lock of the killed process is left behind and must not block the next start.
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);

      const third = await startServer(env());
      try {
        expect((await signIn(third.base, carla)).status).toBe(200);
        expect((await post(third.base, '/api/v1/registration', dora)).status).toBe(201);
      } finally {
        third.proc.kill('SIGTERM');
        expect(await third.exited).toBe(0);
      }
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

      // Every picture is lost; restoring the backup brings back the database as it was when the
      // backup was taken, and the pictures with it.
      rmSync(mediaDir(), { recursive: true });
      const restore = await runScript('restore', [backupFile], env());
      expect(restore.output).toContain('Restored');
      expect(restore.output).toContain('Restored 2 pictures');
      expect(restore.code).toBe(0);
      expect(readdirSync(dataDir).some((n) => n.startsWith('pglite.replaced-'))).toBe(true);

      const restored = await startServer(env());
      try {
        const served = await fetch(restored.base + carlasPicture);
        expect(served.status).toBe(200);
        expect(Buffer.from(await served.arrayBuffer())).toEqual(carlasPictureBytes);
      } finally {
        restored.proc.kill('SIGTERM');
        expect(await restored.exited).toBe(0);
      }
    }, 300_000);

    it('holds the restored data, and flushes the WAL to the disk (fsync) before a commit returns', async () => {
      // What reaches the kernel: every fsync(2) made by the database's thread (decision 042), by
      // the file it names, reported by a probe loaded into that thread.
      const synced: string[] = [];
      const probe = new BroadcastChannel(FSYNC_PROBE_CHANNEL);
      probe.onmessage = (event) => synced.push((event as { data: string }).data);
      // The database restored above, opened in this process (no server holds it now): as it was
      // when backed up, with Carla and without Dora.
      const db = await openDb({
        dataDir,
        threadPreload: [new URL('../test/fsync-probe.ts', import.meta.url).href],
      });
      try {
        const people = await db.query<{ email: string }>('SELECT email FROM users ORDER BY email');
        expect(people.map((p) => p.email)).toEqual([carla.email]);
        await db.exec('CREATE TABLE durability_probe (n int)');
        await waitFor(() => synced.length > 0, 'the probe');
        synced.length = 0;
        for (let i = 0; i < 10; i += 1) await db.query('INSERT INTO durability_probe VALUES ($1)', [i]);
        const walSyncs = () => synced.filter((path) => path.startsWith(join(pgdata(), 'pg_wal') + '/'));
        // The probe's messages travel apart from the answers: wait for them, not for a time.
        await waitFor(() => walSyncs().length >= 10, 'ten fsyncs of the WAL');
        expect(walSyncs().length).toBeGreaterThanOrEqual(10);
      } finally {
        probe.close();
        await db.close();
      }
    }, 120_000);

    it('refuses to start on a damaged directory, naming it, instead of creating a new database', async () => {
      // What is left of the database from the test above, with its PG_VERSION deleted.
      renameSync(join(pgdata(), 'PG_VERSION'), join(dataDir, 'PG_VERSION.kept'));
      const noVersion = await spawnServer(env());
      expect(await noVersion.exited).toBe(1);
      expect(noVersion.output()).toContain(`The embedded database directory ${pgdata()} is damaged`);
      expect(noVersion.output()).toContain('no PG_VERSION');
      expect(noVersion.output()).toContain('npm run restore FILE');
      expect(existsSync(join(pgdata(), 'PG_VERSION'))).toBe(false);
      renameSync(join(dataDir, 'PG_VERSION.kept'), join(pgdata(), 'PG_VERSION'));

      // An emptied WAL: PGlite itself says only "Aborted()".
      for (const segment of readdirSync(join(pgdata(), 'pg_wal')).filter((n) => /^[0-9A-F]{24}$/.test(n))) {
        writeFileSync(join(pgdata(), 'pg_wal', segment), '');
      }
      const noWal = await spawnServer(env());
      expect(await noWal.exited).toBe(1);
      expect(noWal.output()).toContain(`The embedded database in ${pgdata()} could not be opened`);
      expect(noWal.output()).toContain('npm run restore FILE');
    }, 180_000);
  });
}
