import '../texts';
import type { CollectionHit, ItemHit, SearchHit, UserHit } from '@acervo/contract/search';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { HighlightedText } from './highlighted-text';
import { formatRating } from '../../../lib/format';

function Snippet({ hit }: { hit: SearchHit }) {
  if (!hit.snippet.text) return null;
  return (
    <p className="mb-0 text-body-secondary text-break search-snippet">
      <HighlightedText value={hit.snippet} />
    </p>
  );
}

function CollectionResult({ hit }: { hit: CollectionHit }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="h6 mb-1 text-break">
        <Link to={`/lists/${hit.id}`}>
          <HighlightedText value={hit.title} />
        </Link>
        {hit.private ? <span className="badge text-bg-secondary ms-2">{t('search.private')}</span> : null}
      </h3>
      <p className="small text-body-secondary mb-1">
        <span className="badge rounded-pill category-pill me-2">{hit.category.name}</span>
        {t('search.by')} <Link to={`/profile/${hit.owner.id}`}>{hit.owner.name}</Link> ·{' '}
        {t('search.itemsCount', { count: hit.items_count })}
      </p>
      <Snippet hit={hit} />
    </>
  );
}

function ItemResult({ hit }: { hit: ItemHit }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <h3 className="h6 mb-1 text-break">
        <Link to={`/lists/${hit.collection.id}/items/${hit.id}`}>
          <HighlightedText value={hit.title} />
        </Link>
      </h3>
      <p className="small text-body-secondary mb-1">
        {t('search.inCollection')} <Link to={`/lists/${hit.collection.id}`}>{hit.collection.name}</Link>
        {hit.rating != null ? (
          <>
            {' · '}
            {t('search.rating', {
              value: formatRating(hit.rating, i18n.language),
            })}
          </>
        ) : null}
      </p>
      <Snippet hit={hit} />
    </>
  );
}

function UserResult({ hit }: { hit: UserHit }) {
  return (
    <div className="d-flex gap-3 align-items-center">
      <Avatar name={hit.title.text} picture={hit.picture} />
      <div className="min-w-0">
        <h3 className="h6 mb-1 text-break">
          <Link to={`/profile/${hit.id}`}>
            <HighlightedText value={hit.title} />
          </Link>
        </h3>
        <Snippet hit={hit} />
      </div>
    </div>
  );
}

/** One hit, drawn for its type. */
export function SearchResult({ hit }: { hit: SearchHit }) {
  return (
    <article className="card search-hit">
      <div className="card-body">
        {hit.type === 'collection' ? (
          <CollectionResult hit={hit} />
        ) : hit.type === 'item' ? (
          <ItemResult hit={hit} />
        ) : (
          <UserResult hit={hit} />
        )}
      </div>
    </article>
  );
}
