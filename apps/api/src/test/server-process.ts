import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * The real server process, as `npm start` runs it (`node --import tsx apps/api/src/server.ts`),
 * for tests of what only a process shows: restarts, signals, locks, damaged directories.
 */
const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  proc: ChildProcess;
  port: number;
  base: string;
  exited: Promise<number | null>;
  output: () => string;
}

export async function waitFor(what: () => boolean, label: string, server?: RunningServer): Promise<void> {
  // Generous: a PGlite start takes seconds, and far longer on a busy 2-core machine.
  const deadline = Date.now() + 180_000;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}:\n${server?.output() ?? ''}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Spawns the server and waits until it listens or exits (check `proc.exitCode` for the latter). */
export async function spawnServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    // No captcha: these tests register through the API like a client that solved none.
    env: {
      ...process.env,
      CAPTCHA_PROVIDER: 'off',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  const server = { proc, port, base: `http://127.0.0.1:${port}`, exited, output: () => output };
  try {
    await waitFor(() => output.includes('Acervo is listening') || proc.exitCode !== null, 'start', server);
  } catch (err) {
    proc.kill('SIGKILL'); // A test that gives up must not leave a server behind.
    throw err;
  }
  return server;
}

/** Spawns the server and fails unless it listens. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = await spawnServer(env);
  if (server.proc.exitCode !== null) throw new Error(`server did not start:\n${server.output()}`);
  return server;
}

export const post = (base: string, path: string, body: unknown) =>
  fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
