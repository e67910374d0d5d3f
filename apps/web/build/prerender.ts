import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PagePattern } from '@acervo/contract/analytics';
import type { PrerenderedTable, RoutePreload } from '@acervo/contract/web-build';
import react from '@vitejs/plugin-react';
import { build, type Alias, type Manifest, type Plugin, type Rolldown } from 'vite';
import { writeCompressed } from './precompress.ts';

/** The static public pages whose HTML is rendered at build time (decision 030). */
const PRERENDERED_PATHS = ['/', '/login', '/register', '/help'];

/** Where the build lists them for the server, beside Vite's manifest. */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/** Where the build lists each page's preloads for the server (not a page, not precached). */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * The server render's bundle (src/prerender.tsx), kept for the API, which renders shared pages with
 * it per request (decision 037). A dot folder: the static server does not serve it.
 */
const SSR_DIR = '.ssr';

/**
 * Each page's preloads, from Vite's manifest: the chunks its modules import statically, and their
 * stylesheets, less the entry's own.
 */
function routePreloads(manifest: Manifest, pages: { path: PagePattern; files: string[] }[]): RoutePreload[] {
  /** A chunk and every chunk it imports statically, by manifest key. */
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) closure(key, entry);
  const files = (keys: Set<string>, of: (key: string) => string[]) =>
    [...new Set([...keys].flatMap(of))].map((file) => `/${file}`);
  const entryCss = new Set(files(entry, (key) => manifest[key]!.css ?? []));
  return pages.map(({ path, files: modules }) => {
    const keys = new Set<string>();
    for (const module of modules) {
      // Manifest keys are paths from the app's root; a page's file is from src/app/.
      const key = posix.join('src/app', module);
      if (!manifest[key]) throw new Error(`${key} (page ${path}) has no chunk of its own in the build`);
      closure(key, keys);
    }
    const own = new Set([...keys].filter((key) => !entry.has(key)));
    return {
      path,
      js: files(own, (key) => [manifest[key]!.file]),
      css: files(keys, (key) => manifest[key]!.css ?? []).filter((file) => !entryCss.has(file)),
    };
  });
}

/** The page of `path` in dist/, e.g. `prerendered/login.html` (`/` is `prerendered/index.html`). */
const fileOf = (path: string) => `prerendered/${path === '/' ? 'index' : path.slice(1)}.html`;

/**
 * The prerendered pages' head script (src/head-script.ts, whose work is in src/prerender-gate.ts):
 * marks `<html>` for a reader whose page is not the prerendered one, before the body is parsed,
 * holds taps on the page's buttons until the app runs, and, once the page has painted, loads the
 * app's scripts, which the server sends inert in `<template data-after-paint>`
 * (apps/api/src/plugins/web-app.ts). Bundled on its own, minified, as one classic script: it
 * carries what it uses, and nothing of the app. Placed before the stylesheets: an inline script
 * waits for the ones above it.
 */
async function headScript(root: string): Promise<string> {
  const built = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    build: {
      // Kept in memory: dist/ is the client build's, which this must not empty.
      write: false,
      emptyOutDir: false,
      minify: true,
      lib: { entry: join(root, 'src/head-script.ts'), formats: ['iife'], name: 'acervoHead' },
    },
  });
  const [output] = Array.isArray(built) ? built : [built];
  const chunk = output && 'output' in output ? output.output[0] : undefined;
  if (!chunk) throw new Error('prerender: the head script did not build');
  return chunk.code.trim();
}

/**
 * Prerenders the static public pages after the client build (decision 030): an SSR build of
 * src/prerender.tsx, with the client's aliases, is run in
 * Node for each page; the HTML is written to dist/prerendered/ (with .br/.gz) and listed in
 * dist/.vite/prerendered.json with its title and the gate script and its CSP hash. The server sends
 * a page's file instead of the empty index.html; main.tsx hydrates it. The SSR build stays in
 * dist/.ssr/ for the server's own renders of shared pages (decision 037).
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
      const ssrDir = join(outDir, SSR_DIR);
      await build({
        configFile: false,
        root,
        // public/ is the client's, served from dist/ already.
        publicDir: false,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: aliases },
        // Bundled, not required from node_modules: the API that loads it has none of the web app's
        // dependencies to require.
        ssr: { noExternal: true },
        build: {
          ssr: join(root, 'src/prerender.tsx'),
          outDir: ssrDir,
          emptyOutDir: true,
          // One file: the server loads the whole render as it starts, and a page it draws later never
          // asks for a chunk that a newer build in the same folder has replaced.
          rolldownOptions: { onwarn, output: { codeSplitting: false } },
        },
      });
      const { prerender, withPageMarkup, pageModules } = (await import(
        pathToFileURL(join(ssrDir, 'prerender.js')).href
      )) as typeof import('../src/prerender.tsx');
      const indexHtml = readFileSync(join(outDir, 'index.html'), 'utf8');
      const gateScript = await headScript(root);
      const table: PrerenderedTable = {
        pages: [],
        script: gateScript,
        scriptHash: `'sha256-${createHash('sha256').update(gateScript).digest('base64')}'`,
      };
      for (const path of PRERENDERED_PATHS) {
        const page = await prerender(path);
        const file = fileOf(path);
        mkdirSync(dirname(join(outDir, file)), { recursive: true });
        const html = withPageMarkup(indexHtml, path, page, gateScript);
        if (!html) throw new Error('prerender: index.html has no empty <div id="root">');
        writeFileSync(join(outDir, file), html);
        writeCompressed(join(outDir, file));
        table.pages.push({ path, file, title: page.title });
      }
      writeFileSync(join(outDir, PRERENDERED_FILE), JSON.stringify(table));
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      writeFileSync(
        join(outDir, ROUTE_PRELOADS_FILE),
        JSON.stringify(routePreloads(manifest, pageModules())),
      );
    },
  };
}
