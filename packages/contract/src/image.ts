import * as z from 'zod/mini';
import { idSchema } from './common.ts';
import { IMAGE_ASPECTS, type ImageAspect } from './limits.ts';
export { IMAGE_ASPECTS };
export type { ImageAspect };

export const ASPECT_RATIO: Record<ImageAspect, number> = { poster: 2 / 3, square: 1 };
/** The widths each picture is re-encoded at (never enlarged), in WebP and JPEG. */
export const IMAGE_WIDTHS = [160, 320, 640] as const;

/**
 * A picture as the API shows it on items (`image`) and collections (`cover`): `url` is the largest
 * JPEG, `srcset` lists every width in each format, `width`/`height` are the largest rendition's
 * (so a page reserves the space before it loads) and `placeholder` is its average colour
 * (`#rrggbb`), shown behind it meanwhile. Private collections' URLs are signed and expire.
 */
export const imageSchema = z.object({
  url: z.string(),
  width: z.int(),
  height: z.int(),
  placeholder: z.string(),
  srcset: z.object({ webp: z.string(), jpeg: z.string() }),
});
export type Image = z.infer<typeof imageSchema>;

/** The multipart part of `PUT .../image` and `PUT .../cover` carries this query choice. */
export const imageUploadQuery = z.object({ aspect: z._default(z.enum(IMAGE_ASPECTS), 'square') });

/** `PUT /api/v1/collection/{id}/cover` with JSON: one of the collection's items' pictures. */
export const coverFromItemBody = z.object({ item_id: idSchema });
