import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { NotFoundPage } from './not-found';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The router's errorElement: a 404 response gets the friendly page; anything thrown gets the
 * spec's 'Unexpected Application Error!' with the message. It renders without the layout, so it
 * must not depend on anything the layout provides.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t('common.routeError.title'));
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <section className="container py-5 narrow-page" role="alert">
      <h1 className="h2 mb-3">{t('common.routeError.heading')}</h1>
      <p className="text-body-secondary">{t('common.routeError.body')}</p>
      <pre className="route-error-message">{messageOf(error)}</pre>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </button>
        <a href="/" className="btn btn-outline-secondary">
          {t('common.routeError.home')}
        </a>
      </div>
    </section>
  );
}
