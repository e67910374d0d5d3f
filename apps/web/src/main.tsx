// First: configures zod before any module builds a schema (no eval probe under our CSP).
import './lib/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { createAppRouter, routes } from './app/router';
import { i18nReady } from './lib/i18n';
import { offerUpdate } from './lib/service-worker';
import { OWN_RENDER_ATTRIBUTE, readerNeedsOwnRender, replayHeldClicks } from './prerender-gate';

/**
 * Loads the page modules of the routes matching `path` into the route table, as React Router
 * documents for lazy routes with server HTML: the router then starts with the page in hand, and its
 * first render is the prerendered markup rather than an empty outlet.
 */
async function resolveLazyRoutes(path: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, path) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * The server sends the prerendered HTML of a few public pages (decision 030), drawn for a signed-out
 * visitor in Portuguese with no query string. That reader's first render is the same markup, which
 * React hydrates (decision 044: the layout's parts are Suspense boundaries, hydrated one after the
 * other, the one a visitor touches first). Anyone else gets their own page rendered in its place,
 * under the head script's mark that kept the prerendered one hidden from them.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const prerenderedPath = container.dataset.prerendered;
  const samePage = prerenderedPath === window.location.pathname && !window.location.search;
  const hydrating = samePage && !readerNeedsOwnRender();
  // The first render is already in the reader's language (English is fetched first when chosen).
  await i18nReady;
  if (hydrating) await resolveLazyRoutes(window.location.pathname);
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  if (hydrating) {
    hydrateRoot(container, app);
    replayHeldClicks();
    return;
  }
  container.replaceChildren();
  createRoot(container).render(app);
  // The head script's buttons are gone with its markup; it only stops holding clicks.
  replayHeldClicks();
  document.documentElement.removeAttribute(OWN_RENDER_ATTRIBUTE);
}

void start();

// Production only: in development the worker would serve yesterday's modules to Vite's reloads.
// Registered once the page has loaded, so its downloads do not compete with the first paint.
if (import.meta.env.PROD) {
  const update = registerSW({ onNeedRefresh: () => offerUpdate(() => void update(true)) });
}
