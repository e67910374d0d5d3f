import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.notFound.title'));
  return (
    <section className="container py-5 text-center narrow-page">
      <p className="display-1 fw-bold text-primary mb-0" aria-hidden="true">
        404
      </p>
      <h1 className="h2 mb-3">{t('common.notFound.heading')}</h1>
      <p className="text-body-secondary mb-4">{t('common.notFound.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.notFound.home')}
      </Link>
    </section>
  );
}
