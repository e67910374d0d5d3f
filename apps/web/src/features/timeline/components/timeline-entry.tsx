import '../texts';
import type { Image } from '@acervo/contract/image';
import type { TimelineEntry } from '@acervo/contract/timeline';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { RichText } from '../../../components/ui/rich-text';
import { formatRating, formatRelative } from '../../../lib/format';

/** The CSP forbids style attributes in server HTML; a script may set the placeholder colour. */
const placeholderColour = (colour: string) => (img: HTMLImageElement | null) => {
  if (img) img.style.backgroundColor = colour;
};

/** A small square picture of an item or a cover: the smallest rendition that fills 4 rem. */
function Thumbnail({ image, alt }: { image: Image; alt: string }) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset.webp} sizes="4rem" />
      <img
        src={image.url}
        srcSet={image.srcset.jpeg}
        sizes="4rem"
        width={image.width}
        height={image.height}
        alt={alt}
        loading="lazy"
        decoding="async"
        className="timeline-thumb"
        ref={placeholderColour(image.placeholder)}
      />
    </picture>
  );
}

/**
 * One entry of "Seguindo" or of a profile's activity: who, what, where (each a link), when, the
 * newest comment's first words, and the first items' names and pictures (or the collection's
 * cover when it has no items to show).
 */
export function TimelineEntryRow({ entry }: { entry: TimelineEntry }) {
  const { t, i18n } = useTranslation();
  const collectionUrl = `/lists/${entry.collection.id}`;
  const pictures = entry.items.flatMap((item) => (item.image ? [{ image: item.image, alt: item.name }] : []));
  const shown = pictures.length
    ? pictures
    : entry.collection.cover
      ? [{ image: entry.collection.cover, alt: entry.collection.name }]
      : [];
  return (
    <li className="timeline-entry d-flex gap-3 align-items-start">
      <Avatar name={entry.actor.name} picture={entry.actor.picture} />
      <div className="flex-grow-1 min-w-0">
        <p className="mb-1 text-break">
          <RichText
            i18nKey={`timeline.kinds.${entry.kind}`}
            values={{
              actor: entry.actor.name,
              collection: entry.collection.name,
              ...(entry.kind === 'item_added' || entry.kind === 'item_rated' || entry.kind === 'comment_added'
                ? { count: entry.count }
                : {}),
            }}
            components={{
              actor: <Link to={`/profile/${entry.actor.id}`} className="fw-semibold" />,
              collection: <Link to={collectionUrl} className="fw-semibold" />,
            }}
          />
        </p>
        {entry.comment ? (
          <blockquote className="mb-1 small text-break">
            <Link
              to={entry.comment.item_id ? `${collectionUrl}/items/${entry.comment.item_id}` : collectionUrl}
              className="link-body-emphasis"
            >
              “{entry.comment.excerpt}”
            </Link>
          </blockquote>
        ) : null}
        {entry.items.length ? (
          <ul className="list-inline small mb-1">
            {entry.items.map((item) => (
              <li key={item.id} className="list-inline-item">
                <Link to={`${collectionUrl}/items/${item.id}`}>{item.name}</Link>
                {entry.kind === 'item_rated' && item.rating !== null ? (
                  <span className="text-body-secondary">
                    {' '}
                    ({t('timeline.rating', { rating: formatRating(item.rating, i18n.language) })})
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        <time className="d-block small text-body-secondary" dateTime={entry.created_at}>
          {formatRelative(entry.created_at, i18n.language)}
        </time>
        {shown.length ? (
          <div className="d-flex gap-2 mt-2" aria-hidden="true">
            {shown.map(({ image, alt }) => (
              <Thumbnail key={image.url} image={image} alt={alt} />
            ))}
          </div>
        ) : null}
      </div>
    </li>
  );
}
