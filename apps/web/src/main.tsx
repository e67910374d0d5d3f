// First: configures zod before any module builds a schema (no eval probe under our CSP).
import './lib/zod-jitless';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app';
import { holdHydrationSteps, yieldToBrowser } from './app/hydrate-in-steps';
import { createAppRouter, routes } from './app/router';
import { i18nReady } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
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
 * Runs the chunks the server preloads for this page (its `modulepreload` links: the entry's, then
 * the page's and their imports) a few at a time, each batch in a task of its own: the page's
 * module graph would otherwise be evaluated in one long task when its `lazy` is loaded (the
 * contract's schemas on the form pages, decision 036). From the last link to the first, so that
 * mostly a chunk's imports are run before it; an import runs what it needs first anyway, so the
 * order changes only how the work is split, never what runs. A chunk already run costs nothing.
 */
async function evaluatePreloadedChunks(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].reverse();
  let since = performance.now();
  for (const link of links) {
    // A chunk that fails here fails again, and is reported, where the app imports it.
    await import(/* @vite-ignore */ link.href).catch(() => undefined);
    if (performance.now() - since > 8) {
      await yieldToBrowser();
      since = performance.now();
    }
  }
}

/**
 * The server sends the prerendered HTML of a few public pages (decision 030), drawn for a signed-out
 * visitor in Portuguese with no query string. That reader's first render is the same markup, which
 * Preact adopts (hydrate). Anyone else gets their own page rendered in its place, in one go, under
 * the head script's mark that kept the prerendered one hidden from them.
 */
async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const prerenderedPath = container.dataset.prerendered;
  const samePage = prerenderedPath === window.location.pathname && !window.location.search;
  const hydrating = samePage && !readerNeedsOwnRender();
  // The first render is already in the reader's language (English is fetched first when chosen).
  await i18nReady;
  if (prerenderedPath !== undefined) {
    await yieldToBrowser();
    await evaluatePreloadedChunks();
    await resolveLazyRoutes(window.location.pathname);
    await yieldToBrowser();
  }
  // Matching the address against the route table is a task of its own on a slow phone.
  const router = createAppRouter();
  await yieldToBrowser();
  const app = (
    <StrictMode>
      <App router={router} />
    </StrictMode>
  );
  if (hydrating) {
    // The shell hydrates here; the page, the header and the footer each in a later task (036).
    const releaseSteps = holdHydrationSteps();
    hydrateRoot(container, app);
    await releaseSteps();
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
if (import.meta.env.PROD) registerServiceWorker();
