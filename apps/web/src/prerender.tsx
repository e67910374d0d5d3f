/**
 * The app's server render (decisions 030 and 037): a public page as a signed-out visitor in
 * Portuguese sees it, from the app's own routes and components, to the HTML sent for that address.
 * The build runs it for the static public pages (build/prerender.ts) and keeps the bundle in
 * dist/.ssr/, which the API loads at start to render a public collection's or item's page per
 * request from the data its HTML carries (decision 031). React renders it here as it hydrates it
 * in the browser (main.tsx).
 */
import { PAGE_PATTERNS, type PagePattern } from '@acervo/contract/analytics';
import type { ShareData } from '@acervo/contract/collection';
import { StrictMode } from 'react';
import { prerender as prerenderToStream } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter, matchRoutes } from 'react-router';
import { AppProviders } from './app/app';
import { routes, type PageHandle } from './app/router';
import { renderWithShared } from './features/collections/hooks/share-data';
import { takePrerenderedTitle } from './hooks/use-document-title';
import { i18nReady } from './lib/i18n';

export type PrerenderedPage = { html: string; title: string };

// One handler for every render: it resolves a route's lazy page once and keeps it.
const handler = createStaticHandler(routes);

/** The render before this one: renders run one after another (see `prerender`). */
let previous: Promise<unknown> = Promise.resolve();

/**
 * The markup of the page at `path` and the title it asks for. `shared` is what a shared page's HTML
 * carries for it (the browser's first render reads the same), absent on the static pages.
 *
 * React's `prerender` waits for every part that suspends (a slot whose code loads on demand, as the
 * comments under a collection), so the markup is the whole page and the browser hydrates each such
 * part once its code arrives. `renderToString` sent those parts as server errors, which the browser
 * logged (React #419) and drew anew, moving the page. One render at a time: the shared data and the
 * noted title belong to the render under way.
 */
export function prerender(path: string, shared: Partial<ShareData> = {}): Promise<PrerenderedPage> {
  const page = previous.then(() => renderPage(path, shared));
  previous = page.catch(() => undefined);
  return page;
}

async function renderPage(path: string, shared: Partial<ShareData>): Promise<PrerenderedPage> {
  await i18nReady;
  // Resolves the matched routes' lazy pages, as main.tsx does before it hydrates.
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response || context.statusCode !== 200) {
    throw new Error(`prerender: ${path} did not render as a page`);
  }
  takePrerenderedTitle();
  const html = await renderWithShared(shared, async () => {
    const { prelude } = await prerenderToStream(
      <StrictMode>
        <AppProviders>
          {/* No hydration data: no route has a loader, and an inline script would break our CSP. */}
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </StrictMode>,
      // Every part in place, as the browser is to hydrate it: nothing sent apart to be moved in by
      // an inline script (React does so past this many bytes), which our CSP would refuse.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return new Response(prelude).text();
  });
  return { html, title: takePrerenderedTitle() };
}

/**
 * Each page's modules (router.tsx's `handle.file`, from src/app/), by page pattern, as the router
 * matches an address of that pattern: what the build turns into each page's preloads
 * (build/prerender.ts).
 */
export function pageModules(): { path: PagePattern; files: string[] }[] {
  return PAGE_PATTERNS.map((path) => ({
    path,
    files: (matchRoutes(routes, path.replace('*', 'token')) ?? []).flatMap(({ route }) => {
      const handle = route.handle as PageHandle | undefined;
      return handle ? [handle.file] : [];
    }),
  }));
}

const ROOT = '<div id="root"></div>';
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The built index.html with a page's markup in #root, marked as the page of `path` (main.tsx
 * hydrates it there), the prerendered pages' head script first in `<head>`, before the stylesheets
 * (an inline script waits for the ones above it), and the page's title when given (a shared page's
 * is the server's head tags'). Used by the build for the static pages and by the server for the
 * pages it renders (decision 037); undefined when the HTML has no empty #root to fill.
 */
export function withPageMarkup(
  indexHtml: string,
  path: string,
  page: { html: string; title?: string },
  headScript: string,
): string | undefined {
  if (!indexHtml.includes(ROOT)) return undefined;
  const html = indexHtml
    .replace(/<meta charset="UTF-8" \/>/i, (charset) => `${charset}\n    <script>${headScript}</script>`)
    .replace(ROOT, () => `<div id="root" data-prerendered="${escapeHtml(path)}">${page.html}</div>`);
  const { title } = page;
  return title === undefined
    ? html
    : html.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
}
