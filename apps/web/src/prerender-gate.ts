/**
 * Whether this reader's first page is not the prerendered one (decision 030): signed in (a session
 * in either storage, as lib/session-storage.ts reads it) or English chosen (lib/i18n.ts's
 * `language` key). The pages are prerendered for a signed-out visitor in Portuguese.
 *
 * The head script (src/head-script.ts, bundled on its own into the prerendered pages' `<head>`,
 * allowed by its CSP hash) asks it to mark `<html>` before the body is parsed, so the Portuguese,
 * signed-out markup is never shown to such a reader; main.tsx asks it again to choose between
 * hydrating that markup and rendering the reader's own page.
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
 * What the prerendered pages' head script does (decision 030, src/head-script.ts). It marks
 * `<html>` for a reader who gets their own render, so the Portuguese, signed-out markup never
 * shows to them. For everyone else it holds a tap on one of the page's buttons (the menu, a flag)
 * made before the app's scripts have run, which would otherwise do nothing; main.tsx replays the
 * taps once React has started hydrating, and React hydrates first the part that was tapped.
 * Links and the forms' fields work without the app, and a form's submit button is disabled until
 * then. It also lets the page paint before the app's scripts are fetched: the server sends a
 * prerendered page's module scripts and preloads inert, in `<template data-after-paint>`, and this
 * puts them in the document after the first frame, a few per task (for a reader whose page stays
 * hidden, as soon as they are parsed). On slow 4G the drawn page is on screen about a second
 * sooner than when the scripts compete with the stylesheet (decision 044, docs/performance.md).
 */
export function prerenderedPageStart(needsOwnRender: () => boolean, attribute: string): void {
  const ownRender = needsOwnRender();
  if (ownRender) {
    document.documentElement.setAttribute(attribute, '');
  } else {
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
  // A few per task: each element starts a request, which costs the main thread about 1.5 ms on a
  // phone; twenty in one task were a long task of their own. The entry script comes first.
  const appendSome = (templates: HTMLTemplateElement[]) => {
    for (const template of templates.splice(0, 4)) {
      document.head.append(document.importNode(template.content, true));
    }
    if (templates.length) setTimeout(() => appendSome(templates), 0);
  };
  const templates = () => [...document.querySelectorAll<HTMLTemplateElement>('template[data-after-paint]')];
  if (ownRender) {
    document.addEventListener('DOMContentLoaded', () => appendSome(templates()));
  } else {
    requestAnimationFrame(() => setTimeout(() => appendSome(templates()), 0));
  }
}

/**
 * Called by main.tsx once React is hydrating the prerendered page: stops holding clicks and
 * replays those the head script held, in order. A click on a part not hydrated yet makes React
 * hydrate that part at once and then handle the click.
 */
export function replayHeldClicks(): void {
  const take = (window as unknown as { acervoHeldClicks?: () => Element[] }).acervoHeldClicks;
  if (!take) return;
  for (const button of take()) {
    if (button.isConnected && button instanceof HTMLElement) button.click();
  }
}
