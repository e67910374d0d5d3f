import '../texts';
import type { RecommendedCollection } from '@acervo/contract/recommendation';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { ErrorState } from '../../../components/ui/error-state';
import { errorMessageKey } from '../../../lib/api-errors';
import { useRecommendedCollections } from '../hooks/use-recommendations';

/**
 * The feed's "Para você" tab. The cards belong to the collections feature, so the page passes
 * `grid`, which shows them; this component owns the data, its states and the heading.
 */
export function ForYou({ grid }: { grid: (suggestions: RecommendedCollection[]) => ReactNode }) {
  const { t } = useTranslation();
  const query = useRecommendedCollections(20);
  return (
    <section aria-labelledby="feed-for-you-heading">
      <h2 id="feed-for-you-heading" className="h5 mb-3">
        {t('recommendations.forYouHeading')}
      </h2>
      {query.isPending ? (
        <CardSkeleton count={3} className="col-12 col-md-6" />
      ) : query.isError ? (
        <ErrorState
          message={t(errorMessageKey(query.error, 'recommendations'))}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <div className="empty-state text-body-secondary">{t('recommendations.forYouEmpty')}</div>
      ) : (
        grid(query.data)
      )}
    </section>
  );
}
