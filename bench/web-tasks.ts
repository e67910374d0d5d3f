// Main-thread long tasks of the signed-in pages (issue 12, decision 035):
// `node --import tsx bench/web-tasks.ts http://127.0.0.1:PORT [path ...]` against a running build
// with the demo community (`npm run build`, `npm run demo`, `npm run serve`; see docs/performance.md).
//
// Lighthouse's TBT is the noisiest figure on a shared machine: its simulation multiplies each
// observed task by 4, and a task observed while another process held the core counts that wait
// too. Here each task is measured in CPU time of the page's main thread (Chromium's trace,
// unthrottled), which another process's work barely moves, and multiplied by 4 as Lighthouse does.
// Per page, signed in as the demo person on a phone screen, the median of BENCH_RUNS (5) loads
// until at most two requests are open: the tasks over 50 ms at 4x, their total and the longest,
// and the "blocking" sum of their parts over 50 ms (TBT's rule, over the whole load rather than
// from FCP), and the elements on the page at the end (what was drawn; no other process moves that
// count).
// The baseline, measured in the same run, is /help (signed in, or as the visitor): the app
// starting and drawing a page that needs no data, which every page pays; "x" is a page's blocking
// sum over the baseline's.
// BENCH_VISITOR=1: as a visitor with nothing stored, who gets the prerendered and server-drawn
// pages (a shared collection's `/lists/{id}`) and hydrates them, as Lighthouse measures them.
// Not a test.
import type { Page } from 'puppeteer-core';
import { launchChromium } from './launch-chromium.ts';

const [origin, ...requested] = process.argv.slice(2);
if (!origin) {
  console.error('usage: node --import tsx bench/web-tasks.ts http://127.0.0.1:PORT [path ...]');
  process.exit(2);
}
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const BASELINE = '/help';
const paths = [BASELINE, ...(requested.length ? requested : ['/feed', '/profile'])];
const DEMO = { email: 'ana.ribeiro@demo.acervo.app', password: 'Acervo2026demo' };
/** Lighthouse's simulated mobile CPU: 4 times slower than this one. */
const SLOWDOWN = 4;

/** A frame as the trace names it: which renderer process draws which address. */
type TraceFrame = { processId?: number; url?: string };

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  tdur?: number;
  args?: { name?: string; data?: TraceFrame & { frames?: TraceFrame[] } };
};

/**
 * Each main-thread task of one page load, in milliseconds of CPU time, slowed down, and how many
 * elements the page drew (a count no other process moves).
 */
async function taskTimes(page: Page, url: string): Promise<{ tasks: number[]; elements: number }> {
  await page.tracing.start({ categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
  // At most two requests open: a signed-in page keeps its live event stream open (issue 26).
  await page.goto(url, { waitUntil: 'networkidle2' });
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const trace = await page.tracing.stop();
  const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
  const events = (JSON.parse(Buffer.from(trace!).toString('utf8')) as { traceEvents: TraceEvent[] })
    .traceEvents;
  // The page's own renderer: the browser runs others beside it (Chromium's new-tab page, whose
  // scripts alone made 300–400 ms tasks at 4x), and a trace records them all.
  const ours = new Set(
    events
      .filter((e) => ['TracingStartedInBrowser', 'FrameCommittedInBrowser', 'CommitLoad'].includes(e.name))
      .flatMap((e) => e.args?.data?.frames ?? (e.args?.data ? [e.args.data] : []))
      .filter((frame) => String(frame.url ?? '').startsWith(origin!))
      .map((frame) => frame.processId),
  );
  if (ours.size === 0) throw new Error(`the trace names no renderer of ${url}`);
  const main = new Set(
    events
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && ours.has(e.pid))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events
    .filter(
      (e) => e.ph === 'X' && e.name === 'RunTask' && e.tdur !== undefined && main.has(`${e.pid}:${e.tid}`),
    )
    .map((e) => (e.tdur! / 1000) * SLOWDOWN);
  return { tasks, elements };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const VISITOR = process.env.BENCH_VISITOR === '1';

async function signIn(): Promise<Record<string, string>> {
  const response = await fetch(`${origin}/api/v1/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: DEMO }),
  });
  if (!response.ok) throw new Error(`signing in answered ${response.status} (is the demo loaded?)`);
  return ((await response.json()) as { data: Record<string, string> }).data;
}
const session = VISITOR ? null : await signIn();

const browser = await launchChromium();
const figures = new Map(
  paths.map((path) => [
    path,
    {
      elements: [] as number[],
      count: [] as number[],
      total: [] as number[],
      longest: [] as number[],
      blocking: [] as number[],
    },
  ]),
);
try {
  for (let run = 0; run < RUNS; run++) {
    for (const path of paths) {
      // A fresh profile each time: nothing cached, as Lighthouse loads a page.
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({
        width: 412,
        height: 823,
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1.75,
      });
      await page.goto(`${origin}/offline.html`);
      if (session)
        await page.evaluate((s) => {
          localStorage.setItem('token', s.access_token!);
          localStorage.setItem('user_id', s.user_id!);
          localStorage.setItem('user_name', s.user_name!);
          localStorage.setItem('user_email', s.user_email!);
          localStorage.setItem('user_picture', 'false');
        }, session);
      const { tasks, elements } = await taskTimes(page, origin + path);
      const long = tasks.filter((ms) => ms > 50);
      await context.close();
      const entry = figures.get(path)!;
      entry.elements.push(elements);
      entry.count.push(long.length);
      entry.total.push(long.reduce((sum, ms) => sum + ms, 0));
      entry.longest.push(Math.max(0, ...long));
      entry.blocking.push(long.reduce((sum, ms) => sum + ms - 50, 0));
    }
  }
} finally {
  await browser.close();
}

const baseline = median(figures.get(BASELINE)!.blocking);
console.log(
  `Main-thread tasks over 50 ms, CPU time x${SLOWDOWN}, ${VISITOR ? 'a visitor' : 'signed in'}, 412x823, median of ${RUNS} load(s); x = blocking / ${BASELINE}'s`,
);
console.table(
  paths.map((path) => {
    const entry = figures.get(path)!;
    const blocking = median(entry.blocking);
    return {
      page: path === BASELINE ? `${path} (baseline)` : path,
      elements: median(entry.elements),
      'long tasks': median(entry.count),
      'total (ms)': Math.round(median(entry.total)),
      'longest (ms)': Math.round(median(entry.longest)),
      'blocking (ms)': Math.round(blocking),
      x: baseline ? (blocking / baseline).toFixed(2) : '-',
    };
  }),
);
