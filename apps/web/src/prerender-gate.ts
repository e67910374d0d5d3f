/**
 * Whether this reader's first page is not the prerendered one (decision 030): signed in (a session
 * in either storage, as lib/session-storage.ts reads it) or English chosen (lib/i18n.ts's
 * `language` key). The pages are prerendered for a signed-out visitor in Portuguese.
 *
 * Self-contained on purpose: build/prerender.ts prints its source into the prerendered pages'
 * `<head>` as an inline script (allowed by its CSP hash), which marks `<html>` before the body is
 * parsed so the Portuguese, signed-out markup is never shown to such a reader; main.tsx asks it
 * again to choose between hydrating that markup and rendering the reader's own page.
 */
export function readerNeedsOwnRender(): boolean {
  try {
    const signedIn = (store: Storage) => Boolean(store.getItem('token') && store.getItem('user_id'));
    return (
      signedIn(window.localStorage) ||
      signedIn(window.sessionStorage) ||
      window.localStorage.getItem('language') === 'en'
    );
  } catch {
    // No storage (blocked): no session and no language choice can have been kept.
    return false;
  }
}

/** The attribute the inline script puts on `<html>`; app.css hides #root under it. */
export const OWN_RENDER_ATTRIBUTE = 'data-own-render';
