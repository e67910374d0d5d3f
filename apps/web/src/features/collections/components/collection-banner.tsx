import '../texts';
import type { Collection } from '@acervo/contract/collection';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { CoverFrame } from './picture';
import { SavedFrom } from './saved-from';

/** The list banner (spec section 2): name, description, counters and the four info blocks. */
export function CollectionBanner({
  collection,
  compact,
  children,
}: {
  collection: Collection;
  compact?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <header className="collection-banner">
      <div className="container py-4 py-lg-5">
        <div className="d-flex flex-column flex-lg-row justify-content-between gap-3">
          {compact ? null : (
            // Beside the name and the items, which are what a shared page is opened for: on a slow
            // phone the cover waits for the stylesheet and the scripts rather than competing with
            // them (decision 037).
            <CoverFrame
              collection={collection}
              className="banner-cover flex-shrink-0"
              sizes="192px"
              tileSizes="64px"
              eager
              fetchPriority="low"
            />
          )}
          <div className="min-w-0 flex-grow-1">
            <p className="mb-2">
              <span className="badge rounded-pill category-pill">{collection.category_name}</span>
              {collection.private ? (
                <span className="badge rounded-pill text-bg-secondary ms-2">
                  {t('collections.card.private')}
                </span>
              ) : null}
            </p>
            <h1 className={`${compact ? 'h3' : 'display-6'} fw-bold mb-2 text-break`}>
              <Link to={`/lists/${collection.id}`} className="banner-title-link">
                {collection.name}
              </Link>
            </h1>
            {collection.description && !compact ? (
              <p className="lead mb-3 banner-description">{collection.description}</p>
            ) : null}
            <SavedFrom from={collection.saved_from} className="mb-3" />
            <p className="mb-0 banner-counters">
              <span>
                <strong>{collection.followers}</strong> {t('collections.view.followers')}
              </span>
              <span>
                <strong>{collection.likes}</strong> {t('collections.view.likes')}
              </span>
              <span>
                <strong>{collection.comments_count}</strong> {t('collections.view.comments')}
              </span>
            </p>
          </div>
          {children ? (
            <div className="d-flex flex-wrap align-items-start gap-2 flex-shrink-0">{children}</div>
          ) : null}
        </div>
        {compact ? null : (
          <dl className="row g-3 mt-3 mb-0 banner-info">
            <div className="col-6 col-md-3">
              <dt>{t('collections.view.createdBy')}</dt>
              <dd>
                <Link to={`/profile/${collection.user_id}`}>{collection.owner_name}</Link>
              </dd>
            </div>
            <div className="col-6 col-md-3">
              <dt>{t('collections.view.category')}</dt>
              <dd>{collection.category_name}</dd>
            </div>
            <div className="col-6 col-md-3">
              <dt>{t('collections.view.location')}</dt>
              <dd>{collection.location || 'Brasil'}</dd>
            </div>
            <div className="col-6 col-md-3">
              <dt>{t('collections.view.updatedAt')}</dt>
              <dd>{formatDate(collection.last_updated)}</dd>
            </div>
          </dl>
        )}
      </div>
    </header>
  );
}
