import '../texts';
import type { CollectionItem } from '@acervo/contract/collection-item';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PencilIcon } from '../../../components/ui/icons';
import { Picture } from './picture';
import { RatingStars } from './rating-stars';

/**
 * The owner's or an editor's way to the item's form; a component of its own so that a visitor's
 * cards do not each subscribe to the language for a label they never show (a shared page may draw
 * a hundred of them as it starts, decision 037).
 */
function EditItemLink({ collectionId, item }: { collectionId: string; item: CollectionItem }) {
  const { t } = useTranslation();
  const label = t('collections.view.editItem', { name: item.name });
  return (
    <Link
      to={`/lists/${collectionId}/items/edit/${item.id}`}
      className="btn btn-icon flex-shrink-0"
      aria-label={label}
      title={label}
    >
      <PencilIcon />
    </Link>
  );
}

/** Only its collection's owner ever sees a hidden item (issue 23): marked so. */
function HiddenBadge() {
  const { t } = useTranslation();
  return <span className="badge text-bg-warning mb-1">{t('collections.card.hidden')}</span>;
}

/**
 * One item on the collection page: stars, name (to the item view), description, and an edit link
 * for those who may edit. Likes are per collection (the banner's heart), so items have none.
 */
export function ItemCard({
  item,
  collectionId,
  editable,
  handle,
  eager = false,
}: {
  item: CollectionItem;
  collectionId: string;
  /** The owner or an editor: the edit link. */
  editable: boolean;
  handle?: ReactNode;
  /** Near the top of the page: its picture loads at once rather than lazily. */
  eager?: boolean;
}) {
  return (
    <article className="card item-card" aria-labelledby={`item-${item.id}`}>
      <div className="card-body d-flex gap-3 align-items-start">
        {handle}
        {item.image ? (
          <div className="item-thumb">
            {/* A thumbnail beside the item's text: it waits for what the page needs first (037). */}
            <Picture image={item.image} sizes="64px" alt="" eager={eager} fetchPriority="low" />
          </div>
        ) : null}
        <div className="flex-grow-1 min-w-0">
          {item.hidden_reason ? <HiddenBadge /> : null}
          <RatingStars rating={item.rating} />
          <h3 className="h6 fw-semibold mb-1 mt-1 text-break" id={`item-${item.id}`}>
            <Link to={`/lists/${collectionId}/items/${item.id}`}>{item.name}</Link>
          </h3>
          {item.description ? (
            <p className="mb-0 text-body-secondary text-break item-description">{item.description}</p>
          ) : null}
        </div>
        {editable ? <EditItemLink collectionId={collectionId} item={item} /> : null}
      </div>
    </article>
  );
}
