import '../texts';
import type { Recap } from '@acervo/contract/recap';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatRating } from '../../../lib/format';
import { monthName } from '../model';

const words = { interpolation: { escapeValue: false } } as const;

function Figure({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card h-100">
      <div className="card-body">
        <h2 id={id} className="h6 fw-bold mb-2">
          {heading}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * A year's figures (issue 28), the same on the owner's page and on the public link's: the counts,
 * the best-rated items, the busiest month, the categories, the most liked collection and the best
 * match. `links` is false for a signed-out visitor: items, collections and profiles of a shared year
 * are behind sign-in or private, so nothing links there.
 */
export function RecapFigures({ recap, links }: { recap: Recap; links: boolean }) {
  const { t, i18n } = useTranslation();
  const to = (path: string, text: string) =>
    links ? (
      <Link to={path} className="text-break">
        {text}
      </Link>
    ) : (
      <span className="text-break">{text}</span>
    );
  return (
    <div className="row g-3">
      <div className="col-6">
        <p className="card card-body h-100 mb-0 text-center">
          <span className="display-5 fw-bold text-primary">{recap.items_rated}</span>
          <span>{t('recap.itemsRated', { count: recap.items_rated })}</span>
        </p>
      </div>
      <div className="col-6">
        <p className="card card-body h-100 mb-0 text-center">
          <span className="display-5 fw-bold text-primary">{recap.collections_made}</span>
          <span>{t('recap.collectionsMade', { count: recap.collections_made })}</span>
        </p>
      </div>
      {recap.top_items.length > 0 && (
        <div className="col-12 col-lg-6">
          <Figure id="recap-top" heading={t('recap.topHeading')}>
            <ol className="mb-0 ps-3">
              {recap.top_items.map((item) => (
                <li key={item.id} className="mb-1">
                  {to(`/lists/${item.collection_id}/items/${item.id}`, item.name)}{' '}
                  <span className="small text-body-secondary">
                    {t('recap.topItem', {
                      rating: formatRating(item.rating, i18n.language),
                      collection: item.collection_name,
                      ...words,
                    })}
                  </span>
                </li>
              ))}
            </ol>
          </Figure>
        </div>
      )}
      {recap.categories.length > 0 && (
        <div className="col-12 col-lg-6">
          <Figure id="recap-categories" heading={t('recap.categoriesHeading')}>
            <ul className="mb-0 ps-3">
              {recap.categories.map((category) => (
                <li key={category.category_id}>
                  {t('recap.category', { name: category.category_name, count: category.items, ...words })}
                </li>
              ))}
            </ul>
          </Figure>
        </div>
      )}
      {recap.busiest_month && (
        <div className="col-12 col-md">
          <Figure id="recap-busiest" heading={t('recap.busiestHeading')}>
            <p className="mb-0">
              {t('recap.busiest', {
                month: monthName(recap.busiest_month.month, i18n.language),
                count: recap.busiest_month.count,
              })}
            </p>
          </Figure>
        </div>
      )}
      {recap.most_liked_collection && (
        <div className="col-12 col-md">
          <Figure id="recap-liked" heading={t('recap.mostLikedHeading')}>
            <p className="mb-0">
              {to(`/lists/${recap.most_liked_collection.id}`, recap.most_liked_collection.name)}{' '}
              <span className="small text-body-secondary">
                {t('recap.likes', { count: recap.most_liked_collection.likes })}
              </span>
            </p>
          </Figure>
        </div>
      )}
      {recap.best_match && (
        <div className="col-12 col-md">
          <Figure id="recap-match" heading={t('recap.bestMatchHeading')}>
            <p className="mb-0">
              {to(`/profile/${recap.best_match.user_id}`, recap.best_match.name)}{' '}
              <span className="small text-body-secondary">
                {t('recap.bestMatch', { match: recap.best_match.match })}
              </span>
            </p>
          </Figure>
        </div>
      )}
    </div>
  );
}
