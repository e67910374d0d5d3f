/**
 * The service worker (issue 12), written as one self-contained function: the build plugin
 * (service-worker-plugin.ts) prints its source into dist/sw.js with the list of files to keep
 * and the build's version, so it must not use anything from outside its own body.
 *
 * - The app's files are kept in a cache per build version; hashed assets never change, so they are
 *   answered from the cache first.
 * - Pages go to the network first; offline, a collection viewed before opens from the app's files
 *   and the cached API answer, and anything else shows /offline.html.
 * - `GET /api/v1/collection/{id}` answers are kept (network first) so the last viewed collections
 *   read offline. Nothing else of the API is kept: never the session or account endpoints. Each
 *   answer is kept under the session that asked (a hash of its Authorization header) and given back
 *   offline only to that session (issue 23): on a shared computer, the next person, with another
 *   session or none, cannot read the previous one's private collections even when that tab closed
 *   without signing out. The web app also deletes the API cache when someone signs out and when it
 *   starts with no session stored (lib/offline-cache.ts).
 * - A new version waits until the page asks it to take over ("Nova versão disponível").
 */
export function serviceWorkerMain(precache: string[], version: string, apiCache: string): void {
  type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
  type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
  type MessageEvent = ExtendableEvent & { data: unknown };
  const sw = self as unknown as {
    location: Location;
    skipWaiting(): Promise<void>;
    clients: { claim(): Promise<void> };
    addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
    addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  };
  const appCache = `acervo-app-${version}`;
  const collectionAnswer = /^\/api\/v1\/collection\/[A-Za-z0-9_-]{16}$/;
  const collectionPage = /^\/lists\/([A-Za-z0-9_-]{16})\/?$/;

  sw.addEventListener('install', (event) => {
    event.waitUntil(caches.open(appCache).then((cache) => cache.addAll(precache)));
  });

  sw.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys
              .filter((key) => key.startsWith('acervo-app-') && key !== appCache)
              .map((key) => caches.delete(key)),
          ),
        )
        .then(() => sw.clients.claim()),
    );
  });

  sw.addEventListener('message', (event) => {
    if (event.data === 'skip-waiting') void sw.skipWaiting();
  });

  const fromNetworkKeeping = async (request: Request, cacheName: string, key: Request | string = request) => {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(cacheName);
      await cache.put(key, response.clone());
    }
    return response;
  };

  /** Where an API answer is kept: its URL with the asking session's hash (`anonymous` without one). */
  const sessionKey = async (request: Request) => {
    const authorization = request.headers.get('authorization');
    let session = 'anonymous';
    if (authorization) {
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(authorization));
      session = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    }
    const url = new URL(request.url);
    url.search = `?session=${session}`;
    return url.href;
  };

  const keptAnswer = async (request: Request) => {
    const key = await sessionKey(request);
    try {
      return await fromNetworkKeeping(request, apiCache, key);
    } catch {
      return (await caches.match(key, { cacheName: apiCache })) ?? Response.error();
    }
  };

  const page = async (request: Request, url: URL) => {
    try {
      return await fetch(request);
    } catch {
      const viewed = collectionPage.exec(url.pathname);
      // Some session's answer is kept: the app's files open, and the app asks with its own session.
      const cachedAnswer = viewed
        ? await caches.match(`/api/v1/collection/${viewed[1]}`, { cacheName: apiCache, ignoreSearch: true })
        : undefined;
      const shell = cachedAnswer ? await caches.match('/index.html') : undefined;
      return shell ?? (await caches.match('/offline.html')) ?? Response.error();
    }
  };

  sw.addEventListener('fetch', (event) => {
    const { request } = event;
    const url = new URL(request.url);
    if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
    if (request.mode === 'navigate') {
      event.respondWith(page(request, url));
    } else if (collectionAnswer.test(url.pathname)) {
      event.respondWith(keptAnswer(request));
    } else if (url.pathname.startsWith('/assets/') || precache.includes(url.pathname)) {
      event.respondWith(
        caches.match(request).then((cached) => cached ?? fromNetworkKeeping(request, appCache)),
      );
    }
  });
}
