import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner, two projects: the API (node, real database) and the web app (jsdom).
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
          testTimeout: 30_000,
          // A file's database opens in its beforeAll: PGlite's thread loads and compiles PGlite there
          // (decision 042), which took ~10 s alone and over 60 s on a 2-core machine at load 15.
          hookTimeout: 120_000,
          // PGlite takes ~0.8 GB per file; two at a time fits the 2-core machine.
          maxWorkers: 2,
        },
      },
      './apps/web',
    ],
  },
});
