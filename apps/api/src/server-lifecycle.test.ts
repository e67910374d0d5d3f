import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './db/scratch-database.ts';
import { startServer, waitFor, type RunningServer } from './test/server-process.ts';

/**
 * What a client meets at the edges of a request's life, over real sockets to the real process:
 * a request that never arrives whole is cut off, and a shutdown answers requests on connections
 * kept alive from before instead of resetting them (issue 14). PGlite or PostgreSQL, as the suite.
 */
let dataDir: string;
let server: RunningServer;
let cleanup = async () => {};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'acervo-lifecycle-test-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    HTTP_REQUEST_TIMEOUT_SECONDS: '1',
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'acervo_lifecycle');
    env.DATABASE_URL = scratch.url;
    cleanup = scratch.drop;
  }
  server = await startServer(env);
});
afterAll(async () => {
  server.proc.kill('SIGKILL');
  await server.exited;
  await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A raw HTTP/1.1 connection: what it received, and whether the server closed it. */
function openConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.on('error', () => {});
  return {
    socket,
    received: () => received,
    closed: () => closed,
    /** Resolves with the next whole response (status line, headers, body) after `from`. */
    async response(from = 0) {
      let parsed: { status: number; headers: string; body: string; end: number } | undefined;
      await waitFor(() => {
        const text = received.slice(from);
        const head = text.indexOf('\r\n\r\n');
        if (head < 0) return closed;
        const headers = text.slice(0, head).toLowerCase();
        const length = Number(/content-length: (\d+)/.exec(headers)?.[1] ?? 0);
        if (text.length < head + 4 + length) return closed;
        parsed = {
          status: Number(text.slice(9, 12)),
          headers,
          body: text.slice(head + 4, head + 4 + length),
          end: from + head + 4 + length,
        };
        return true;
      }, 'a response');
      if (!parsed)
        throw new Error(`connection closed without a response; received: ${JSON.stringify(received)}`);
      return parsed;
    },
  };
}

const GET = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`;

describe('a request that never arrives whole', () => {
  it('is answered 408 and its connection closed once HTTP_REQUEST_TIMEOUT_SECONDS pass', async () => {
    const conn = openConnection(server.port);
    const started = Date.now();
    conn.socket.write(
      'POST /api/v1/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"user":',
    );
    const res = await conn.response();
    expect(res.status).toBe(408);
    await waitFor(conn.closed, 'the connection to close');
    // 1 s allowed, checked every second: well before the 151 s the issue saw.
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('a shutdown (SIGTERM)', () => {
  it('answers a request sent on a kept-alive connection with 503 and Connection: close, and exits', async () => {
    const conn = openConnection(server.port);
    conn.socket.write(GET('/api/v1/category'));
    const first = await conn.response();
    expect(first.status).toBe(200);
    expect(conn.closed()).toBe(false);

    server.proc.kill('SIGTERM');
    await waitFor(() => server.output().includes('shutting down'), 'the shutdown to begin', server);
    conn.socket.write(GET('/api/v1/category'));
    const second = await conn.response(first.end);
    expect(second.status).toBe(503);
    expect(second.headers).toContain('connection: close');
    expect(JSON.parse(second.body)).toEqual({
      error: { code: 'UNAVAILABLE', message: expect.any(String) },
    });
    await waitFor(conn.closed, 'the connection to close');

    // No new connections are accepted meanwhile.
    const refused = await new Promise<string>((resolve) => {
      const s = connect(server.port, '127.0.0.1');
      s.on('connect', () => resolve('accepted'));
      s.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(await server.exited).toBe(0);
  });
});
