import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { prerenderPages } from './build/prerender.ts';
import { purgeBootstrap } from './build/purge-css.ts';

const reactRouterProduction = new URL(
  '../../node_modules/react-router/dist/production/index.mjs',
  import.meta.url,
);

const syncExternalStore = new URL('src/lib/sync-external-store.ts', import.meta.url);

/**
 * Vendor chunks by library (issue 12): their names and contents depend only on the library, so a
 * deploy that changes our code leaves their hashes, and the browser's cached copies, as they were.
 * zod (form pages), dnd-kit and the masks get chunks of their own, loaded only where they are used.
 */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'forms', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'dnd-kit', test: /node_modules[\\/]@dnd-kit[\\/]/ },
  { name: 'imask', test: /node_modules[\\/](imask|react-imask)[\\/]/ },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // The service worker (decision 044): src/sw.ts, built by the plugin with Workbox and the list of
    // this build's files to precache; registered by lib/service-worker.ts; public/manifest.webmanifest
    // is ours. Precached: the shell, the pages' scripts and styles, the icons and the offline page;
    // never an API answer.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: [
          'index.html',
          'offline.html',
          'offline.css',
          '*.{svg,png}',
          'assets/*.{js,css,svg,png,webp,woff2}',
        ],
      },
    }),
    precompress(),
    prerenderPages(),
  ],
  resolve: {
    // react-router's package exports only its development build (warnings and checks included);
    // the production one ships beside it and is what a build should carry.
    // use-sync-external-store's shim is React's own hook on React 18 and later
    // (src/lib/sync-external-store.ts), without the fallback it carries for older ones.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(reactRouterProduction) },
            { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(syncExternalStore) },
          ]
        : [],
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  // Only the Bootstrap rules the app uses (issue 12: CSS <= 30 KB gzip per route).
  // Build only: in development the source changes under a stylesheet that is not rebuilt.
  css: { postcss: { plugins: command === 'build' ? [purgeBootstrap] : [] } },
  build: {
    outDir: 'dist',
    // No source maps in the served build: they published the whole source (4.5 MB, issue 14).
    sourcemap: false,
    // .vite/manifest.json: which chunks and stylesheets each page loads, read by the size budgets.
    manifest: true,
    rolldownOptions: {
      // Only the matched modules: a shared helper (prop-types) must not follow one library's group.
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: vendorGroups } },
    },
  },
  // The projects that run with it (which files, which isolation) are in the root vitest.config.ts.
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
  },
}));
