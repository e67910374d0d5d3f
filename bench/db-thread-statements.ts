// Loaded into the embedded database's own thread (`openDb({ threadPreload })`, decision 042) by
// bench/load/server.ts when BENCH_DB_THREAD_TIMES=<file> is set: how long PGlite itself was busy
// with each statement (name, or first words), from the moment it held PGlite alone (its query
// mutex) to the end. The server's own statement times are waits on the main thread: with many
// requests in flight they include the queue before the database, and statements a route runs side
// by side each count the others' time. Also how long transactions held PGlite while it ran none of
// their statements, waiting for the main thread to send the next one (decision 079). Written to
// <file> as JSON when the database closes, then printed by
// `node --import tsx bench/db-thread-statements.ts <file>`.
import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread, parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { Request, Work } from '../apps/api/src/db/pglite-protocol.ts';

type Totals = Record<string, { count: number; ms: number }>;
const BETWEEN = '(a transaction waiting between its statements)';
/** The same waits, by the transaction's first statement: printed as a table of their own. */
const WAITS_IN = 'waits in a transaction opened by ';

const file = process.env.BENCH_DB_THREAD_TIMES;
if (!isMainThread && file) {
  const totals: Totals = {};
  const add = (name: string, ms: number) => {
    const total = (totals[name] ??= { count: 0, ms: 0 });
    total.count += 1;
    total.ms += ms;
  };
  // Each request's work runs in its context (its label, its transaction): it follows the request
  // through PGlite's awaits. A transaction is known by its begin's request id, as the thread knows it.
  const context = new AsyncLocalStorage<{ label: string; tx: number | undefined }>();
  const statementOf = (work: Work) =>
    work.op === 'query' ? (work.name ?? work.text.trim().split(/\s+/).slice(0, 4).join(' ')) : 'exec';
  // A transaction's first statement runs with its BEGIN (decision 079), and its COMMIT in the same
  // request's context: the three are counted together, under the statement's name.
  const labelOf = (request: Request) =>
    request.op === 'query' || request.op === 'exec'
      ? statementOf(request)
      : request.op === 'begin'
        ? `${statementOf(request.first)} (with BEGIN and COMMIT)`
        : request.op;
  const port = parentPort!;
  const on = port.on.bind(port);
  port.on = ((event: string, listener: (request: Request) => void) =>
    on(
      event,
      event === 'message'
        ? (request: Request) => {
            const tx = request.op === 'begin' ? request.id : 'tx' in request ? request.tx : undefined;
            return context.run({ label: labelOf(request), tx }, () => listener(request));
          }
        : listener,
    )) as typeof port.on;
  /** When each open transaction's last statement ended, and the name of its first. */
  const lastEnd = new Map<number, number>();
  const opener = new Map<number, string>();
  type Exclusive = <T>(this: PGlite, fn: () => Promise<T>) => Promise<T>;
  const proto = PGlite.prototype as unknown as { _runExclusiveQuery: Exclusive };
  const exclusive = proto._runExclusiveQuery;
  proto._runExclusiveQuery = function <T>(this: PGlite, fn: () => Promise<T>): Promise<T> {
    const { label, tx } = context.getStore() ?? { label: '(PGlite itself)', tx: undefined };
    return exclusive.call<PGlite, [() => Promise<T>], Promise<T>>(this, async () => {
      const started = performance.now();
      const before = tx === undefined ? undefined : lastEnd.get(tx);
      if (tx !== undefined && !opener.has(tx)) opener.set(tx, label);
      if (before !== undefined) {
        add(BETWEEN, started - before);
        add(WAITS_IN + (opener.get(tx!) ?? '?'), started - before);
      }
      try {
        return await fn();
      } finally {
        add(label, performance.now() - started);
        if (tx !== undefined) lastEnd.set(tx, performance.now());
      }
    });
  };
  // Not through the wrapped `on`: this listener is not a request's.
  on('message', (request: Request) => {
    if (request.op === 'close') writeFileSync(file, JSON.stringify(totals));
  });
}

if (isMainThread && process.argv[2]) {
  const totals = JSON.parse(readFileSync(process.argv[2], 'utf8')) as Totals;
  const entries = Object.entries(totals).sort((a, b) => b[1].ms - a[1].ms);
  const waits = entries.filter(([name]) => name.startsWith(WAITS_IN));
  const rows = entries.filter(([name]) => !name.startsWith(WAITS_IN));
  const all = rows.reduce((sum, [, t]) => sum + t.ms, 0);
  console.log(
    `PGlite held ${(all / 1000).toFixed(1)} s in all (the server's whole life, seeding included)\n`,
  );
  const print = (header: string, lines: typeof entries, name: (key: string) => string) => {
    console.log(`${header}\n|---|---|---|---|---|`);
    for (const [key, t] of lines.slice(0, Number(process.argv[3] ?? 30))) {
      console.log(
        `| ${name(key)} | ${t.count} | ${(t.ms / t.count).toFixed(2)} ms | ${Math.round(t.ms)} ms | ${((100 * t.ms) / all).toFixed(1)}% |`,
      );
    }
  };
  print('| statement | count | mean | total | share |', rows, (key) => key);
  console.log('\nThe waits between statements, by the statement that opened the transaction:\n');
  print('| first statement | waits | mean | total | share |', waits, (key) => key.slice(WAITS_IN.length));
}
