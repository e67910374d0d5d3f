import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Image } from '@acervo/contract/image';
import type { Config } from '../../env.ts';

/** An `images` row as SQL hands it over (see `IMAGE_JSON`). */
export interface StoredImage {
  id: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
}

/** The `images` row that `column` points at, as JSON (null when it points at none). */
export const IMAGE_JSON = (column: string) =>
  `(SELECT json_build_object('id', im.id, 'width', im.width, 'height', im.height,
     'widths', im.widths, 'placeholder', im.placeholder) FROM images im WHERE im.id = ${column})`;

export const IMAGE_FORMATS = { webp: 'webp', jpeg: 'jpg' } as const;
/** Served names: `<128-bit random id>-<width>.<webp|jpg>`; nothing else reaches the storage. */
export const IMAGE_NAME = /^([A-Za-z0-9_-]{22})-(\d{1,4})\.(webp|jpg)$/;
export const imageKey = (id: string, width: number, ext: string) => `${id}-${width}.${ext}`;

/** Signed URLs are issued per window of this length and live for one to two of them. */
const SIGNED_URL_WINDOW_SECONDS = 3_600;

/**
 * The key that signs private pictures' URLs, one per process (set by buildApp before any route
 * answers). Services build URLs deep inside row mapping, where threading it through every caller
 * of getCollection would touch every module for one value.
 */
let signingKey: Buffer | null = null;

/**
 * `MEDIA_URL_SECRET`, or else a random secret kept in `DATA_DIR/media-url-secret` (created on
 * first start), so a development install needs no setting and its URLs survive a restart. Several
 * API nodes must share `MEDIA_URL_SECRET`.
 */
export async function loadImageSigningKey(config: Config): Promise<void> {
  let secret = config.MEDIA_URL_SECRET;
  if (!secret) {
    const file = join(config.DATA_DIR, 'media-url-secret');
    secret = await readFile(file, 'utf8').catch(async (err: { code?: string }) => {
      if (err.code !== 'ENOENT') throw err;
      const fresh = randomBytes(32).toString('base64url');
      await mkdir(config.DATA_DIR, { recursive: true });
      // `wx`: two processes starting together keep whichever wrote first.
      await writeFile(file, fresh, { flag: 'wx', mode: 0o600 }).catch(() => undefined);
      return readFile(file, 'utf8');
    });
  }
  signingKey = createHmac('sha256', 'acervo media url').update(secret.trim()).digest();
}

function signature(id: string, expires: number): string {
  if (!signingKey) throw new Error('loadImageSigningKey() has not run');
  return createHmac('sha256', signingKey).update(`${id}.${expires}`).digest('base64url');
}

/**
 * Private pictures' URLs expire at the end of the next hour: the same URL for an hour, so a
 * browser caches it, and a collaborator removed from the collection (or anyone a URL was passed
 * to) keeps at most two hours of URLs already handed out (decision 029; it was two days).
 */
function signedQuery(id: string, now = Date.now()): string {
  const expires = (Math.floor(now / 1000 / SIGNED_URL_WINDOW_SECONDS) + 2) * SIGNED_URL_WINDOW_SECONDS;
  return `?e=${expires}&s=${signature(id, expires)}`;
}

/** Seconds left before a signed URL expires, or null when its signature is wrong or it expired. */
export function signedUrlLifetime(id: string, e: string | undefined, s: string | undefined): number | null {
  if (!e || !s || !/^\d{1,12}$/.test(e)) return null;
  const expected = Buffer.from(signature(id, Number(e)));
  const given = Buffer.from(s);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const left = Number(e) - Math.floor(Date.now() / 1000);
  return left > 0 ? left : null;
}

/**
 * What the API shows for a stored picture: plain hashed URLs in a public collection, signed ones
 * in a private collection (the same files either way: a saved copy shares its original's).
 */
export function publicImage(stored: StoredImage | null, inPrivateCollection: boolean): Image | null {
  if (!stored) return null;
  const query = inPrivateCollection ? signedQuery(stored.id) : '';
  const url = (width: number, ext: string) => `/media/i/${imageKey(stored.id, width, ext)}${query}`;
  const srcset = (ext: string) => stored.widths.map((w) => `${url(w, ext)} ${w}w`).join(', ');
  return {
    url: url(stored.width, IMAGE_FORMATS.jpeg),
    width: stored.width,
    height: stored.height,
    placeholder: stored.placeholder,
    srcset: { webp: srcset(IMAGE_FORMATS.webp), jpeg: srcset(IMAGE_FORMATS.jpeg) },
  };
}
