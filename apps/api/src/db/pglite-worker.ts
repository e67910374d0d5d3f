import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  parsersFor,
  rowsOf,
  type Begun,
  type Work,
  type Reply,
  type Request,
  type ThreadOptions,
  type WireAnswer,
  type WireError,
} from './pglite-protocol.ts';
import { requestAge } from '../lib/request-age.ts';

/** What a request asks for, without its id (distributes over the union). */
type Ask = Request extends infer R ? (R extends Request ? Omit<R, 'id' | 'at'> : never) : never;

/**
 * The main thread's end of the embedded database's thread (pglite-thread.ts, decision 042): sends
 * requests, matches answers to them, hands notifications on, and turns the thread's death into
 * failed requests rather than requests waiting forever.
 */
export interface PgliteThread {
  ask<T>(request: Ask): Promise<T>;
  /** A statement's rows: as the thread sent them, or read here from PostgreSQL's answer. */
  query<T>(request: Extract<Ask, { op: 'query' }>): Promise<T[]>;
  /**
   * Opens a transaction with its first statement (decision 079): its id once it is open, and the
   * statement's rows (`first` rejects with its error; the transaction is open all the same).
   */
  begin<T>(first: Work): { tx: Promise<number>; first: Promise<T[]> };
  onNotification(handler: (channel: string, payload: string) => void): void;
  /** Closes PGlite (its files are flushed and closed) and ends the thread. */
  close(): Promise<void>;
}

/**
 * The thread loads the TypeScript sources as the main thread does, through tsx, registered by a
 * small bootstrap (Node 20 does not apply `--import tsx` to a worker's own entry module), then
 * the modules in `preload` (a test's probe), then pglite-thread.ts.
 */
function bootstrap(preload: string[]): string {
  // tsx's ES module API (`require.resolve` would give its CommonJS twin).
  const tsxPackage = createRequire(import.meta.url).resolve('tsx/package.json');
  const tsx = pathToFileURL(join(dirname(tsxPackage), 'dist/esm/api/index.mjs')).href;
  const modules = [...preload, new URL('./pglite-thread.ts', import.meta.url).href];
  return `import(${JSON.stringify(tsx)}).then(async ({ register }) => {
    register();
    for (const module of ${JSON.stringify(modules)}) await import(module);
  });`;
}

/** An error from the thread, rebuilt here: its message and properties, and this thread's stack. */
export function fromWire(error: WireError): Error {
  const err = new Error(error.message);
  err.name = error.name;
  return Object.assign(err, error.props);
}

export class DatabaseThreadError extends Error {
  override name = 'DatabaseThreadError';
}

/**
 * Starts the thread and resolves once PGlite is open there, or rejects with the error it met.
 * `preload`: URLs of modules the thread imports first (a test's probe).
 */
export async function startPgliteThread(
  options: ThreadOptions,
  preload: string[] = [],
): Promise<PgliteThread> {
  const worker = new Worker(bootstrap(preload), {
    eval: true,
    workerData: options,
    transferList: options.restoreFrom ? [options.restoreFrom.data] : [],
    // Not the main thread's options: its `--import tsx` is the bootstrap's job here.
    execArgv: [],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;
  let notify: (channel: string, payload: string) => void = () => {};
  let parsers: ReturnType<typeof parsersFor> = {};
  // The thread keeps the process alive only while a request waits for it, like work in progress.
  const settle = () => {
    if (pending.size === 0) worker.unref();
  };

  const ready = new Promise<void>((resolve, reject) => {
    const stop = (err: Error) => {
      stopped ??= err;
      reject(stopped);
      for (const { reject: fail } of pending.values()) fail(stopped);
      pending.clear();
    };
    worker.on('error', (err) =>
      stop(new DatabaseThreadError(`the embedded database stopped: ${err.message}`)),
    );
    worker.on('exit', (code) =>
      stop(new DatabaseThreadError(`the embedded database stopped (exit code ${code})`)),
    );
    worker.on('message', (message: Reply) => {
      if ('notification' in message) notify(message.notification.channel, message.notification.payload);
      else if ('ready' in message) {
        if (message.ready) {
          parsers = parsersFor(message.arrayTypes);
          resolve();
        } else reject(fromWire(message.error));
      } else {
        const waiting = pending.get(message.id);
        pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(fromWire(message.error));
        settle();
      }
    });
  });
  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  settle();

  const ask = <T>(request: Ask): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ ...request, id, at: requestAge() });
    });
  };
  const rows = <T>(answer: T[] | WireAnswer) => (Array.isArray(answer) ? answer : rowsOf<T>(answer, parsers));
  return {
    ask,
    async query<T>(request: Extract<Ask, { op: 'query' }>) {
      return rows(await ask<T[] | WireAnswer>(request));
    },
    begin<T>(first: Work) {
      const begun = ask<Begun>({ op: 'begin', first });
      return {
        tx: begun.then(({ tx }) => tx),
        first: begun.then(({ first: answer }) => {
          if (!answer.ok) throw fromWire(answer.error);
          // An `exec` answers nothing.
          return answer.value === undefined ? [] : rows(answer.value as T[] | WireAnswer);
        }),
      };
    },
    onNotification(handler) {
      notify = handler;
    },
    async close() {
      try {
        await ask({ op: 'close' });
      } finally {
        stopped ??= new DatabaseThreadError('the embedded database is closed');
        await worker.terminate();
      }
    },
  };
}
