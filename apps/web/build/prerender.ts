import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Alias, type Plugin, type Rolldown } from 'vite';
import type { PrerenderedPage } from '../src/prerender.tsx';
import { OWN_RENDER_ATTRIBUTE, prerenderedPageStart, readerNeedsOwnRender } from '../src/prerender-gate.ts';
import { writeCompressed } from './precompress.ts';

/** The static public pages whose HTML is rendered at build time (decision 030). */
const PRERENDERED_PATHS = ['/', '/login', '/register', '/help'];

/** Where the build lists them for the server, beside Vite's manifest. */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/** What the server reads: each page's file and title, and the hash its CSP must allow. */
export type PrerenderedTable = {
  pages: { path: string; file: string; title: string }[];
  scriptHash: string;
};

/** The page of `path` in dist/, e.g. `prerendered/login.html` (`/` is `prerendered/index.html`). */
const fileOf = (path: string) => `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The prerendered pages' head script (src/prerender-gate.ts): marks `<html>` for a reader whose
 * page is not the prerendered one, before the body is parsed, and, once the page has painted,
 * loads the app's scripts, which the server sends inert in `<template data-after-paint>`
 * (apps/api/src/plugins/web-app.ts). Placed before the stylesheets: an inline script waits for
 * the ones above it.
 */
const gateScript = `(${prerenderedPageStart.toString()})(${readerNeedsOwnRender.toString()},'${OWN_RENDER_ATTRIBUTE}')`;

/** index.html with the page's markup in #root, its title, and the gate script. */
function pageHtml(indexHtml: string, path: string, page: PrerenderedPage): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`prerender: index.html has no ${root}`);
  return indexHtml
    .replace(/<meta charset="UTF-8" \/>/i, (charset) => `${charset}\n    <script>${gateScript}</script>`)
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(root, () => `<div id="root" data-prerendered="${path}">${page.html}</div>`);
}

/**
 * Prerenders the static public pages after the client build (decision 030): an SSR build of
 * src/prerender.tsx, with the client's aliases (so Preact renders, as in the browser), is run in
 * Node for each page; the HTML is written to dist/prerendered/ (with .br/.gz) and listed in
 * dist/.vite/prerendered.json with its title and the CSP hash of the gate script. The server sends
 * a page's file instead of the empty index.html; main.tsx hydrates it.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let aliases: Alias[] = [];
  let onwarn: Rolldown.InputOptions['onwarn'];
  return {
    name: 'acervo-prerender',
    // The client build only: not the dev server, nor the SSR build it starts itself.
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      aliases = config.resolve.alias;
      onwarn = config.build.rolldownOptions.onwarn;
    },
    async closeBundle() {
      const ssrDir = mkdtempSync(join(tmpdir(), 'acervo-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          // The server renderer of the browser's Preact, under React's name as our code spells it.
          resolve: {
            alias: [...aliases, { find: /^react-dom\/server$/, replacement: 'preact/compat/server' }],
          },
          // Bundled, not required from node_modules: the libraries' React imports must reach Preact.
          ssr: { noExternal: true },
          build: {
            ssr: join(root, 'src/prerender.tsx'),
            outDir: ssrDir,
            emptyOutDir: true,
            rolldownOptions: { onwarn },
          },
        });
        const { prerender } = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as {
          prerender: (path: string) => Promise<PrerenderedPage>;
        };
        const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
        const table: PrerenderedTable = {
          pages: [],
          scriptHash: `'sha256-${createHash('sha256').update(gateScript).digest('base64')}'`,
        };
        for (const path of PRERENDERED_PATHS) {
          const page = await prerender(path);
          const file = fileOf(path);
          mkdirSync(dirname(join(outDir, file)), { recursive: true });
          writeFileSync(join(outDir, file), pageHtml(indexHtml, path, page));
          writeCompressed(join(outDir, file));
          table.pages.push({ path, file, title: page.title });
        }
        writeFileSync(join(outDir, PRERENDERED_FILE), JSON.stringify(table));
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
