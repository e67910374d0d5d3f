import { useSyncExternalStore } from 'react';

/**
 * The update prompt's side of the service worker (issue 12). main.tsx registers /sw.js through
 * vite-plugin-pwa's `registerSW` (workbox-window, decision 044) and calls `offerUpdate` when a new
 * version has installed and waits to take over; registering there keeps the plugin's virtual
 * module out of the server render, which imports this module through the layout.
 */
let takeOver: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void): void {
  takeOver = apply;
  for (const listener of listeners) listener();
}

/** Whether a new version is waiting; the update prompt shows while it is. */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => takeOver !== null,
    () => false,
  );
}

/** Lets the waiting version take over; the page reloads when it has. */
export function applyUpdate(): void {
  takeOver?.();
}
