import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './db/scratch-database.ts';
import { post, startServer as startServerWith, waitFor } from './test/server-process.ts';

/**
 * The real process, as `npm start` runs it: data survives a restart, and SIGTERM lets in-flight
 * requests finish before the database closes. Runs on PGlite (DATA_DIR) or, under
 * scripts/with-postgres.mjs, on a fresh PostgreSQL database.
 */
let dataDir: string;
let env: Record<string, string>;
let cleanup = async () => {};
const startServer = () => startServerWith(env);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'acervo-server-test-'));
  // No captcha: these requests are about the process, not the forms (captcha.test.ts covers those).
  env = { DATA_DIR: dataDir, NODE_ENV: 'production', CAPTCHA_PROVIDER: 'off' };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'acervo_server');
    env.DATABASE_URL = scratch.url;
    cleanup = scratch.drop;
  }
});
afterAll(async () => {
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('keeps accounts across a restart, finishes in-flight requests on SIGTERM and delivers mail', async () => {
    const account = { name: 'Carla Dias', email: 'carla@exemplo.com.br', password: 'Carla2026ok' };
    const first = await startServer();
    try {
      const reg = await post(first.base, '/api/v1/registration', {
        ...account,
        password_confirmation: account.password,
      });
      expect(reg.status).toBe(201);

      // A login (an argon2 verification) is in flight when SIGTERM arrives: it must still answer.
      const seen = () => first.output().split('"url":"/api/v1/session"').length - 1;
      const inFlight = post(first.base, '/api/v1/session', {
        user: { email: account.email, password: account.password },
      });
      await waitFor(() => seen() >= 1, 'the login to reach the server', first);
      first.proc.kill('SIGTERM');
      const res = await inFlight;
      expect(res.status).toBe(200);
      expect(await first.exited).toBe(0);
    } finally {
      first.proc.kill('SIGKILL');
    }

    const second = await startServer();
    try {
      const login = await post(second.base, '/api/v1/session', {
        user: { email: account.email, password: account.password },
      });
      expect(login.status).toBe(200);
      expect((await login.json()).data.user_name).toBe('Carla Dias');

      // The mail worker runs in the process: without SMTP_URL a mail becomes an .eml file under
      // DATA_DIR/mail/ whose name (not its link: a token) is logged, and SIGTERM still exits
      // cleanly with it running.
      const recovery = await post(second.base, '/api/v1/password/recovery', { email: account.email });
      expect(recovery.status).toBe(202);
      // The registration's verification mail (decision 039) and the reset mail, in either process.
      const mailDir = join(dataDir, 'mail');
      const mails = () =>
        (existsSync(mailDir) ? readdirSync(mailDir) : []).map((name) => ({
          file: join(mailDir, name),
          text: readFileSync(join(mailDir, name), 'utf8'),
        }));
      // Logged once the file is whole.
      const resetMail = () =>
        mails().find((mail) => second.output().includes(mail.file) && mail.text.includes('/reset/'));
      await waitFor(() => resetMail() !== undefined && mails().length === 2, 'the reset mail', second);
      const reset = resetMail()!.text;
      expect(mails().filter((mail) => mail.text.includes('/reset/'))).toHaveLength(1);
      expect(reset).toContain('To: carla@exemplo.com.br');
      // The body is quoted-printable: its soft line breaks joined, the link reads whole.
      const token = /\/reset\/([A-Za-z0-9_-]{43})/.exec(reset.replace(/=\r?\n/g, ''))![1]!;
      expect(second.output()).not.toContain(token);
      second.proc.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      second.proc.kill('SIGKILL');
    }
  }, 120_000);
});
