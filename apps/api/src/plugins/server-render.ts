import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The web build's server render (apps/web/src/prerender.tsx), which the build keeps in dist/.ssr/
 * (decision 037): what the server uses of it.
 */
type ServerRenderBundle = {
  prerender: (path: string, shared: unknown) => Promise<{ html: string; title: string }>;
  withPageMarkup: (
    indexHtml: string,
    path: string,
    page: { html: string },
    headScript: string,
  ) => string | undefined;
};

const BUNDLE = '.ssr/prerender.js';

/**
 * Rendered pages kept, the least recently used dropped first. A page is keyed by its address and its
 * HTML before the render, which carries the very data the page is drawn from (decision 031), so
 * any change (a new like, an edited item, a new build) draws it afresh.
 */
const CACHED_PAGES = 200;

/**
 * `indexHtml` with the page at `path` drawn into #root from `data` (what its HTML carries for the
 * browser's first render), with the head script, or undefined when it cannot be drawn: the caller
 * then sends the page for the browser to draw, as without a server render.
 */
type RenderPage = (
  path: string,
  data: unknown,
  indexHtml: string,
  headScript: string,
) => Promise<string | undefined>;

/**
 * The build's server render, or undefined when the build has none (an older build, or none at
 * all). `load` starts loading it (the server calls it as it starts listening, so the first shared
 * page does not wait for it; an app that only answers `inject`, as the tests' do, loads it when a
 * shared page first asks). A failure never fails the request: it is logged, by address only, and
 * the page goes out unrendered.
 */
export function serverRender(
  distDir: string,
  log: FastifyBaseLogger,
): { load: () => void; render: RenderPage } | undefined {
  const file = join(distDir, BUNDLE);
  if (!existsSync(file)) return undefined;
  let loading: Promise<ServerRenderBundle | undefined> | undefined;
  const load = () =>
    (loading ??= (import(pathToFileURL(file).href) as Promise<ServerRenderBundle>).catch((err: unknown) => {
      log.error({ err }, 'the web build’s server render did not load: shared pages are drawn by the browser');
      return undefined;
    }));
  const cache = new Map<string, string>();
  const render: RenderPage = async (path, data, indexHtml, headScript) => {
    const key = createHash('sha256').update(`${path}\n${indexHtml}`).digest('base64');
    const cached = cache.get(key);
    if (cached !== undefined) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const bundle = await load();
    if (!bundle) return undefined;
    try {
      const page = await bundle.prerender(path, data);
      // The markup only: the page's <title> stays the preview tags' (an item's names its collection).
      const html = bundle.withPageMarkup(indexHtml, path, { html: page.html }, headScript);
      if (html === undefined) return undefined;
      cache.set(key, html);
      if (cache.size > CACHED_PAGES) cache.delete(cache.keys().next().value!);
      return html;
    } catch (err) {
      log.error({ err, path }, 'server render failed: the page is sent for the browser to draw');
      return undefined;
    }
  };
  return { load: () => void load(), render };
}
