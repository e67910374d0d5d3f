import '../texts';
import type { Collection } from '@acervo/contract/collection';
import { CARD_PREVIEW_ITEMS } from '@acervo/contract/limits';
import { Suspense, type ReactNode } from 'react';
import { CardSkeleton } from '../../../components/ui/card-skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCollectionSlots } from '../../../lib/feature-slots';
import { RatingStars } from './rating-stars';
import { SavedFrom } from './saved-from';
import { Avatar } from '../../../components/ui/avatar';
import { CoverFrame } from './picture';

/**
 * A collection as the feed and the profile show it: name, owner, where a copy was saved from, the
 * first 3 items (spec 9), and the social controls the app plugs in (heart and count, follow,
 * 'Salvar em minhas coleções').
 */
export function CollectionCard({
  collection,
  showOwner = true,
  eager = false,
  note,
}: {
  collection: Collection;
  showOwner?: boolean;
  /** Above the fold: its cover loads at once instead of lazily. */
  eager?: boolean;
  /** Above the actions: e.g. why a recommendation was picked (another feature fills it). */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  const { cardActions: CardActions } = useCollectionSlots();
  const preview = collection.collection_items.slice(0, CARD_PREVIEW_ITEMS);
  return (
    <article className="card collection-card h-100" aria-labelledby={`card-${collection.id}`}>
      <CoverFrame
        collection={collection}
        sizes="(min-width: 768px) 400px, 100vw"
        tileSizes="(min-width: 768px) 134px, 34vw"
        eager={eager}
      />
      <div className="card-body d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-2 mb-1">
          <h3 className="h5 mb-0 text-break" id={`card-${collection.id}`}>
            <Link to={`/lists/${collection.id}`} className="stretched-link-title">
              {collection.name}
            </Link>
          </h3>
          {collection.private ? (
            <span className="badge text-bg-secondary">{t('collections.card.private')}</span>
          ) : null}
        </div>
        <p className="small text-body-secondary mb-3">
          <span className="badge rounded-pill category-pill me-2">{collection.category_name}</span>
          {showOwner ? (
            <>
              {t('collections.card.by')}{' '}
              <Link to={`/profile/${collection.user_id}`} className="card-owner">
                <Avatar name={collection.owner_name} picture={collection.owner_picture} />
                {collection.owner_name}
              </Link>
            </>
          ) : null}
        </p>
        <SavedFrom from={collection.saved_from} />
        {preview.length ? (
          <ul className="list-unstyled card-items mb-3">
            {preview.map((item) => (
              <li key={item.id} className="d-flex justify-content-between gap-2">
                <span className="text-truncate">{item.name}</span>
                <RatingStars rating={item.rating} size={14} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary fst-italic mb-3">{t('collections.card.empty')}</p>
        )}
        <div className="mt-auto">
          {note}
          {CardActions ? <CardActions collection={collection} /> : null}
          <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mt-2">
            <span className="small text-body-secondary">
              {t('collections.card.itemsCount', { count: collection.items_count })}
              {collection.comments_count > 0
                ? ` · ${t('collections.card.commentsCount', { count: collection.comments_count })}`
                : null}
            </span>
            <Link to={`/lists/${collection.id}`} className="btn btn-sm btn-outline-primary">
              {t('collections.card.open')}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

/** Cards in a responsive grid, or 'Nenhum registro encontrado.' when there are none. */
export function CollectionGrid<C extends Collection>({
  collections,
  showOwner = true,
  emptyText,
  columnClass = 'col-12 col-md-6 col-xl-4',
  note,
}: {
  collections: C[];
  /** Something of each card's own under it (the reason of a recommendation). */
  note?: (collection: C) => ReactNode;
  /** Grid column classes: the feed, next to its sidebar, fits two cards a row. */
  columnClass?: string;
  showOwner?: boolean;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (!collections.length)
    return <div className="empty-state text-body-secondary">{emptyText ?? t('collections.empty')}</div>;
  // The cards' buttons are another feature's code: until it has arrived, placeholders as tall as
  // the cards, rather than cards growing under the reader when it comes.
  return (
    <Suspense
      fallback={
        <CardSkeleton
          count={Math.min(collections.length, 3)}
          className={columnClass}
          withActions
          withNote={note !== undefined}
        />
      }
    >
      <div className="row g-4">
        {collections.map((collection, index) => (
          <div key={collection.id} className={columnClass}>
            <CollectionCard
              collection={collection}
              showOwner={showOwner}
              eager={index < 2}
              note={note?.(collection)}
            />
          </div>
        ))}
      </div>
    </Suspense>
  );
}
