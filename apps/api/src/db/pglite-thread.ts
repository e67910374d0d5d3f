// The embedded database's own thread (decision 042): the worker started by pglite-worker.ts. It owns
// the PGlite instance, so WebAssembly PostgreSQL runs here and never on the thread that parses
// requests and writes answers. It opens PGlite as decision 018 says (durable commits, owner-only
// modes; the lock and the damaged-directory checks stay with the caller, on the main thread) and
// answers the requests of the protocol below, one message each.
import { AsyncResource } from 'node:async_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, type messages as Messages, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { DurableNodeFS, DURABLE_START_PARAMS } from './durable-fs.ts';
import {
  ARRAY_TYPES,
  read,
  type Begun,
  type Reply,
  type Request,
  type ThreadOptions,
  type WireAnswer,
  type WireError,
} from './pglite-protocol.ts';

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
 * which was most of a short statement's time. They are run as node-postgres runs them, in
 * PostgreSQL's extended protocol: a statement is parsed once (Parse, Describe), then each call is
 * one exchange (Bind, Describe, Execute, Sync) where PGlite's `query` makes six (decision 078).
 * Each entry holds the serializers of the statement's parameter types, so values become text
 * exactly as PGlite's `query` makes them. A prepared statement belongs to the session, not to a
 * transaction: a rollback keeps it.
 */
type Serializer = (value: unknown) => string;
const prepared = new Map<string, Serializer[]>();
/**
 * Names being prepared. A request never waits for another one's preparation: that one may be
 * queued behind the very transaction this request runs in (PGlite has one connection), so it runs
 * its statement unnamed meanwhile.
 */
const preparing = new Set<string>();

const { serialize, messages } = protocol;
type BackendMessage = Messages.BackendMessage;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Whether an answer as PostgreSQL wrote it holds only what the main thread reads for itself
 * (decision 078): no error to throw and no notification to send on. Reads the messages' headers
 * (a type byte and a length) and nothing else.
 */
function plain(wire: Uint8Array): boolean {
  const view = new DataView(wire.buffer, wire.byteOffset, wire.byteLength);
  for (let at = 0; at + 5 <= wire.length; at += 1 + view.getUint32(at + 1)) {
    const type = String.fromCharCode(wire[at]!);
    if (type === 'E' || type === 'A') return false;
  }
  return true;
}

/**
 * Runs protocol messages as PGlite's `query` does: alone (its query mutex), and outside a
 * transaction also after any open one (its transaction mutex). Answers the bytes PostgreSQL wrote
 * when they are `plain`; otherwise reads them here: notifications go to the main thread, as
 * PGlite's own listeners send them, and an error is thrown as PGlite's `query` throws it, naming
 * the statement and its parameters for the logs' redaction.
 */
async function exchange(
  pglite: PGlite,
  inTransaction: boolean,
  message: Uint8Array,
  statement: { text: string; params: unknown[] },
): Promise<{ wire: Uint8Array } | { answers: BackendMessage[] }> {
  const run = () =>
    pglite._runExclusiveQuery(async () => {
      const chunks: Uint8Array[] = [];
      await pglite.execProtocolRawStream(message, {
        syncToFs: false,
        // The bytes are PGlite's buffer, reused after this call: copied, each into a buffer of its
        // own, so that the answer is a whole buffer to move to the main thread.
        onRawData: (bytes) => chunks.push(bytes.slice()),
      });
      return chunks.length === 1 ? chunks[0]! : joined(chunks);
    });
  const wire = await (inTransaction ? run() : pglite._runExclusiveTransaction(run));
  if (plain(wire)) return { wire };
  const answers = read(wire);
  for (const answer of answers) {
    if (answer instanceof messages.NotificationResponseMessage && listeners.has(answer.channel)) {
      reply({ notification: { channel: answer.channel, payload: answer.payload } });
    }
  }
  const error = answers.find((answer) => answer instanceof messages.DatabaseError);
  if (error) throw Object.assign(error, { query: statement.text, params: statement.params });
  return { answers };
}

async function prepare(
  pglite: PGlite,
  inTransaction: boolean,
  name: string,
  text: string,
  params: unknown[],
) {
  preparing.add(name);
  try {
    const answered = await exchange(
      pglite,
      inTransaction,
      joined([
        serialize.parse({ name, text, types: [] }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { text, params },
    );
    const serializers = parse
      .parseDescribeStatementResults('wire' in answered ? read(answered.wire) : answered.answers)
      .map((oid): Serializer => (value) => {
        const text: unknown = pglite.serializers[oid]?.(value) ?? String(value);
        if (typeof text !== 'string') throw new Error(`a value of type ${oid} cannot be sent to ${name}`);
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
  const inTransaction = target !== pglite;
  let types = prepared.get(name);
  if (!types) {
    if (preparing.has(name)) return { rows: (await target.query(text, params)).rows };
    types = await prepare(pglite, inTransaction, name, text, params);
  }
  const values = params.map((value, i) =>
    value === null || value === undefined ? null : (types[i]?.(value) ?? String(value)),
  );
  const answered = await exchange(
    pglite,
    inTransaction,
    joined([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    { text, params },
  );
  // Read into rows on the main thread, which has time to spare (decision 078).
  if ('wire' in answered) return { wire: answered.wire };
  return { rows: parse.parseResults(answered.answers, pglite.parsers)[0]!.rows };
}

/** Open transactions by id: each holds PGlite (its mutex) until the main thread ends it. */
const transactions = new Map<
  number,
  { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }
>();
const listeners = new Map<string, () => Promise<void>>();

/**
 * What a request answered, and (a transaction's begin) what settles once PGlite is free for the
 * next one's work.
 */
interface Served {
  value?: unknown;
  transfer?: ArrayBuffer[];
  held?: Promise<void>;
}

async function serve(pglite: PGlite, request: Request): Promise<Served> {
  const on = (tx: number | undefined) => {
    if (tx === undefined) return pglite;
    const open = transactions.get(tx);
    if (!open) throw new Error(`transaction ${tx} is not open`);
    return open.tx;
  };
  switch (request.op) {
    case 'query': {
      const target = on(request.tx);
      if (!request.name) return { value: (await target.query(request.text, request.params)).rows };
      const result = await runPrepared(pglite, target, request.name, request.text, request.params ?? []);
      if ('rows' in result) return { value: result.rows };
      const wire: WireAnswer = { wire: result.wire.buffer as ArrayBuffer };
      return { value: wire, transfer: [wire.wire] };
    }
    case 'exec':
      await on(request.tx).exec(request.script);
      return {};
    case 'begin': {
      // A transaction is known by its begin's request id, unique as long as the thread lives.
      const id = request.id;
      const first: Request = { ...request.first, id: request.id, at: request.at, tx: id };
      return new Promise((resolve, reject) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((r) => (end = r));
        const ended: Promise<void> = pglite
          .transaction(async (tx) => {
            transactions.set(id, { tx, end, ended });
            // The first statement runs before the answer goes: one exchange less (decision 079).
            await serve(pglite, first).then(
              ({ value, transfer }) =>
                resolve({
                  value: { tx: id, first: { ok: true, value } } satisfies Begun,
                  transfer,
                  held: ended,
                }),
              (err: unknown) =>
                resolve({
                  value: { tx: id, first: { ok: false, error: wireError(err) } } satisfies Begun,
                  held: ended,
                }),
            );
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

/**
 * Work that takes PGlite whole (a statement outside a transaction, a transaction from its begin to
 * its end, a script, a dump) waits for its turn here, and the oldest request's goes first
 * (decision 080). PGlite's own mutexes serve whoever asked first: a request of several statements
 * waited again behind every newer request's for each of them. A transaction's own statements, its
 * commit and its rollback never wait: it has the turn already.
 */
const waiting: Array<{ at: number; go: () => Promise<unknown> }> = [];
let turnTaken = false;

function takeTurn(at: number, go: () => Promise<unknown>): void {
  waiting.push({ at, go });
  nextTurn();
}

function nextTurn(): void {
  if (turnTaken || waiting.length === 0) return;
  let oldest = 0;
  for (let i = 1; i < waiting.length; i++) if (waiting[i]!.at < waiting[oldest]!.at) oldest = i;
  const [turn] = waiting.splice(oldest, 1);
  turnTaken = true;
  // A transaction that failed to commit has told its commit so: its turn ends all the same.
  void turn!
    .go()
    .catch(() => {})
    .finally(() => {
      turnTaken = false;
      nextTurn();
    });
}

const hasTurn = (request: Request) =>
  request.op === 'commit' || request.op === 'rollback' || ('tx' in request && request.tx !== undefined);

try {
  const pglite = await open();
  port.on('message', (request: Request) => {
    const answer = () =>
      serve(pglite, request).then(
        ({ value, transfer, held }) => {
          reply({ id: request.id, ok: true, value }, transfer);
          return held;
        },
        (err: unknown) => reply({ id: request.id, ok: false, error: wireError(err) }),
      );
    if (hasTurn(request)) void answer();
    // Run in its own message's async context, not the one whose turn ended before it.
    else takeTurn(request.at, AsyncResource.bind(answer));
  });
  // The array types PGlite reads its answers' arrays by, for the main thread to read them alike.
  const { rows: arrayTypes } = await pglite.query<{ element: number; array: number }>(ARRAY_TYPES);
  reply({ ready: true, arrayTypes: arrayTypes.map(({ element, array }) => [element, array]) });
} catch (err) {
  reply({ ready: false, error: wireError(err) });
}
