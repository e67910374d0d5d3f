// Loaded into the embedded database's own thread (`openDb({ threadPreload })`, decision 042) by
// bench/load/server.ts when BENCH_DB_THREAD_TIMES=<file> is set: how long PGlite itself was busy
// with each statement (name, or first words), from the moment it held PGlite alone (its query
// mutex) to the end. The server's own statement times are waits on the main thread: with many
// requests in flight they include the queue before the database, and statements a route runs side
// by side each count the others' time. Written to <file> as JSON when the database closes, then
// printed by `node --import tsx bench/db-thread-statements.ts <file>`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread, parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Request } from '../apps/api/src/db/pglite-protocol.ts';

type Totals = Record<string, { count: number; ms: number }>;

const file = process.env.BENCH_DB_THREAD_TIMES;
if (!isMainThread && file) {
  const totals: Totals = {};
  const label = new AsyncLocalStorage<string>();
  const labelOf = (request: Request) =>
    request.op === 'query'
      ? (request.name ?? request.text.trim().split(/\s+/).slice(0, 4).join(' '))
      : request.op === 'begin'
        ? 'BEGIN … COMMIT (the transaction itself)'
        : request.op;
  // Each request's work runs in its label's context: it follows the request through PGlite's awaits.
  const on = parentPort!.on.bind(parentPort!);
  parentPort!.on = ((event: string, listener: (request: Request) => void) =>
    on(event, event === 'message' ? (request: Request) => label.run(labelOf(request), () => listener(request)) : listener)) as typeof parentPort.on;
  const proto = PGlite.prototype as unknown as { _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> };
  const exclusive = proto._runExclusiveQuery;
  proto._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>) {
    const name = label.getStore() ?? '(PGlite itself)';
    return exclusive.call(this, async () => {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        const total = (totals[name] ??= { count: 0, ms: 0 });
        total.count += 1;
        total.ms += performance.now() - started;
      }
    });
  };
  // How long PGlite's transaction mutex was held in all: a transaction holds it from BEGIN to
  // COMMIT, between its statements too (while the main thread sends the next one).
  const proto2 = PGlite.prototype as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
  const held = proto2._runExclusiveTransaction;
  proto2._runExclusiveTransaction = function <T>(this: PGlite, fn: () => Promise<T>) {
    return held.call(this, async () => {
      const started = performance.now();
      try {
        return await fn();
      } finally {
        const total = (totals['(transaction mutex held, in all)'] ??= { count: 0, ms: 0 });
        total.count += 1;
        total.ms += performance.now() - started;
      }
    });
  };
  // Registered before the thread's own handler, so it runs first: before PGlite closes.
  parentPort!.on('message', (request: Request) => {
    if (request.op === 'close') writeFileSync(file, JSON.stringify(totals));
  });
}

if (isMainThread && process.argv[2]) {
  const totals = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Totals;
  const all = Object.values(totals).reduce((sum, t) => sum + t.ms, 0);
  const rows = Object.entries(totals).sort((a, b) => b[1].ms - a[1].ms);
  console.log(`PGlite busy ${(all / 1000).toFixed(1)} s in all (the server's whole life, seeding included)\n`);
  console.log('| statement | count | mean | total | share |\n|---|---|---|---|---|');
  for (const [name, t] of rows.slice(0, Number(process.argv[3] ?? 30))) {
    console.log(
      `| ${name} | ${t.count} | ${(t.ms / t.count).toFixed(2)} ms | ${Math.round(t.ms)} ms | ${((100 * t.ms) / all).toFixed(1)}% |`,
    );
  }
}
