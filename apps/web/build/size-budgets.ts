import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * `npm run test:budgets` (issue 12): what each page downloads before it shows, in gzip bytes, read
 * from the build's .vite/manifest.json (the page's chunk, the entry, and every chunk they import
 * statically), checked against the budgets below. Exits 1, naming the page, when one is exceeded.
 * It reads the build `npm run test:e2e` has just made, so the gate builds once.
 */

const KB = 1024;

/**
 * The budgets (gzip), re-set once for React's runtime in production (decision 044, issue 24): the
 * first pages a visitor opens <= 170 KB of JavaScript, any page <= 230 KB, CSS <= 30 KB per page.
 * They ratchet down again as pages get lighter: 166 KB for the first pages since the texts of
 * collections, social, notifications, search and the landing, help, contact and onboarding pages
 * left the first chunk (/login 169.9 -> 164.6 KB).
 */
const TARGET = { firstPagesJs: 166 * KB, anyPageJs: 230 * KB };
const CSS_BUDGET = 30 * KB;

/** `first`: one of the first pages a visitor opens (`TARGET.firstPagesJs`; others `anyPageJs`). */
type PageBudget = { name: string; modules: string[]; first?: boolean };

/** What a signed-in page adds: the header's user menu and its feature slots. */
const SIGNED_IN = [
  'src/components/layout/signed-in-nav.tsx',
  'src/features/notifications/components/notifications-bell.tsx',
  'src/features/search/components/search-box.tsx',
];
const route = (name: string) => `src/app/routes/${name}.tsx`;

/** Pages (their modules). */
const PAGES: PageBudget[] = [
  { name: '/', modules: [route('landing')], first: true },
  { name: '/login', modules: [route('login')], first: true },
  { name: '/register', modules: [route('register')], first: true },
  { name: '/help', modules: [route('help')] },
  { name: '/lists/{id} (visitor)', modules: [route('lists')] },
  { name: '/feed', modules: [route('feed'), ...SIGNED_IN] },
  { name: '/profile', modules: [route('profile'), ...SIGNED_IN] },
  // Its charts (visx) load after it, dynamically: counted in the row below.
  { name: '/profile/{id}/stats', modules: [route('stats'), ...SIGNED_IN] },
  {
    name: '/profile/{id}/stats (charts)',
    modules: [route('stats'), 'src/features/stats/components/stats-charts.tsx', ...SIGNED_IN],
  },
  { name: '/lists/{id} (signed in)', modules: [route('lists'), ...SIGNED_IN] },
  { name: '/account', modules: [route('account'), ...SIGNED_IN] },
  { name: '/search', modules: [route('search'), ...SIGNED_IN] },
  { name: '/onboarding', modules: [route('onboarding'), ...SIGNED_IN] },
];

type Chunk = { file: string; imports?: string[]; css?: string[] };

export function pageSizes(distDir: string) {
  const manifestPath = join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`npm run build\` first.`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    if (!gzipped.has(file))
      gzipped.set(file, gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length);
    return gzipped.get(file)!;
  };
  return PAGES.map((page) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not in the build manifest (renamed? update PAGES).`);
      if (js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of ['index.html', ...page.modules]) visit(key);
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + size(file), 0);
    return { ...page, jsBytes: sum(js), cssBytes: sum(css) };
  });
}

function main() {
  const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '../dist');
  const failures: string[] = [];
  const rows = pageSizes(distDir).map((page) => {
    const jsBudget = page.first ? TARGET.firstPagesJs : TARGET.anyPageJs;
    if (page.jsBytes > jsBudget)
      failures.push(`${page.name}: JavaScript ${kb(page.jsBytes)} > ${kb(jsBudget)}`);
    if (page.cssBytes > CSS_BUDGET)
      failures.push(`${page.name}: CSS ${kb(page.cssBytes)} > ${kb(CSS_BUDGET)}`);
    return {
      page: page.name,
      'JS gzip': kb(page.jsBytes),
      'JS budget': kb(jsBudget),
      'CSS gzip': kb(page.cssBytes),
      'CSS budget': kb(CSS_BUDGET),
    };
  });
  console.table(rows);
  if (failures.length > 0) console.error(`Size budgets exceeded (issue 12):\n  ${failures.join('\n  ')}`);
  const failed = new Set(failures.map((failure) => failure.split(':')[0])).size;
  // The gate's closing line: pages within their budgets and pages over.
  console.log(`budgets: ${rows.length - failed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
}

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

main();
