/** The service worker's cache of API answers (collections read offline); src/sw.ts. */
export const API_CACHE = 'acervo-api';

/**
 * Forgets the collections kept for offline reading: on sign-out and when the session is lost, so
 * the next person on this device cannot read the previous one's private collections (issue 12).
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}
