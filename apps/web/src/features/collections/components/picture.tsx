import type { Collection } from '@acervo/contract/collection';
import type { Image } from '@acervo/contract/image';

/**
 * The placeholder colour is set from script, not written as a `style` attribute: the server draws
 * shared pages into their HTML (decision 037), and our CSP (`style-src 'self'`) refuses style
 * attributes in HTML, while allowing styles a script sets.
 */
const placeholderColour = (colour: string) => (img: HTMLImageElement | null) => {
  if (img) img.style.backgroundColor = colour;
};

/**
 * A picture from the API: WebP with a JPEG fallback, every width in `srcset` so the browser picks
 * the smallest that fills `sizes`, the intrinsic `width`/`height` so the space is reserved before
 * it loads (no layout shift), the placeholder colour behind it meanwhile, and lazy loading unless
 * it is above the fold (`eager`).
 */
export function Picture({
  image,
  sizes,
  alt,
  className = '',
  eager = false,
  fetchPriority,
}: {
  image: Image;
  sizes: string;
  alt: string;
  className?: string;
  eager?: boolean;
  /** `low` for small pictures beside the text a page is read for (decision 037). */
  fetchPriority?: 'low';
}) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.srcset.webp} sizes={sizes} />
      <img
        src={image.url}
        srcSet={image.srcset.jpeg}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={fetchPriority}
        decoding="async"
        className={`picture ${className}`}
        ref={placeholderColour(image.placeholder)}
      />
    </picture>
  );
}

/** The pictures a collection shows as its cover: the chosen one, else its first items' (a mosaic). */
export function coverImages(collection: Collection): Image[] {
  if (collection.cover) return [collection.cover];
  return collection.collection_items.flatMap((item) => (item.image ? [item.image] : [])).slice(0, 3);
}

/**
 * A card's or the banner's cover in a fixed 3:2 frame (the pictures are cropped into it): one
 * picture, or up to three side by side; nothing at all without pictures (today's look).
 */
export function CoverFrame({
  collection,
  sizes,
  tileSizes,
  eager,
  fetchPriority,
  className = '',
}: {
  collection: Collection;
  /** `sizes` of a single cover, and of one tile of a mosaic. */
  sizes: string;
  tileSizes: string;
  eager?: boolean;
  fetchPriority?: 'low';
  className?: string;
}) {
  const images = coverImages(collection);
  if (!images.length) return null;
  return (
    <div className={`cover-frame cover-count-${images.length} ${className}`} data-testid="cover">
      {images.map((image) => (
        <Picture
          key={image.url}
          image={image}
          sizes={images.length > 1 ? tileSizes : sizes}
          alt=""
          eager={eager}
          fetchPriority={fetchPriority}
        />
      ))}
    </div>
  );
}
