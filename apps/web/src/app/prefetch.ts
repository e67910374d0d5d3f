import { useEffect } from 'react';

/**
 * The same-origin path an event's link points at, if the event happened on a link, or the page a
 * control leads to (`data-prefetch="/search"` on the header's search form).
 */
function linkPath(target: EventTarget | null): string | null {
  const leadsTo = target instanceof Element ? target.closest<HTMLElement>('[data-prefetch]') : null;
  if (leadsTo?.dataset.prefetch) return leadsTo.dataset.prefetch;
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  return link.pathname;
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void) => number };

/**
 * Prefetches the page a person is about to open (issue 12): the target of a link under the pointer
 * or keyboard focus, and, once the browser is idle after a navigation, the pages the header links
 * to (sign-in and registration for a visitor, feed and profile when signed in). `prefetchRoute`
 * is the router's (router.tsx), passed in so that this module does not import the router.
 */
export function usePrefetchLinks(pathname: string, prefetchRoute: (path: string) => void): void {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const path = linkPath(event.target);
      if (path) prefetchRoute(path);
    };
    const events = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, [prefetchRoute]);

  useEffect(() => {
    const idle =
      (window as IdleWindow).requestIdleCallback ?? ((callback) => window.setTimeout(callback, 2000));
    const prefetchHeaderLinks = () => {
      for (const link of document.querySelectorAll('header a[href^="/"]')) {
        const path = linkPath(link);
        if (path && path !== pathname) prefetchRoute(path);
      }
    };
    // Well after the page settles: loading a page's modules runs them, and on a slow phone that
    // work must not compete with the page the person is looking at (Lighthouse's TBT measured it).
    const timer = window.setTimeout(() => idle(prefetchHeaderLinks), 10_000);
    return () => window.clearTimeout(timer);
  }, [pathname, prefetchRoute]);
}
