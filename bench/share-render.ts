// What the server's render of shared pages costs (decision 037):
// `node --import tsx bench/share-render.ts` after `npm run build`.
//
// The demo community on an in-memory PGlite, and the real app (buildApp) twice over it: one serving
// the build as it is, whose public collection pages are drawn on the server, and one serving a copy
// of the build without its server render (dist/.ssr/), which sends those pages for the browser to
// draw as before. Every public collection's page is asked for, one request at a time through
// app.inject (the server's own work, no network), Brotli accepted as a browser does: on the copy,
// on the rendering app for the first time (a render) and again (from its cache of rendered pages).
// The baseline, in the same run, is /login: the build's prerendered file with its head tags.
// BENCH_ROUNDS (5) rounds, each with a fresh app and so an empty cache; medians and 90th
// percentiles over all requests. Not a test.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { buildApp } from '../apps/api/src/app.ts';
import { openDb } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { loadDemoImages } from '../apps/api/src/db/seed/demo-images.ts';
import { DEMO_EMAIL_DOMAIN, loadDemo } from '../apps/api/src/db/seed/demo.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { mediaStorageFor } from '../apps/api/src/modules/media/media.storage.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const DIST = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
if (!existsSync(join(DIST, '.ssr/prerender.js'))) {
  console.error(`${DIST} has no server render: run \`npm run build\` first.`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'acervo-bench-share-'));
// The same build without its server render: what a shared page cost before decision 037.
const unrendered = join(work, 'dist');
cpSync(DIST, unrendered, { recursive: true, filter: (source) => !source.includes('/.ssr') });

const configFor = (dist: string) =>
  loadConfig({ LOG_LEVEL: 'warn', DATA_DIR: join(work, 'data'), WEB_DIST_DIR: dist });
const db = await openDb({});
try {
  await migrate(db);
  await loadDemo(db);
  await loadDemoImages(db, mediaStorageFor(configFor(DIST)), DEMO_EMAIL_DOMAIN);
  const ids = (
    await db.query<{ id: string }>('SELECT id FROM collections WHERE NOT private ORDER BY id')
  ).map((row) => row.id);

  /** The time of one request in ms, and the size of its (compressed) answer. */
  async function timed(app: App, url: string, drawn: boolean) {
    const started = process.hrtime.bigint();
    const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
    const html =
      res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    if (html.includes('data-prerendered=') !== drawn)
      throw new Error(`${url}: drawn on the server? ${!drawn}`);
    return { ms, bytes: res.rawPayload.length };
  }

  const samples = {
    login: [] as number[],
    before: [] as number[],
    render: [] as number[],
    cached: [] as number[],
  };
  const bytes = { before: [] as number[], after: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const [rendering, plain] = [
      await buildApp({ config: configFor(DIST), db }),
      await buildApp({ config: configFor(unrendered), db }),
    ];
    // Warm-up: the render's bundle loaded, each app's first request made.
    await timed(rendering, '/login', true);
    await timed(plain, '/login', true);
    await timed(rendering, `/lists/${ids[0]}/`, true);
    for (const id of ids) {
      const url = `/lists/${id}`;
      samples.login.push((await timed(rendering, '/login', true)).ms);
      const before = await timed(plain, url, false);
      samples.before.push(before.ms);
      const render = await timed(rendering, url, true);
      samples.render.push(render.ms);
      samples.cached.push((await timed(rendering, url, true)).ms);
      if (round === 0) {
        bytes.before.push(before.bytes);
        bytes.after.push(render.bytes);
      }
    }
    await rendering.close();
    await plain.close();
  }

  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const login = quantile(samples.login, 0.5);
  console.log(
    `\n${ids.length} public collections × ${ROUNDS} rounds, one request at a time (app.inject, Brotli)\n`,
  );
  console.log('page                                         median ms   p90 ms   × /login');
  const row = (name: string, values: number[]) => {
    const median = quantile(values, 0.5);
    console.log(
      `${name.padEnd(44)} ${median.toFixed(2).padStart(9)} ${quantile(values, 0.9).toFixed(2).padStart(8)} ${(median / login).toFixed(2).padStart(10)}`,
    );
  };
  row('/login (prerendered file, baseline)', samples.login);
  row('/lists/{id} unrendered (before 037)', samples.before);
  row('/lists/{id} rendered on the server', samples.render);
  row('/lists/{id} rendered, from the cache', samples.cached);
  const kb = (values: number[]) => (quantile(values, 0.5) / 1024).toFixed(1);
  console.log(
    `\n/lists/{id} HTML, Brotli, median: ${kb(bytes.before)} KB unrendered, ${kb(bytes.after)} KB rendered`,
  );
} finally {
  await db.close();
  rmSync(work, { recursive: true, force: true });
}
