import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<page> · Acervo", following the language. */
export function useDocumentTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const suffix = t('common.titleSuffix');
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${suffix}` : suffix;
  }, [pageTitle, suffix]);
}
