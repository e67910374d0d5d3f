import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The title the server render asked for: the build's prerender (src/prerender.tsx) writes it into
 * the page's HTML, since effects do not run there. Compiled out of the browser's bundle.
 */
let prerenderedTitle = '';
const notePrerenderedTitle = (title: string) => {
  prerenderedTitle = title;
};

/** The title the last server render asked for (empty when none did), forgotten once read. */
export function takePrerenderedTitle(): string {
  const title = prerenderedTitle;
  prerenderedTitle = '';
  return title;
}

/** Sets `document.title` to "<page> · Acervo", following the language. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const suffix = t('common.titleSuffix');
  const title = pageTitle ? `${pageTitle} · ${suffix}` : suffix;
  if (import.meta.env.SSR) notePrerenderedTitle(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
