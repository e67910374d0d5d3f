// The embedded database's own thread (decision 042): the worker started by pglite-worker.ts. It owns
// the PGlite instance, so WebAssembly PostgreSQL runs here and never on the thread that parses
// requests and writes answers. It opens PGlite as decision 018 says (durable commits, owner-only
// modes; the lock and the damaged-directory checks stay with the caller, on the main thread) and
// answers the requests of the protocol below, one message each.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durable-fs.ts';
import type { Reply, Request, ThreadOptions, WireError } from './pglite-protocol.ts';

const port = parentPort!;
const options = workerData as ThreadOptions;

/** Every own property of an error that a message can carry (PGlite's code, detail, params, …). */
function wireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err), props: {} };
  const props: Record<string, unknown> = {};
  for (const key of Object.keys(err)) {
    const value = (err as unknown as Record<string, unknown>)[key];
    try {
      structuredClone(value);
      props[key] = value;
    } catch {
      // Not cloneable (a function, a handle): left out.
    }
  }
  return { name: err.name, message: err.message, props };
}

const reply = (message: Reply, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

async function open(): Promise<PGlite> {
  const extensions = { pg_trgm, unaccent };
  const restore = options.restoreFrom
    ? { loadDataDir: new Blob([options.restoreFrom.data], { type: options.restoreFrom.type }) }
    : {};
  if (options.dir === undefined) return PGlite.create({ extensions, ...restore });
  const durable = options.durable;
  return PGlite.create({
    fs: new DurableNodeFS(options.dir, durable),
    extensions,
    ...(durable ? { startParams: DURABLE_START_PARAMS } : {}),
    ...restore,
  });
}

/**
 * Named statements are prepared once and executed by name from then on, as node-postgres does on a
 * PostgreSQL server (decision 062): PGlite's own `query` parses and plans every statement each time,
 * which was most of a short statement's time. Each entry holds the serializers of the statement's
 * parameter types, so values become text exactly as PGlite's `query` makes them. A prepared
 * statement belongs to the session, not to a transaction: a rollback keeps it.
 */
type Serializer = (value: unknown) => string;
const prepared = new Map<string, Serializer[]>();
/**
 * Names being prepared. A request never waits for another one's preparation: that one may be
 * queued behind the very transaction this request runs in (PGlite has one connection), so it runs
 * its statement unnamed meanwhile.
 */
const preparing = new Set<string>();

/** A value as an SQL string literal: quotes doubled, and backslashes in the E'' form (as libpq does). */
const literal = (text: string) =>
  text.includes('\\')
    ? ` E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
    : `'${text.replace(/'/g, "''")}'`;

async function prepare(pglite: PGlite, target: PGlite | Transaction, name: string, id: string, text: string) {
  preparing.add(name);
  try {
    await target.exec(`PREPARE ${id} AS ${text}`);
    const { rows } = await target.query<{ types: number[] }>(
      'SELECT parameter_types::oid[] AS types FROM pg_prepared_statements WHERE name = $1',
      [name],
    );
    const serializers = (rows[0]?.types ?? []).map((oid): Serializer => (value) => {
      const text: unknown = pglite.serializers[oid]?.(value) ?? String(value);
      if (typeof text !== 'string') throw new Error(`a value of type ${oid} cannot be inlined in ${name}`);
      return text;
    });
    prepared.set(name, serializers);
    return serializers;
  } finally {
    // A statement that could not be prepared is tried again next time (its error is this one's).
    preparing.delete(name);
  }
}

async function runPrepared(
  pglite: PGlite,
  target: PGlite | Transaction,
  name: string,
  text: string,
  params: unknown[],
) {
  const id = `"${name.replace(/"/g, '""')}"`;
  let types = prepared.get(name);
  if (!types) {
    if (preparing.has(name)) return target.query(text, params);
    types = await prepare(pglite, target, name, id, text);
  }
  const args = params.map((value, i) =>
    value === null || value === undefined ? 'NULL' : literal(types[i] ? types[i](value) : String(value)),
  );
  return target
    .query(`EXECUTE ${id}${args.length > 0 ? `(${args.join(', ')})` : ''}`)
    .catch((err: unknown) => {
      // The EXECUTE holds the values inlined: a failure names the statement and its parameters
      // instead, as an unnamed one does, so that the logs' redaction of `params` covers them.
      if (err instanceof Error && 'query' in err) Object.assign(err, { query: text, params });
      throw err;
    });
}

/** Open transactions by id: each holds PGlite (its mutex) until the main thread ends it. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }
>();
let nextTransaction = 1;
const listeners = new Map<string, () => Promise<void>>();

async function serve(
  pglite: PGlite,
  request: Request,
): Promise<{ value?: unknown; transfer?: ArrayBuffer[] }> {
  const on = (tx: number | undefined) => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };
  switch (request.op) {
    case 'query': {
      const target = on(request.tx);
      const result = request.name
        ? await runPrepared(pglite, target, request.name, request.text, request.params ?? [])
        : await target.query(request.text, request.params);
      return { value: result.rows };
    }
    case 'exec':
      await on(request.tx).exec(request.script);
      return {};
    case 'begin': {
      const id = nextTransaction++;
      return new Promise((resolve, reject) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (end = r));
        const ended = pglite
          .transaction(async (tx) => {
            transactions.set(id, { tx, end, ended });
            resolve({ value: id });
            // A rollback throws, so that PGlite rolls back and releases its mutex.
            if (!(await decided)) throw new RolledBack();
          })
          .then(
            () => {},
            (err: unknown) => {
              if (!transactions.has(id)) reject(err);
              else if (!(err instanceof RolledBack)) throw err;
            },
          )
          .finally(() => transactions.delete(id));
      });
    }
    case 'commit':
    case 'rollback': {
      const open = transactions.get(request.tx);
      if (!open) throw new Error(`transaction ${request.tx} is not open`);
      open.end(request.op === 'commit');
      await open.ended;
      return {};
    }
    case 'listen': {
      if (!listeners.has(request.channel)) {
        const channel = request.channel;
        const stop = await pglite.listen(channel, (payload) => reply({ notification: { channel, payload } }));
        listeners.set(channel, stop);
      }
      return {};
    }
    case 'unlisten': {
      const stop = listeners.get(request.channel);
      listeners.delete(request.channel);
      await stop?.();
      return {};
    }
    case 'dump': {
      // Between two statements (PGlite runs one at a time), after a checkpoint (decision 018).
      await pglite.exec('CHECKPOINT');
      const tarball = await (await pglite.dumpDataDir('gzip')).arrayBuffer();
      return { value: tarball, transfer: [tarball] };
    }
    case 'close':
      await pglite.close();
      return {};
  }
}

class RolledBack extends Error {}

try {
  const pglite = await open();
  port.on('message', (request: Request) => {
    serve(pglite, request).then(
      ({ value, transfer }) => reply({ id: request.id, ok: true, value }, transfer),
      (err: unknown) => reply({ id: request.id, ok: false, error: wireError(err) }),
    );
  });
  reply({ ready: true });
} catch (err) {
  reply({ ready: false, error: wireError(err) });
}
