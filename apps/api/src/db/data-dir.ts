import {
  chmodSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's directory (DATA_DIR/pglite) is safe only in one process at a time, only
 * when it is whole, and only when Acervo never creates a database over what is left of one
 * (issue 14; docs/decisions/018-embedded-database-safety.md). Errors here stop the start with a
 * message for the operator, not a stack trace.
 */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

const RESTORE_HINT =
  'To recover, stop Acervo, move that directory aside (keep it: it may still be rescued) and ' +
  'restore the latest backup with `npm run restore FILE` (see docs/operations.md).';

interface LockOwner {
  pid: number;
  /** The process's start time (Linux /proc), so a recycled pid is not mistaken for the owner. */
  started: string | null;
}

/** Locks held by this process: a second open of the same directory here is refused too. */
const heldLocks = new Set<string>();

function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 (starttime); the command name (field 2) may contain spaces, so count after its ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(owner: LockOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it may still be using the directory.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.started === null) return true;
  const started = startTimeOf(owner.pid);
  return started === null || started === owner.started;
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    if (typeof owner.pid !== 'number') return undefined;
    return { pid: owner.pid, started: typeof owner.started === 'string' ? owner.started : null };
  } catch {
    return undefined;
  }
}

const lockFile = (dataDir: string) => join(dataDir, 'pglite.lock');

/** Takes group and other permissions off `path` and, for a directory, off everything in it. */
function tighten(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}

/**
 * DATA_DIR holds the database, pictures, mails and keys: its owner's alone (issue 23: PGlite's
 * files were created world-writable). The process's umask becomes 077, so whatever it creates from
 * now on (PGlite's files, WAL segments, pictures, mails) is 0600 and its directories 0700 whatever
 * mode the creating library asks for; what a looser start left in DATA_DIR is tightened once.
 */
export function protectDataDir(dataDir: string): void {
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir);
}

/** The live process holding DATA_DIR's lock, if any (used by `npm run backup` to find the server). */
export function dataDirOwner(dataDir: string): LockOwner | undefined {
  const file = lockFile(dataDir);
  if (heldLocks.has(file)) return { pid: process.pid, started: startTimeOf(process.pid) };
  const owner = readOwner(file);
  return owner && owner.pid !== process.pid && isAlive(owner) ? owner : undefined;
}

export interface DataDirLock {
  release(): void;
}

/**
 * Takes DATA_DIR's exclusive lock: a file naming this process, created atomically (link(2) of a
 * complete file, which fails when the name exists). A lock whose process is gone (kill -9, power
 * loss) is stale and taken over; one held by a live process stops this start.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = lockFile(dataDir);
  const mine: LockOwner = { pid: process.pid, started: startTimeOf(process.pid) };
  const content = JSON.stringify(mine);
  const temp = `${file}.${process.pid}`;
  if (heldLocks.has(file)) throw lockedError(dataDir, file, process.pid);
  writeFileSync(temp, content, { mode: 0o600 });
  let locked = false;
  try {
    for (let attempt = 0; attempt < 2 && !locked; attempt += 1) {
      try {
        linkSync(temp, file);
        locked = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        // Our own pid in a lock we do not hold is a previous life of this pid (pid 1 in a container).
        const owner = readOwner(file);
        if (owner && owner.pid !== process.pid && isAlive(owner)) throw lockedError(dataDir, file, owner.pid);
        // Stale: moved aside atomically; of two starts racing for it, only one wins the link.
        try {
          renameSync(file, `${file}.stale`);
        } catch {
          // Another start moved it first; the next link decides.
        }
      }
    }
  } finally {
    unlinkSync(temp);
  }
  if (!locked) throw lockedError(dataDir, file);
  heldLocks.add(file);

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldLocks.delete(file);
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  // process.exit() skips our close(); the lock goes with the process anyway, but a clean exit
  // should not leave a stale file for the next start to judge.
  process.on('exit', release);
  return { release };
}

function lockedError(dataDir: string, file: string, pid?: number): DataDirError {
  return new DataDirError(
    `DATA_DIR ${dataDir} is in use by another Acervo process${pid ? ` (pid ${pid})` : ''}: ` +
      `its embedded database is locked by ${file}. Two processes on one embedded database would ` +
      'each lose the other’s writes. Stop the other process first, or give this one its own DATA_DIR ' +
      '(or a shared PostgreSQL through DATABASE_URL).',
  );
}

/**
 * Whether `dir` holds a database to resume (true) or nothing (false, PGlite creates one). Files
 * without PG_VERSION are what is left of a damaged database: PGlite would run initdb over them
 * and every person would find their account gone, so this start stops instead.
 */
export function hasDatabase(dir: string): boolean {
  if (existsSync(join(dir, 'PG_VERSION'))) return true;
  const present = existsSync(dir) ? readdirSync(dir) : [];
  if (present.length === 0) return false;
  throw new DataDirError(
    `The embedded database directory ${dir} is damaged: it holds files (${present.slice(0, 5).join(', ')}` +
      `${present.length > 5 ? ', …' : ''}) but no PG_VERSION. Acervo will not create a new, empty ` +
      `database over them. ${RESTORE_HINT}`,
  );
}

/** The message for a database that exists but PGlite could not start (pg_control, WAL, …). */
export function damagedDatabase(dir: string, cause: unknown): DataDirError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DataDirError(
    `The embedded database in ${dir} could not be opened (${reason}): its files are damaged ` +
      `(for example global/pg_control or the WAL in pg_wal/). ${RESTORE_HINT}`,
  );
}
