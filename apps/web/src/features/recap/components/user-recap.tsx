import '../texts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { Loading } from '../../../components/ui/loading';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { isNotFound } from '../../../lib/api-errors';
import { useRecap } from '../hooks/use-recap';
import { RecapFigures } from './recap-figures';
import { RecapShare } from './recap-share';

/**
 * `/profile/{user_id}/recap/{year}` (issue 28): the owner's year with its share switch; anyone
 * else's once shared (public collections only). Not shared, or hidden: `notFound` (the app's page).
 */
export function UserRecap({
  userId,
  year,
  own,
  notFound,
}: {
  userId: string;
  year: number;
  own: boolean;
  notFound: ReactNode;
}) {
  const { t } = useTranslation();
  const recap = useRecap(userId, year);
  const heading = recap.data
    ? own
      ? t('recap.heading', { year })
      : t('recap.headingOf', { year, name: recap.data.person.name, interpolation: { escapeValue: false } })
    : '';
  useDocumentTitle(heading);
  if (recap.isPending) return <Loading />;
  if (recap.isError) {
    // Not shared or hidden (404), or a year the API does not know (400): no such page.
    if (isNotFound(recap.error) || (recap.error instanceof ApiError && recap.error.status === 400))
      return notFound;
    return (
      <div className="container py-4">
        <ErrorState message={t('recap.loadFailed')} onRetry={() => void recap.refetch()} />
      </div>
    );
  }
  const data = recap.data;
  const empty = data.items_rated === 0 && data.collections_made === 0 && data.categories.length === 0;
  return (
    <div className="container py-4 py-lg-5 narrow-page">
      <h1 className="h2 mb-1">{heading}</h1>
      {own ? null : <p className="text-body-secondary">{t('recap.othersNote')}</p>}
      {empty ? (
        <div className="card card-body text-center my-4">
          <p className="mb-3">{own ? t('recap.empty') : t('recap.emptyOther')}</p>
          {own && (
            <div>
              <Link to="/profile" className="btn btn-primary">
                {t('recap.emptyAction')}
              </Link>
            </div>
          )}
        </div>
      ) : (
        <div className="mt-4">
          <RecapFigures recap={data} links />
        </div>
      )}
      {own && !empty && <RecapShare userId={userId} year={year} shareId={data.share_id} />}
    </div>
  );
}
