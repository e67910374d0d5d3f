import '../../features/search/texts';
import { useTranslation } from 'react-i18next';
import { SearchScreen } from '../../features/search/components/search-screen';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /search?q=...&type=... (issue 8). */
export function SearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('search.pageTitle'));
  return (
    <section className="container py-4 py-lg-5 narrow-form">
      <h1 className="h2 fw-bold mb-4">{t('search.pageTitle')}</h1>
      <SearchScreen />
    </section>
  );
}
