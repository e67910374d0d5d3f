import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pagePattern } from '@acervo/contract/analytics';
import type { PrerenderedTable, RoutePreload } from '@acervo/contract/web-build';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendCompressed } from './compression.ts';
import { serverRender } from './server-render.ts';

const PLACEHOLDER = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Acervo</title></head>
<body><h1>Acervo</h1><p>O aplicativo web ainda não foi compilado. Rode <code>npm start</code>.</p></body></html>`;

/**
 * index.html as served at a path (issue 12: its title and link-preview tags). `title` is the
 * page's own when the build prerendered it (decision 030). On a public collection's or item's page,
 * `data` is what its HTML carries for the page's first screen (decision 031), from which the server
 * draws the page too (decision 037).
 */
export type RenderIndex = (
  path: string,
  indexHtml: string,
  title?: string,
) => Promise<{ html: string; data?: unknown }>;

/**
 * The contract's `pagePattern`, which the router's routes are checked against (router.test.tsx),
 * says which page an address is, and so which of the build's route preloads its HTML names.
 */
function readRoutePreloads(distDir: string): RoutePreload[] {
  const file = join(distDir, '.vite/route-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]) : [];
}

/**
 * The page's own chunks named in its HTML (issue 12): the browser fetches them along with the
 * entry rather than after the entry has run and asked for them, so the page paints a round trip
 * sooner. Stylesheets as `rel="stylesheet"`, which Vite's loader then finds and does not add twice.
 */
function withRoutePreloads(html: string, route: RoutePreload | undefined): string {
  if (!route || (route.js.length === 0 && route.css.length === 0)) return html;
  const tags = [
    ...route.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...route.js.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ].join('\n    ');
  return html.replace('</head>', () => `  ${tags}\n  </head>`);
}

const NOT_PRERENDERED: PrerenderedTable = { pages: [], scriptHash: '' };

function readPrerendered(distDir: string): PrerenderedTable {
  const file = join(distDir, '.vite/prerendered.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderedTable) : NOT_PRERENDERED;
}

/**
 * The HTML sent at `path` before its head tags and preloads: the page's prerendered file where the
 * build made one (the page paints before any script runs), else the empty index.html.
 */
async function pageHtml(
  distDir: string,
  prerendered: PrerenderedTable,
  path: string,
  reply: FastifyReply,
): Promise<{ html: string; title?: string; prerendered: boolean }> {
  const page = prerendered.pages.find((candidate) => candidate.path === path);
  if (!page) return { html: await readFile(join(distDir, 'index.html'), 'utf8'), prerendered: false };
  // A page drawn before its scripts run carries the head script (it hides that markup from a
  // signed-in or English reader before it shows), allowed by its hash on that answer only.
  reply.allowInlineScript(prerendered.scriptHash);
  return { html: await readFile(join(distDir, page.file), 'utf8'), title: page.title, prerendered: true };
}

/**
 * On a prerendered page the scripts only make the page that is already drawn interactive: they are
 * sent inert, each in a `<template data-after-paint>`, and the page's head script (apps/web
 * src/prerender-gate.ts) puts them in the document once the page has painted. A slow phone shows
 * the page before it downloads and runs them.
 */
function withScriptsAfterPaint(html: string): string {
  return html.replace(
    /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g,
    (tag) => `<template data-after-paint>${tag}</template>`,
  );
}

/**
 * Serves the built web app with a fallback to index.html for client-side routes. API paths that
 * match nothing get a JSON 404 instead. With `renderIndex`, index.html carries the page's own title
 * and preview tags, rendered on the server for clients that run no JavaScript, and a shared page
 * its data, from which the build's server render draws it (decision 037).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  renderIndex?: RenderIndex,
): Promise<void> {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  // Read once: the hashed files it names change only with a new build, and a new build is served
  // by a restarted process (the static routes are listed at start too).
  const routePreloads = hasBuild ? readRoutePreloads(distDir) : [];
  const prerenderedPages = hasBuild ? readPrerendered(distDir) : NOT_PRERENDERED;
  const { script: headScript } = prerenderedPages;
  const renderer = hasBuild && headScript ? serverRender(distDir, app.log) : undefined;
  if (renderer) app.addHook('onListen', renderer.load);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (issue 12): sent as they are, chosen by
      // Accept-Encoding, with no compression work per request.
      preCompressed: true,
      // Hashed assets never change; index.html, the service worker and the manifest revalidate.
      setHeaders: (res, path) => {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing hashed asset (say, from a build newer than this process) must be a 404, not
    // index.html, or the browser reports a script of the wrong type instead of a missing file.
    const isAsset = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (path.startsWith('/api/') || path === '/api' || request.method !== 'GET' || isAsset) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
    }
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(PLACEHOLDER);
    reply.header('cache-control', 'no-cache');
    // Read per request (it is small): a new build replaces it under a running process.
    const page = await pageHtml(distDir, prerenderedPages, path, reply);
    const index = renderIndex ? await renderIndex(path, page.html, page.title) : { html: page.html };
    let { html } = index;
    let { prerendered } = page;
    // A shared page drawn on the server paints before its scripts run, as a prerendered one.
    const drawn =
      renderer && headScript && index.data !== undefined
        ? await renderer.render(path, index.data, html, headScript)
        : undefined;
    if (drawn !== undefined) {
      html = drawn;
      prerendered = true;
      reply.allowInlineScript(prerenderedPages.scriptHash);
    }
    const pattern = pagePattern(path);
    const withPreloads = withRoutePreloads(
      html,
      routePreloads.find((route) => route.path === pattern),
    );
    reply.type('text/html; charset=utf-8');
    // @fastify/compress works through routes' hooks, and this fallback is not a route: the page
    // written per request is compressed here (issue 12).
    return sendCompressed(request, reply, prerendered ? withScriptsAfterPaint(withPreloads) : withPreloads);
  });
}
