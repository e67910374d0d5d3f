import type { ShareData } from '@acervo/contract/collection';
import { SHARE_DATA_ELEMENT_ID } from '@acervo/contract/limits';
import { readStoredSession } from '../../../lib/session-storage';

/**
 * What the server put into a public collection's or item's page for visitors (decision 031): the
 * collection, and the item on an item's page, as the API answers someone without a session. The
 * page draws them at once instead of waiting for its first API answers, then refreshes them.
 *
 * Read once, then the element is gone. A signed-in reader never uses it: the server cannot know
 * them (the session is a token in storage, not a cookie), and their like, follow and role differ
 * from a visitor's. Each part is handed out once, so a page opened again later fetches afresh.
 */
let shared: Partial<ShareData> = {};

/**
 * The server's render of the page (src/prerender.tsx, decision 037) draws it from the same copy the
 * HTML carries, so that the browser's first render, which reads that copy, is the same markup.
 * There is no page to read it from there: it is handed in for one render, and the server renders
 * one page at a time.
 */
export async function renderWithShared<T>(data: Partial<ShareData>, render: () => Promise<T>): Promise<T> {
  shared = { ...data };
  try {
    return await render();
  } finally {
    shared = {};
  }
}

function sharedData(): Partial<ShareData> {
  if (import.meta.env.SSR) return shared;
  // Only the page's first HTML has the element; looking for it again costs one lookup by id.
  const element = document.getElementById(SHARE_DATA_ELEMENT_ID);
  if (!element) return shared;
  element.remove();
  shared = {};
  if (element.textContent && !readStoredSession()) {
    try {
      shared = JSON.parse(element.textContent) as ShareData;
    } catch {
      // A damaged element is no data: the page fetches as it would without it.
    }
  }
  return shared;
}

/** The server's copy of the page's `collection` or `item` with this id, once, for a visitor. */
export function takeShared<K extends keyof ShareData>(part: K, id: string): ShareData[K] | undefined {
  const data = sharedData();
  const value = data[part];
  if (value?.id !== id) return undefined;
  delete data[part];
  return value;
}
