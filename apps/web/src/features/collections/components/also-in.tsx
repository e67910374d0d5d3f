import '../texts';
import type { CollectionItemDetail } from '@acervo/contract/collection-item';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating } from '../../../lib/format';

/**
 * "Também em 12 coleções" (issue 27): the other collections the viewer may read that hold the same
 * work, and the work's average across them. Nothing when the work is nowhere else and no one else
 * rated it. A copy of the page from before this answer carried them shows nothing either.
 */
export function AlsoIn({
  item,
}: {
  item: Partial<Pick<CollectionItemDetail, 'also_in' | 'ratings_across'>>;
}) {
  const { t, i18n } = useTranslation();
  const { also_in: alsoIn, ratings_across: across } = item;
  if (!alsoIn || (alsoIn.count === 0 && (across?.count ?? 0) < 2)) return null;
  const more = alsoIn.count - alsoIn.collections.length;
  return (
    <section className="card border-0 shadow-sm mt-4" aria-labelledby="also-in-title">
      <div className="card-body p-4">
        <h2 id="also-in-title" className="h5 fw-bold mb-3">
          {alsoIn.count > 0
            ? t('collections.alsoIn.title', { count: alsoIn.count })
            : t('collections.alsoIn.ratingsTitle')}
        </h2>
        {across && across.count > 1 ? (
          <p className="mb-3" data-testid="ratings-across">
            {t('collections.alsoIn.ratings', {
              average: formatRating(across.average, i18n.language),
              count: across.count,
            })}
          </p>
        ) : null}
        {alsoIn.collections.length > 0 ? (
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {alsoIn.collections.map((c) => (
              <li key={c.id} className="text-break">
                <Link to={`/lists/${c.id}`} className="fw-semibold">
                  {c.name}
                </Link>{' '}
                <span className="text-body-secondary">
                  {t('collections.alsoIn.by')} <Link to={`/profile/${c.owner.id}`}>{c.owner.name}</Link>
                </span>
              </li>
            ))}
            {more > 0 ? (
              <li className="text-body-secondary">{t('collections.alsoIn.more', { count: more })}</li>
            ) : null}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
