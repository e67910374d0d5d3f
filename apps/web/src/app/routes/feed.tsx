import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** Where /feed lands until the feed feature (issue 5) replaces this route's element. */
export function FeedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('feed.pageTitle'));
  return (
    <section className="container py-5">
      <h1 className="h2 fw-bold">{t('feed.title')}</h1>
      <p className="text-body-secondary mb-0">{t('feed.placeholder')}</p>
    </section>
  );
}
