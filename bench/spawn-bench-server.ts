import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Starts a bench server script (bench/api-server.ts, bench/load/server.ts) under tsx, on the
 * PostgreSQL at `databaseUrl` or on PGlite when it is empty. The server prints JSON lines on
 * stdout: each goes to `onMessage` first, and the first it does not take (returns false for) is
 * the server's "ready" line. `ready` rejects if the server exits before that.
 */
export function spawnBenchServer<Ready>(
  script: URL,
  databaseUrl: string,
  onMessage: (message: unknown) => boolean = () => false,
): { child: ChildProcess; ready: Promise<Ready> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl },
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      const message: unknown = JSON.parse(line);
      if (!onMessage(message)) resolve(message as Ready);
    });
    child.on('exit', (code) => reject(new Error(`bench server ${script.pathname} exited with ${code}`)));
  });
  return { child, ready };
}
