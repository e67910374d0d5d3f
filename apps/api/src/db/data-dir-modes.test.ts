import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, solid } from '../modules/media/media.test-helpers.ts';
import { newAccount } from '../test/test-context.ts';
import { post, startServer } from '../test/server-process.ts';

/**
 * Issue 23: the embedded database's files were created world-writable. With a real server process:
 * DATA_DIR is 0700 and everything in it (database, pictures, mail, keys) is its owner's alone,
 * also when DATA_DIR existed before with looser modes.
 */
let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'acervo-data-dir-modes-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` whose mode lets its group or others in, with that mode in octal. */
function opened(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) found.push(...opened(path));
  }
  return found;
}

// The embedded database's directory: the PostgreSQL suite has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL)('DATA_DIR file modes (a real server process)', () => {
  it('makes DATA_DIR 0700 and every file in it 0600, a directory made before included', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o777);
    writeFileSync(join(dataDir, 'left-before.txt'), 'x');
    chmodSync(join(dataDir, 'left-before.txt'), 0o666);

    const server = await startServer({ DATA_DIR: dataDir, NODE_ENV: 'production', DATABASE_URL: '' });
    try {
      const account = newAccount();
      const session = (await (await post(server.base, '/api/v1/registration', account)).json()).data;
      const body = multipart(await solid(64, 64).png().toBuffer(), 'a.png', 'image/png');
      const upload = await fetch(`${server.base}/api/v1/user/${session.user_id}/picture`, {
        method: 'PUT',
        headers: { ...body.headers, authorization: `Bearer ${session.access_token}` },
        body: body.payload,
      });
      expect(upload.status).toBe(200);
      expect(await post(server.base, '/api/v1/password/recovery', { email: account.email })).toHaveProperty(
        'status',
        202,
      );

      expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['pglite', 'media']));
      expect(opened(dataDir)).toEqual([]);
    } finally {
      server.proc.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
