import { useEffect, useRef } from 'react';

/**
 * An invisible mark at the end of a paged list that calls `onVisible` as it scrolls into view
 * (a little before), so the next page loads without a click. The 'Carregar mais' button stays as
 * the fallback: for keyboards, and where IntersectionObserver is missing.
 */
export function ScrollSentinel({ onVisible }: { onVisible: () => void }) {
  const mark = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const node = mark.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return <div ref={mark} aria-hidden="true" />;
}
