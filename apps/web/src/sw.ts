/**
 * The service worker (issue 12), built by vite-plugin-pwa (`injectManifest`, decision 044) with
 * Workbox: the plugin writes the build's files and their revisions into `self.__WB_MANIFEST`.
 *
 * - The app's files are precached per build and answered from the cache (Workbox precaching; old
 *   builds' entries are cleaned up when a new worker activates).
 * - Pages go to the network; offline, a collection viewed before opens from the app's shell and
 *   the kept API answer, and anything else shows /offline.html.
 * - `GET /api/v1/collection/{id}` answers are kept (network first) so the last viewed collections
 *   read offline. Nothing else of the API is kept: never the session or account endpoints. Each
 *   answer is kept under the session that asked (a hash of its Authorization header) and given back
 *   offline only to that session (issue 23): on a shared computer, the next person, with another
 *   session or none, cannot read the previous one's private collections even when that tab closed
 *   without signing out. The web app also deletes that cache when someone signs out and when it
 *   starts with no session stored (lib/offline-cache.ts).
 * - A new version waits until the page asks it to take over ("Nova versão disponível").
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { API_CACHE } from './lib/offline-cache';

// The worker's globals, typed here: the web app's TypeScript program has the DOM's, not a worker's.
type ExtendableMessageEvent = Event & { data: unknown };
declare const self: {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first version takes the open pages at once (a later one waits for "Atualizar").
clientsClaim();

// workbox-window's messageSkipWaiting (registerSW's update, main.tsx), when the person chooses to update.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const collectionAnswer = /^\/api\/v1\/collection\/[A-Za-z0-9_-]{16}$/;
const collectionPage = /^\/lists\/([A-Za-z0-9_-]{16})\/?$/;

/** Where an API answer is kept: its URL with the asking session's hash (`anonymous` without one). */
async function sessionKey(request: Request): Promise<string> {
  const authorization = request.headers.get('authorization');
  let session = 'anonymous';
  if (authorization) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
    session = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  }
  const url = new URL(request.url);
  url.search = `?session=${session}`;
  return url.href;
}

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && collectionAnswer.test(url.pathname) && request.method === 'GET',
  async ({ request }) => {
    const key = await sessionKey(request);
    try {
      const response = await fetch(request);
      if (response.ok) await (await caches.open(API_CACHE)).put(key, response.clone());
      return response;
    } catch {
      return (await caches.match(key, { cacheName: API_CACHE })) ?? Response.error();
    }
  },
);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const viewed = collectionPage.exec(url.pathname);
      // Some session's answer is kept: the app's shell opens, and the app asks with its own session.
      const kept = viewed
        ? await caches.match(`/api/v1/collection/${viewed[1]}`, { cacheName: API_CACHE, ignoreSearch: true })
        : undefined;
      const shell = kept ? await matchPrecache('/index.html') : undefined;
      return shell ?? (await matchPrecache('/offline.html')) ?? Response.error();
    }
  },
);
