import { useSyncExternalStore } from 'react';

/**
 * The service worker's side in the page (issue 12): registers /sw.js once the page has loaded, and
 * tells the update prompt when a new version has installed and is waiting to take over.
 */
let waiting: ServiceWorker | null = null;
let updating = false;
const listeners = new Set<() => void>();

function offer(worker: ServiceWorker | null): void {
  // Without a controller this is the first install, not an update: nothing to announce.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The person chose to update: the new worker now serves the new files, so load them.
    if (updating) window.location.reload();
  });
  const register = async () => {
    const registration = await navigator.serviceWorker.register('/sw.js');
    offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed') offer(installing);
      });
    });
  };
  // After the page has loaded: the worker's downloads must not compete with the first paint.
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** Whether a new version is waiting; the update prompt shows while it is. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
  );
}

/** Lets the waiting version take over; the page reloads when it has (controllerchange). */
export function applyUpdate(): void {
  updating = true;
  waiting?.postMessage('skip-waiting');
}
