import { idSchema } from '@acervo/contract/common';
import { SHARE_DATA_ELEMENT_ID, type ShareData } from '@acervo/contract/collection';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { getCollection } from '../collection/collection.service.ts';
import { getItemDetail } from '../collection-item/collection-item.service.ts';
import { readRecapShare } from '../recap/recap.service.ts';
import { readTasteShare } from '../taste/taste.service.ts';
import { collectionHead, itemHead, recapHead, tasteHead, type PageHead } from './share-head.ts';
import { PREVIEW_ITEMS } from './share.service.ts';

/**
 * A public collection's or item's page as the server renders it for a visitor (decision 031): its
 * preview tags, and the data its first screen shows, read with the API's own services and an
 * anonymous viewer, so the HTML carries exactly what `GET /collection/{id}` and
 * `GET /collection_items/{item}` would answer someone without a session, and nothing for a private
 * or missing one.
 */
export interface SharePage {
  head: PageHead;
  data: ShareData;
}

const COLLECTION_PAGE = /^\/(?:c|lists)\/([^/]+)\/?$/;
const ITEM_PAGE = /^\/lists\/[^/]+\/items\/([^/]+)\/?$/;

/** undefined where the API answers a visitor 404: private, missing, or not an id at all. */
async function asVisitor<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

/** The page at `path` if it is a public collection's or one of its items'; undefined otherwise. */
export async function sharePage(
  db: Queryable,
  publicUrl: string,
  path: string,
): Promise<SharePage | undefined> {
  const collectionId = idSchema.safeParse(COLLECTION_PAGE.exec(path)?.[1]);
  if (collectionId.success) {
    const collection = await asVisitor(() => getCollection(db, collectionId.data, null));
    if (!collection) return undefined;
    const head = collectionHead(publicUrl, {
      ...collection,
      first_items: collection.collection_items.slice(0, PREVIEW_ITEMS).map((item) => item.name),
    });
    return { head, data: { collection } };
  }
  const itemId = idSchema.safeParse(ITEM_PAGE.exec(path)?.[1]);
  if (itemId.success) {
    const item = await asVisitor(() => getItemDetail(db, itemId.data, null));
    // The item's own collection, whatever collection the address names (as the web page does).
    const collection = item && (await asVisitor(() => getCollection(db, item.collection_id, null)));
    if (!item || !collection) return undefined;
    const head = itemHead(publicUrl, {
      ...item,
      collection_name: collection.name,
      owner_name: collection.owner_name,
    });
    return { head, data: { collection, item } };
  }
  return undefined;
}

const TASTE_PAGE = /^\/taste\/([^/]+)\/?$/;

/**
 * The preview tags of a shared taste in common's page (`/taste/{id}`), while the link is up; its
 * first screen asks the API (`GET /taste_shares/{id}`), so no data goes with it.
 */
export async function tasteSharePageHead(
  db: Queryable,
  publicUrl: string,
  path: string,
  heavy: HeavyReads,
): Promise<PageHead | undefined> {
  const id = idSchema.safeParse(TASTE_PAGE.exec(path)?.[1]);
  if (!id.success) return undefined;
  const share = await asVisitor(() => readTasteShare(db, id.data, heavy));
  return share && tasteHead(publicUrl, share);
}

const RECAP_PAGE = /^\/recap\/([^/]+)\/?$/;

/**
 * The preview tags of a shared yearly recap's page (`/recap/{id}`), while the link is up; as for a
 * shared taste, its first screen asks the API (`GET /recap_shares/{id}`).
 */
export async function recapSharePageHead(
  db: Queryable,
  publicUrl: string,
  path: string,
  heavy: HeavyReads,
): Promise<PageHead | undefined> {
  const id = idSchema.safeParse(RECAP_PAGE.exec(path)?.[1]);
  if (!id.success) return undefined;
  const recap = await asVisitor(() => readRecapShare(db, id.data, heavy));
  return recap && recapHead(publicUrl, id.data, recap);
}

// JSON inside <script> ends at the first `</script`, and an HTML parser reads `<!--` there too:
// every `<`, `>` and `&` is written as its \u escape, which JSON.parse reads back unchanged. U+2028
// and U+2029 are valid in JSON but not in older JavaScript string literals; escaped as well.
const JSON_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** `value` as the text of a `<script type="application/json">` element, safe to put in HTML. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!);

/**
 * The page's data as a JSON element at the end of the body. A JSON script is data, not code: the
 * browser never runs it, so the CSP (no inline scripts) stays as it is.
 */
export function withShareData(html: string, data: ShareData): string {
  const element = `<script type="application/json" id="${SHARE_DATA_ELEMENT_ID}">${scriptJson(data)}</script>`;
  return html.includes('</body>')
    ? html.replace('</body>', () => `${element}\n</body>`)
    : `${html}${element}`;
}
