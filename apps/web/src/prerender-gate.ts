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

/**
 * The prerendered pages' head script (decision 030), self-contained as the one above. It marks
 * `<html>` for a reader who gets their own render, then lets the page paint before the app's
 * scripts are fetched: the server sends a prerendered page's module scripts and preloads inert,
 * in `<template data-after-paint>`, and this puts them in the document after the first frame (for
 * a reader whose page stays hidden, as soon as they are parsed). On
 * a slow phone the drawn page is on screen before the scripts that make it interactive download
 * and run, instead of competing with them.
 */
export function prerenderedPageStart(needsOwnRender: () => boolean, attribute: string): void {
  const ownRender = needsOwnRender();
  if (ownRender) {
    document.documentElement.setAttribute(attribute, '');
  } else {
    // A button of the page (the menu, a flag) does nothing until the app has hydrated its part:
    // a tap on one is held and replayed then (replayHeldClicks, decision 036). Links and the
    // forms' fields work without the app, and a form's submit button is disabled until then.
    const held: Element[] = [];
    const hold = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      const button = target?.closest('#root button[type="button"]');
      if (!button) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      if (!held.includes(button)) held.push(button);
    };
    document.addEventListener('click', hold, true);
    (window as unknown as Record<string, unknown>).acervoHeldClicks = () => {
      document.removeEventListener('click', hold, true);
      return held;
    };
  }
  // A few per task (decision 036): each element starts a request, which costs the main thread
  // about 1.5 ms on a phone (6 ms in Lighthouse's simulation); the page's twenty in one task
  // were a long task of their own. The entry script comes first, the preloads follow.
  const appendSome = (templates: HTMLTemplateElement[]) => {
    for (const template of templates.splice(0, 4)) {
      document.head.append(document.importNode(template.content, true));
    }
    if (templates.length) setTimeout(() => appendSome(templates), 0);
  };
  const templates = () => [...document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')];
  if (ownRender) {
    // This reader's page stays hidden until the app draws it: nothing to paint first. Once the
    // templates are parsed, so that the page's load waits for the entry script (decision 036).
    document.addEventListener('DOMContentLoaded', () => appendSome(templates()));
  } else {
    requestAnimationFrame(() => setTimeout(() => appendSome(templates()), 0));
  }
}

/**
 * Called by main.tsx once the prerendered page has hydrated: stops holding clicks and replays
 * those the head script held, in order.
 */
export function replayHeldClicks(): void {
  const take = (window as unknown as { acervoHeldClicks?: () => Element[] }).acervoHeldClicks;
  if (!take) return;
  for (const button of take()) {
    if (button.isConnected && button instanceof HTMLElement) button.click();
  }
}
