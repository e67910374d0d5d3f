#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL server: initdb in a temporary directory, start on
// a free loopback port, run the command with TEST_DATABASE_URL set, then stop the server (by its
// own data directory) and delete everything. Usage: node scripts/with-postgres.mjs <cmd> [args]
//
// Which server binaries: ACERVO_POSTGRES (auto, system, bundled), see postgres-server.mjs.
// `.ci/run` forces `bundled` so the fallback cannot rot on a machine that has Debian's.
import { spawn } from 'node:child_process';
import { createPostgresServer } from './postgres-server.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

let server;
try {
  server = await createPostgresServer();
} catch (err) {
  console.error(err.stderr?.toString() ?? err.message);
  process.exit(1);
}

let exitCode = 1;
try {
  await server.start();
  console.log(`[with-postgres] ${server.kind} PostgreSQL (${server.bin}) on 127.0.0.1:${server.port}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: server.url },
    shell: false,
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  exitCode = await new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
} catch (err) {
  console.error('[with-postgres] failed:', err.stderr?.toString() ?? err.message);
  exitCode = 1;
} finally {
  server.destroy();
}
process.exit(exitCode);
