import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { resolveChromium } from './e2e/chromium.ts';

/**
 * Browser journeys against the real server (API + built web app) on a fresh PGlite database.
 * Debian's Chromium drives them when installed, otherwise the one inside an npm package
 * (e2e/chromium.ts); `npx playwright install` needs the internet, so it is not used.
 */
const chromium = await resolveChromium();
if (!process.env.E2E_BROWSER_ANNOUNCED) {
  process.env.E2E_BROWSER_ANNOUNCED = '1';
  console.log(`[e2e] ${chromium.kind} Chromium: ${chromium.executablePath}`);
}

// Workers re-load this file; they inherit the runner's environment, so pick the port and the
// data directory once and keep them in process.env.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
])
  .toString()
  .trim();
if (!process.env.E2E_DATA_DIR) {
  const dataDir = mkdtempSync(join(tmpdir(), 'acervo-e2e-'));
  process.env.E2E_DATA_DIR = dataDir;
  // Removed when the runner exits: by then Playwright has killed the webServer. A globalTeardown
  // runs while the server still writes there (its timers), and once failed a run (ENOTEMPTY). A
  // directory left in the system's temporary folder is no reason to fail the run either.
  process.once('exit', () => {
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    } catch (err) {
      console.warn(`[e2e] could not remove ${dataDir}: ${String(err)}`);
    }
  });
}
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two workers left a fifth of two cores idle (journeys wait on the server and the browser);
  // three pass beside two busy loops too (docs/performance.md, the gate).
  workers: 3,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL,
    locale: 'pt-BR',
    // Recording a trace of every journey (to keep the failing ones) took a quarter of their time
    // (docs/performance.md, the gate). A failure keeps its screenshot and page snapshot; for its
    // trace, run it again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The app's service worker (issue 12) would answer requests that page.route() then never sees;
    // e2e/pwa.spec.ts allows it where it is under test.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium.executablePath,
      env: { ...process.env, ...chromium.env } as Record<string, string>,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The gate (`npm run validate`) has just built the app for the API suite: it is served as is.
    command: process.env.E2E_SERVE_BUILT ? 'npm run serve' : 'npm run build && npm run serve',
    url: `${baseURL}/api/v1/category`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: process.env.E2E_PORT,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Mail links (written as .eml files under DATA_DIR/mail/, no SMTP_URL) point at this server.
      PUBLIC_URL: baseURL,
      // Every journey registers or logs in from 127.0.0.1.
      AUTH_RATE_LIMIT_PER_IP: '1000',
      // Recommendation neighbours rebuild every 2 s, so a journey sees new collections at once.
      RECOMMEND_REFRESH_SECONDS: '2',
      // Journeys fill forms without a captcha; captcha.spec.ts starts its own server with one.
      CAPTCHA_PROVIDER: 'off',
      // The operator of e2e/safety.spec.ts (/admin).
      ADMIN_EMAILS: 'moderacao@acervo.example',
    },
  },
});
