import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { UserAccount } from '@acervo/contract/user';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Viewer } from '../access/access.policy.ts';
import { assertOwnAccount, getUser } from '../user/user.service.ts';
import type { MediaStorage } from './media.storage.ts';

/** The renditions kept of each photo: profiles show the large one, avatars the small one. */
const SIZES = [512, 96] as const;
/** Served file names: a fresh random token per upload, so a new photo is a new URL. */
const MEDIA_NAME = /^[A-Za-z0-9_-]{22}-(512|96)\.webp$/;
/** A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const unsupportedPicture = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envie uma imagem JPEG, PNG, GIF ou WebP.');

type ImageType = 'jpeg' | 'png' | 'gif' | 'webp';

/** The type from the file's first bytes; the name and the declared type are never trusted. */
export function sniffImageType(data: Buffer): ImageType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((b, i) => data[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Upright (EXIF orientation applied), without any metadata (sharp writes none unless asked), re-
 * encoded as WebP so nothing of the uploaded file survives, and no larger than each size.
 */
async function renditions(data: Buffer): Promise<Map<number, Buffer>> {
  if (!sniffImageType(data)) throw unsupportedPicture();
  const out = new Map<number, Buffer>();
  try {
    for (const size of SIZES) {
      const image = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 });
      out.set(size, await image.toBuffer());
    }
  } catch {
    // Right magic bytes but not a decodable image (truncated, corrupt, too many pixels).
    throw unsupportedPicture();
  }
  return out;
}

const urlOf = (key: string) => `/media/${key}`;

/** The stored objects behind a `picture` URL we issued (none for null or anything else). */
export function pictureKeys(picture: string | null): string[] {
  const name = picture?.startsWith('/media/') ? picture.slice('/media/'.length) : '';
  if (!MEDIA_NAME.test(name)) return [];
  const token = name.replace(/-\d+\.webp$/, '');
  return SIZES.map((size) => `${token}-${size}.webp`);
}

/** Removes a replaced or deleted photo's files; the database no longer points at them. */
export async function deletePictureFiles(storage: MediaStorage, picture: string | null): Promise<void> {
  for (const key of pictureKeys(picture)) await storage.delete(key);
}

/** Points the user at `picture` and returns the one it replaced, in one locked step. */
async function swapPicture(db: Db, id: string, picture: string | null): Promise<string | null> {
  return db.transaction(async (tx: Queryable) => {
    const [row] = await tx.query<{ picture: string | null }>(
      'SELECT picture FROM users WHERE id = $1 FOR UPDATE',
      [id],
      'user_picture_lock',
    );
    await tx.query('UPDATE users SET picture = $2, updated_at = now() WHERE id = $1', [id, picture]);
    return row?.picture ?? null;
  });
}

export async function setPicture(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
  data: Buffer,
): Promise<UserAccount> {
  const images = await renditions(data);
  const token = randomBytes(16).toString('base64url');
  const keys = [...images].map(([size, bytes]) => ({ key: `${token}-${size}.webp`, bytes }));
  for (const { key, bytes } of keys) await storage.put(key, bytes);
  let previous: string | null;
  try {
    previous = await swapPicture(db, id, urlOf(`${token}-512.webp`));
  } catch (err) {
    for (const { key } of keys) await storage.delete(key);
    throw err;
  }
  await deletePictureFiles(storage, previous);
  return (await getUser(db, id, viewer)) as UserAccount;
}

export async function removePicture(
  db: Db,
  storage: MediaStorage,
  id: string,
  viewer: Viewer,
): Promise<UserAccount> {
  await assertOwnAccount(db, id, viewer);
  await deletePictureFiles(storage, await swapPicture(db, id, null));
  return (await getUser(db, id, viewer)) as UserAccount;
}

/** A served file, or null for a name we never issued or a photo since replaced or deleted. */
export async function readMedia(storage: MediaStorage, name: string): Promise<Buffer | null> {
  return MEDIA_NAME.test(name) ? storage.get(name) : null;
}
