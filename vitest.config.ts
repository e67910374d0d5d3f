import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Files share their worker's module graph (decision 065): a test's spies, stubbed globals and
// environment variables are undone after it, so none reaches the next file.
const LEAVE_NOTHING_BEHIND = { restoreMocks: true, unstubGlobals: true, unstubEnvs: true };

// One runner: the API (node, real database) and the web app (jsdom, in two projects).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          root: './apps/api',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // *.pg.test.ts start and kill a PostgreSQL server of their own: the PostgreSQL suite's
          // (scripts/with-postgres.mjs sets TEST_DATABASE_URL), not run twice.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['src/**/*.pg.test.ts'],
          environment: 'node',
          // One migrated database that every file's database is copied from.
          globalSetup: [fileURLToPath(new URL('apps/api/src/test/global-setup.ts', import.meta.url))],
          setupFiles: [fileURLToPath(new URL('apps/api/src/test/each-test.ts', import.meta.url))],
          ...LEAVE_NOTHING_BEHIND,
          testTimeout: 30_000,
          // A file's database opens in its beforeAll: PGlite's thread loads and compiles PGlite there
          // (decision 042), which took ~10 s alone and over 60 s on a 2-core machine at load 15.
          hookTimeout: 120_000,
          // PGlite takes ~0.8 GB per worker; two at a time fits the 2-core machine.
          maxWorkers: 2,
          // A worker runs its files one after another in one module graph, on one database emptied
          // for each file (test-context.ts), instead of importing the app and opening a database
          // per file (docs/performance.md, the gate).
          isolate: false,
        },
      },
      // The web app's files share one module graph and document per worker, as the API's do.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          isolate: false,
          maxWorkers: 2,
          ...LEAVE_NOTHING_BEHIND,
        },
      },
    ],
  },
});
