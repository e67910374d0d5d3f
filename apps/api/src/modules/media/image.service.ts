import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { ASPECT_RATIO, IMAGE_WIDTHS, type ImageAspect } from '@acervo/contract/image';
import type { Db, Queryable } from '../../db/client.ts';
import { IMAGE_FORMATS, IMAGE_NAME, imageKey, type StoredImage } from './image-urls.ts';
import { MAX_INPUT_PIXELS, sniffImageType, unsupportedPicture } from './media.service.ts';
import type { MediaStorage } from './media.storage.ts';
import { imageIsPublic } from '../access/access.sql.ts';

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * Pictures of items and covers: the photo pipeline's checks (type from the content, pixel limit,
 * EXIF orientation applied, no metadata written), cropped to the chosen shape from the centre of
 * interest, at each of IMAGE_WIDTHS no wider than the upload, in WebP and JPEG.
 */
async function renderImage(
  data: Buffer,
  aspect: ImageAspect,
): Promise<{ image: Omit<StoredImage, 'id'>; files: { width: number; ext: string; bytes: Buffer }[] }> {
  if (!sniffImageType(data)) throw unsupportedPicture();
  try {
    const upright = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
    const { width: w, height: h } = await upright
      .clone()
      .toBuffer({ resolveWithObject: true })
      .then((r) => r.info);
    const ratio = ASPECT_RATIO[aspect];
    // The largest crop of that shape inside the upload, then no wider than the largest width.
    const cropWidth = Math.max(1, Math.min(w, Math.round(h * ratio)));
    const largest = Math.min(cropWidth, IMAGE_WIDTHS.at(-1)!);
    const widths = [...IMAGE_WIDTHS.filter((x) => x < largest), largest];
    const files = [];
    for (const width of widths) {
      const height = Math.max(1, Math.round(width / ratio));
      const sized = upright
        .clone()
        .resize(width, height, { fit: 'cover', position: sharp.strategy.attention });
      files.push({
        width,
        ext: IMAGE_FORMATS.webp,
        bytes: await sized.clone().webp({ quality: 80 }).toBuffer(),
      });
      files.push({
        width,
        ext: IMAGE_FORMATS.jpeg,
        bytes: await sized
          .clone()
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 80, progressive: true })
          .toBuffer(),
      });
    }
    const { dominant } = await sharp(files[0]!.bytes).stats();
    return {
      image: {
        width: largest,
        height: Math.max(1, Math.round(largest / ratio)),
        widths,
        placeholder: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
      },
      files,
    };
  } catch {
    // Right magic bytes but not a decodable image (truncated, corrupt, too many pixels).
    throw unsupportedPicture();
  }
}

const keysOf = (image: Pick<StoredImage, 'id' | 'widths'>) =>
  image.widths.flatMap((w) => Object.values(IMAGE_FORMATS).map((ext) => imageKey(image.id, w, ext)));

/** Removes the files of pictures whose rows are gone; call it after the deleting transaction. */
export async function deleteImageFiles(storage: MediaStorage, images: Pick<StoredImage, 'id' | 'widths'>[]) {
  for (const image of images) for (const key of keysOf(image)) await storage.delete(key);
}

/**
 * Renders and stores an upload's files, then runs `attach` with its new row inserted (in one
 * transaction: no other request ever sees the row unattached). Files of an attach that fails, and
 * of pictures it released, are deleted afterwards.
 */
export async function storeImage<T>(
  db: Db,
  storage: MediaStorage,
  data: Buffer,
  aspect: ImageAspect,
  attach: (tx: Queryable, imageId: string) => Promise<{ result: T; released: StoredImage[] }>,
): Promise<T> {
  const { image, files } = await renderImage(data, aspect);
  const id = randomBytes(16).toString('base64url');
  for (const f of files) await storage.put(imageKey(id, f.width, f.ext), f.bytes);
  let outcome: { result: T; released: StoredImage[] };
  try {
    outcome = await db.transaction(async (tx) => {
      await tx.query(
        'INSERT INTO images (id, width, height, widths, placeholder) VALUES ($1, $2, $3, $4, $5)',
        [id, image.width, image.height, image.widths, image.placeholder],
        'image_insert',
      );
      return attach(tx, id);
    });
  } catch (err) {
    await deleteImageFiles(storage, [{ id, widths: image.widths }]);
    throw err;
  }
  await deleteImageFiles(storage, outcome.released);
  return outcome.result;
}

/**
 * Deletes those of `ids` that no item and no cover points at any more (a saved copy shares its
 * original's pictures, so this is the reference count), returning them for `deleteImageFiles`.
 */
export async function releaseImages(tx: Queryable, ids: (string | null)[]): Promise<StoredImage[]> {
  const candidates = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (candidates.length === 0) return [];
  return tx.query<StoredImage>(
    `DELETE FROM images im WHERE im.id = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM collection_items i WHERE i.image_id = im.id)
       AND NOT EXISTS (SELECT 1 FROM collections c WHERE c.cover_image_id = im.id)
     RETURNING im.id, im.widths`,
    [candidates],
    'images_release',
  );
}

/** The pictures of a user's or a collection's items and covers, before a cascading delete. */
export async function imagesUnder(db: Queryable, where: { userId: string } | { collectionId: string }) {
  const [sql, param] =
    'userId' in where ? ['c.user_id = $1', where.userId] : ['c.id = $1', where.collectionId];
  const rows = await db.query<{ id: string }>(
    `SELECT i.image_id AS id FROM collection_items i JOIN collections c ON c.id = i.collection_id
     WHERE ${sql} AND i.image_id IS NOT NULL
     UNION SELECT c.cover_image_id FROM collections c WHERE ${sql} AND c.cover_image_id IS NOT NULL`,
    [param],
  );
  return rows.map((r) => r.id);
}

/**
 * A picture file for `GET /media/i/{name}` when `mayServe(id)` says the caller may have it;
 * null for names we never issued, pictures since deleted, or a refusal.
 */
export async function readImage(
  storage: MediaStorage,
  name: string,
  mayServe: (id: string) => Promise<boolean>,
): Promise<{ bytes: Buffer; type: string } | null> {
  const match = IMAGE_NAME.exec(name);
  if (!match || !(await mayServe(match[1]!))) return null;
  const bytes = await storage.get(name);
  return bytes && { bytes, type: match[3] === 'webp' ? 'image/webp' : 'image/jpeg' };
}

/** Whether a public collection shows this picture (on an item or as its cover). */
export async function isPublicImage(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.query<{ public: boolean }>(
    `SELECT ${imageIsPublic('$1')} AS public`,
    [id],
    'image_is_public',
  );
  return row?.public ?? false;
}
