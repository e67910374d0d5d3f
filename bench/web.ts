// Web benchmark: `npm run bench:web` (issue 12). Builds the web app, serves it with the API on a
// temporary PGlite database loaded with the demo community (`npm run demo`), and runs Lighthouse
// (its default mobile emulation and simulated slow 4G / 4x CPU throttling) on the public pages and,
// signed in as the demo person, on /feed and /profile. Prints the four category scores and
// LCP / TBT / CLS per page, next to a baseline measured in the same run: /offline.html, a static
// page with no script, which shows what this machine scores for a page with nothing to run.
// Not a test; Lighthouse is CPU heavy, so run it now and then. BENCH_RUNS (1): runs per page, the
// median run (by performance score) is shown. BENCH_PAGES: only these pages (comma-separated:
// `/`, `/login`, `/register`, `/help`, `share`, `/feed`, `/profile`); the baseline always runs.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { launchChromium } from './launch-chromium.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const PAGES = process.env.BENCH_PAGES?.split(',').map((page) => page.trim());
const wanted = (page: string) => page === '/offline.html' || !PAGES || PAGES.includes(page);
const DEMO = { email: 'ana.ribeiro@demo.acervo.app', password: 'Acervo2026demo' };

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const dataDir = mkdtempSync(join(tmpdir(), 'acervo-bench-web-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
};

console.log('Building the web app…');
execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
console.log('Loading the demo community…');
execFileSync(process.execPath, ['--import', 'tsx', 'apps/api/scripts/demo.ts'], {
  cwd: ROOT,
  env,
  stdio: 'ignore',
});
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: ROOT,
  env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...init?.headers },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

type Row = { page: string; lhr: RunnerResult['lhr'] };

/** One row of an audit's details: the element (its selector), the issue type or the message. */
function describeItem(item: Record<string, unknown>): string {
  const node = item.node as { selector?: string; snippet?: string } | undefined;
  const score = typeof item.score === 'number' ? ` (${item.score.toFixed(3)})` : '';
  const subItems = (item.subItems as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const sources = subItems.map((sub) => String((sub.url as string | undefined) ?? JSON.stringify(sub)));
  const what =
    node?.selector ?? (item.issueType as string | undefined) ?? (item.description as string | undefined);
  return `${what ?? JSON.stringify(item)}${score}${sources.length ? ` [${sources.join(', ')}]` : ''}`.slice(
    0,
    300,
  );
}

try {
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${origin}/api/v1/category`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 240 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const session = await api<{ access_token: string; user_id: string; user_name: string; user_email: string }>(
    '/session',
    { method: 'POST', body: JSON.stringify({ user: DEMO }) },
  );
  // The demo's most followed public collection stands for "a public collection's share page".
  const popular = await api<{ id: string; private: boolean }[]>('/collection/by_followers?limit=10', {
    headers: { authorization: `Bearer ${session.access_token}` },
  });
  const shared = popular.find((collection) => !collection.private);
  if (!shared) throw new Error('no public collection in the demo data');

  const browser = await launchChromium();
  const flags: Flags = { logLevel: 'error', output: 'json' };

  const audit = async (page: Page, url: string, signedIn: boolean) => {
    const results: RunnerResult['lhr'][] = [];
    for (let run = 0; run < RUNS; run++) {
      // Signed in: the session sits in localStorage, where the web app keeps it, and Lighthouse
      // must not wipe storage before loading the page.
      const result = await lighthouse(url, { ...flags, disableStorageReset: signedIn }, undefined, page);
      if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
      results.push(result.lhr);
    }
    results.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    return results[Math.floor(results.length / 2)]!;
  };

  const rows: Row[] = [];
  const visitor = await browser.newPage();
  const publicPages = ['/offline.html', '/', '/login', '/register', '/help', `/lists/${shared.id}`];
  for (const path of publicPages) {
    if (!wanted(path.startsWith('/lists/') ? 'share' : path)) continue;
    console.log(`Lighthouse ${path}…`);
    rows.push({
      page: path === '/offline.html' ? '/offline.html (baseline)' : path,
      lhr: await audit(visitor, origin + path, false),
    });
  }
  await visitor.close();

  const member = await browser.newPage();
  await member.goto(`${origin}/help`);
  await member.evaluate((s) => {
    localStorage.setItem('token', s.access_token);
    localStorage.setItem('user_id', s.user_id);
    localStorage.setItem('user_name', s.user_name);
    localStorage.setItem('user_email', s.user_email);
    localStorage.setItem('user_picture', 'false');
  }, session);
  for (const path of ['/feed', '/profile'].filter(wanted)) {
    console.log(`Lighthouse ${path} (signed in)…`);
    rows.push({ page: `${path} (signed in)`, lhr: await audit(member, origin + path, true) });
  }
  await browser.close();

  const baseline = rows[0]!.lhr;
  const metric = (lhr: Row['lhr'], id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const score = (lhr: Row['lhr'], id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  console.log(
    `\nLighthouse ${baseline.lighthouseVersion}, mobile, ${baseline.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, median of ${RUNS} run(s); LCP x = LCP / baseline LCP`,
  );
  console.table(
    rows.map(({ page, lhr }) => ({
      page,
      performance: score(lhr, 'performance'),
      accessibility: score(lhr, 'accessibility'),
      'best practices': score(lhr, 'best-practices'),
      SEO: score(lhr, 'seo'),
      'FCP (s)': (metric(lhr, 'first-contentful-paint') / 1000).toFixed(2),
      'LCP (s)': (metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2),
      'LCP x': (
        metric(lhr, 'largest-contentful-paint') / metric(baseline, 'largest-contentful-paint')
      ).toFixed(2),
      'TBT (ms)': Math.round(metric(lhr, 'total-blocking-time')),
      CLS: metric(lhr, 'cumulative-layout-shift').toFixed(3),
    })),
  );
  for (const { page, lhr } of rows) {
    const failing = Object.values(lhr.categories)
      .flatMap((category) => category.auditRefs)
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'metricSavings',
      );
    if (failing.length > 0) console.log(`${page}: ${[...new Set(failing.map((a) => a!.id))].join(', ')}`);
    // What moved and what Chromium reported, named, so a failing audit can be fixed without a rerun.
    for (const id of ['layout-shifts', 'inspector-issues', 'errors-in-console']) {
      const items = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items;
      for (const item of items ?? []) console.log(`  ${id}: ${describeItem(item)}`);
    }
  }
} finally {
  server.kill('SIGTERM');
  if (server.exitCode === null) await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
