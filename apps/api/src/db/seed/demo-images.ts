import type { ImageAspect } from '@acervo/contract/image';
import { storeImage } from '../../modules/media/image.service.ts';
import type { MediaStorage } from '../../modules/media/media.storage.ts';
import type { Db } from '../client.ts';
import sharp from 'sharp';

/** Categories whose things are posters (films, books, series); the rest are squares. */
const POSTERS = new Set(['Filmes', 'Livros', 'Séries', 'Álbuns', 'Jogos']);
const COLOURS = ['#b23a48', '#2f6690', '#3a7d44', '#c17c00', '#6a4c93', '#1b998b', '#d1495b', '#38598b'];

/** The colour of a category: the same one every time, from its name. */
function colourOf(category: string): string {
  let hash = 0;
  for (const ch of category) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w) && w.length > 2)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || name.slice(0, 1).toUpperCase();

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A picture drawn here, never downloaded: the category's colour, a lighter band, the initials. */
function draw(name: string, category: string, aspect: ImageAspect): Promise<Buffer> {
  const [w, h] = aspect === 'poster' ? [400, 600] : [480, 480];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
    <rect width="100%" height="100%" fill="${colourOf(category)}"/>
    <circle cx="${w * 0.8}" cy="${h * 0.15}" r="${w * 0.35}" fill="#ffffff" fill-opacity="0.12"/>
    <rect y="${h * 0.72}" width="100%" height="${h * 0.28}" fill="#000000" fill-opacity="0.18"/>
    <text x="50%" y="50%" font-family="sans-serif" font-weight="700" font-size="${w * 0.3}"
      fill="#ffffff" text-anchor="middle" dominant-baseline="middle">${escapeXml(initials(name))}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Gives the first items of every demo collection (those cards show) a drawn picture, through the
 * same pipeline as an upload. Run right after the demo is loaded; items that already have a
 * picture are left alone, so a second run adds nothing.
 */
export async function loadDemoImages(db: Db, storage: MediaStorage, emailDomain: string): Promise<number> {
  const items = await db.query<{ id: string; name: string; category: string }>(
    `SELECT i.id, i.name, cat.name AS category
     FROM collection_items i
     JOIN collections c ON c.id = i.collection_id
     JOIN users u ON u.id = c.user_id
     JOIN categories cat ON cat.id = c.category_id
     WHERE u.email LIKE '%@' || $1 AND i.image_id IS NULL AND c.saved_from_id IS NULL
       AND i.position <= 3
     ORDER BY i.id`,
    [emailDomain],
  );
  const drawOne = async (item: (typeof items)[number]) => {
    const aspect: ImageAspect = POSTERS.has(item.category) ? 'poster' : 'square';
    await storeImage(
      db,
      storage,
      await draw(item.name, item.category, aspect),
      aspect,
      async (tx, imageId) => {
        await tx.query('UPDATE collection_items SET image_id = $2 WHERE id = $1', [item.id, imageId]);
        return { result: null, released: [] };
      },
    );
  };
  // A few at a time: sharp encodes on libuv's threads while the next one is drawn.
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await drawOne(item);
  };
  await Promise.all([worker(), worker(), worker()]);
  // Saved copies show their originals' pictures, as a real save would have copied them.
  await db.query(
    `UPDATE collection_items copy SET image_id = orig.image_id
     FROM collections c, collection_items orig
     WHERE copy.collection_id = c.id AND c.saved_from_id = orig.collection_id
       AND copy.position = orig.position AND copy.name = orig.name
       AND copy.image_id IS NULL AND orig.image_id IS NOT NULL`,
  );
  return items.length;
}
