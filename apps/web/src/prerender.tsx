/**
 * The build's prerender entry (decision 030): renders a public page as a signed-out visitor in
 * Portuguese sees it, from the app's own routes and components, to the HTML the server sends for
 * that address. Run in Node by build/prerender.ts after the client build, through the same
 * aliases, so Preact renders here as it hydrates in the browser (main.tsx).
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { AppProviders } from './app/app';
import { routes } from './app/router';
import { takePrerenderedTitle } from './hooks/use-document-title';
import { i18nReady } from './lib/i18n';

export type PrerenderedPage = { html: string; title: string };

export async function prerender(path: string): Promise<PrerenderedPage> {
  await i18nReady;
  const handler = createStaticHandler(routes);
  // Resolves the matched routes' lazy pages, as main.tsx does before it hydrates.
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response || context.statusCode !== 200) {
    throw new Error(`prerender: ${path} did not render as a page`);
  }
  takePrerenderedTitle();
  const html = renderToString(
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
  );
  return { html, title: takePrerenderedTitle() };
}
