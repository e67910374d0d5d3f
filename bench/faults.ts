// Faults on PostgreSQL: `npm run bench:faults`. Starts a PostgreSQL server of its own (commits
// answered once their WAL reaches the kernel, as a killed server keeps them) and the real API
// process over it, runs a write load (people adding items, each write with an Idempotency-Key and
// retried with it until a 2xx or a 4xx, as the web app does), and meanwhile restarts PostgreSQL
// (`pg_ctl stop -m fast`, start) and kills it with -9 (then starts it again), then kills the API
// process itself with -9 and starts another (answers lost after their commit: what the keys are
// for). Besides, a share of the answers is dropped on the way (the client stops waiting after a
// few milliseconds, as a phone losing its signal), so retries meet writes that did happen. Prints writes
// acknowledged, writes found afterwards, duplicates, lost, answers by status, the slowest answer
// during the outages and the time to recover. Not a test.
//
// Options (env): BENCH_WRITERS (8), BENCH_DURATION seconds (24), BENCH_OUTAGE seconds (2),
// BENCH_DROP share of answers dropped (0.1), BENCH_KEYS=0 to send the writes without a key (what
// the retries would do without idempotency keys).
import { randomUUID } from 'node:crypto';
import { createPostgresServer } from '../scripts/postgres-server.mjs';
import { openDb } from '../apps/api/src/db/client.ts';
import { startServer, post } from '../apps/api/src/test/server-process.ts';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 8);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 24) * 1000;
const OUTAGE_MS = Number(process.env.BENCH_OUTAGE ?? 2) * 1000;
const DROP = Number(process.env.BENCH_DROP ?? 0.1);
const KEYS = process.env.BENCH_KEYS !== '0';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pg = await createPostgresServer({ synchronousCommit: true });
await pg.start();
const startApi = () =>
  startServer({
    DATABASE_URL: pg.url,
    DATABASE_POOL_SIZE: '10',
    ITEM_WRITES_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
  });
let api = await startApi();

const statuses = new Map<string, number>();
const count = (label: string) => statuses.set(label, (statuses.get(label) ?? 0) + 1);
let slowestMs = 0;
/** Retries answered from the stored answer: the first try had written, but its answer was lost. */
let replayed = 0;
const acknowledged = new Set<string>();
const attempted = new Set<string>();
let stopAt = 0;

/** One person adding items to their collection, each write retried with its key until settled. */
async function writer(n: number) {
  const password = `Senha${n}falha-segura`;
  const reg = await post(api.base, '/api/v1/registration', {
    name: `Pessoa ${n}`,
    email: `falha${n}.${randomUUID().slice(0, 6)}@exemplo.com.br`,
    password,
    password_confirmation: password,
  });
  const auth = `Bearer ${((await reg.json()) as { data: { access_token: string } }).data.access_token}`;
  const headers = { 'content-type': 'application/json', authorization: auth };
  const list = await fetch(`${api.base}/api/v1/collection`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ category_id: 'wtt0fgHceRL46Hhk', name: `Carga ${n}`, description: '' }),
  });
  const listId = ((await list.json()) as { data: { id: string } }).data.id;

  for (let i = 0; Date.now() < stopAt; i += 1) {
    const name = `w${n}-${i}`;
    const key = randomUUID();
    attempted.add(name);
    const body = JSON.stringify({ collection_id: listId, name, description: '' });
    for (;;) {
      const started = Date.now();
      let status: number;
      try {
        // `api` is read at each try: after the API is killed, retries go to the new process.
        const res = await fetch(`${api.base}/api/v1/collection_items`, {
          method: 'POST',
          headers: { ...headers, ...(KEYS ? { 'idempotency-key': key } : {}) },
          body,
          signal: AbortSignal.timeout(Math.random() < DROP ? Math.floor(Math.random() * 40) : 30_000),
        });
        status = res.status;
        if (res.headers.get('idempotent-replayed')) replayed += 1;
        await res.arrayBuffer();
      } catch {
        status = 0; // no answer
      }
      slowestMs = Math.max(slowestMs, Date.now() - started);
      count(status === 0 ? 'no answer' : String(status));
      if (status >= 200 && status < 300) {
        acknowledged.add(name);
        break;
      }
      if (status >= 400 && status < 500) break;
      await sleep(200);
    }
  }
}

/** From `since` until the API says it can serve again. */
async function recovery(since = Date.now()): Promise<number> {
  while ((await fetch(`${api.base}/api/v1/health`).catch(() => null))?.status !== 200) await sleep(25);
  return Date.now() - since;
}

const recoveries: Record<string, number> = {};
try {
  stopAt = Date.now() + DURATION_MS;
  const load = Promise.all(Array.from({ length: WRITERS }, (_, n) => writer(n)));
  await sleep(DURATION_MS / 5);
  pg.stop('fast');
  await sleep(OUTAGE_MS);
  await pg.start();
  recoveries['PostgreSQL restarted (pg_ctl stop -m fast), after its start'] = await recovery();
  await sleep(DURATION_MS / 5);
  await pg.kill();
  await sleep(OUTAGE_MS);
  await pg.start();
  recoveries['PostgreSQL killed with -9, after its start'] = await recovery();
  await sleep(DURATION_MS / 5);
  const killedAt = Date.now();
  api.proc.kill('SIGKILL');
  await api.exited;
  api = await startApi();
  recoveries['API process killed with -9, after the kill (a new process starting)'] =
    await recovery(killedAt);
  await load;

  const db = await openDb({ databaseUrl: pg.url, poolSize: 1 });
  const rows = await db.query<{ name: string; copies: number }>(
    "SELECT name, count(*)::int AS copies FROM collection_items WHERE name LIKE 'w%' GROUP BY name",
  );
  await db.close();
  const found = new Map(rows.map((r) => [r.name, r.copies]));
  const duplicates = rows.filter((r) => r.copies > 1).length;
  const lost = [...acknowledged].filter((name) => !found.has(name)).length;
  const fiveXx = [...statuses].filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);

  console.log(
    `\nFaults on PostgreSQL (${pg.kind}), ${KEYS ? 'with' : 'WITHOUT'} idempotency keys, ${WRITERS} writers, ${DURATION_MS / 1000} s, outages of ${OUTAGE_MS / 1000} s`,
  );
  console.log(`writes attempted           ${attempted.size}`);
  console.log(`writes acknowledged (2xx)  ${acknowledged.size}`);
  console.log(`writes found afterwards    ${rows.length}`);
  console.log(`duplicates                 ${duplicates}`);
  console.log(`lost (acknowledged, gone)  ${lost}`);
  console.log(`5xx answers (all retried)  ${fiveXx}`);
  console.log(`retries replayed (written) ${replayed}`);
  console.log(`answers by status          ${[...statuses].map(([s, c]) => `${s}: ${c}`).join(', ')}`);
  console.log(`slowest answer             ${slowestMs} ms`);
  for (const [what, ms] of Object.entries(recoveries)) console.log(`recovered: ${what}: ${ms} ms`);
} finally {
  api.proc.kill('SIGTERM');
  await api.exited;
  pg.destroy();
}
