#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL server: initdb in a temporary directory, start on
// a free loopback port, run the command with TEST_DATABASE_URL set, then stop the server (by its
// own data directory) and delete everything. Usage: node scripts/with-postgres.mjs <cmd> [args]
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const INSTALL_HINT = 'apt-get install -y postgresql postgresql-contrib';

function findBinDir() {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(root, versions[0], 'bin');
  }
  return undefined;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const bin = findBinDir();
if (!bin) {
  console.error(
    `PostgreSQL server binaries (initdb, pg_ctl) were not found.\nInstall them with: ${INSTALL_HINT}`,
  );
  process.exit(1);
}

// initdb refuses to run as root; run the server as the postgres user then.
const asRoot = process.getuid?.() === 0;
const run = (exe, args, opts = {}) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, exe), ...args], { stdio: 'pipe', ...opts })
    : execFileSync(join(bin, exe), args, { stdio: 'pipe', ...opts });

const dir = mkdtempSync(join(tmpdir(), 'acervo-pg-'));
chmodSync(dir, 0o755);
const dataDir = join(dir, 'data');
if (asRoot) {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
}

let started = false;
function stop() {
  if (started) {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    } catch (err) {
      console.error('pg_ctl stop failed:', err.stderr?.toString() ?? err.message);
    }
    started = false;
  }
  rmSync(dir, { recursive: true, force: true });
}

let exitCode = 1;
try {
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', opts, '-w', 'start']);
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`[with-postgres] PostgreSQL (${bin}) on 127.0.0.1:${port}`);
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
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
  stop();
}
process.exit(exitCode);
