import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PICTURE_MAX_BYTES } from '@acervo/contract/account';
import type { Collection } from '@acervo/contract/collection';
import type { Image } from '@acervo/contract/image';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import {
  addCollaborator,
  addItem,
  createCollection,
  type Session,
} from '../collection/collection.test-helpers.ts';
import { multipart, putItemImage, solid } from './media.test-helpers.ts';

let ctx: TestContext;
let app: FastifyInstance;
let mediaDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  mediaDir = await mkdtemp(join(tmpdir(), 'acervo-images-'));
  app = await ctx.buildApp({ MEDIA_DIR: mediaDir });
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  await rm(mediaDir, { recursive: true, force: true });
});

const png = (width = 800, height = 600) => solid(width, height).png().toBuffer();

const putImage = (who: Session, itemId: string, file: Buffer, aspect = 'poster', type = 'image/png') =>
  putItemImage(app, who, itemId, file, { aspect, type });

const get = (url: string, who?: Session) =>
  app.inject({ method: 'GET', url, ...(who ? { headers: who.auth } : {}) });

/** Every URL of a picture: each width in WebP and JPEG. */
const variants = (image: Image) =>
  [image.srcset.webp, image.srcset.jpeg].flatMap((set) => set.split(', ').map((s) => s.split(' ')[0]!));

/** How many of the picture's files the storage still holds. */
async function stored(image: Image) {
  const id = /\/media\/i\/([\w-]{22})-/.exec(image.url)![1]!;
  return (await readdir(mediaDir)).filter((name) => name.startsWith(`${id}-`)).length;
}

async function served(url: string) {
  const res = await get(url);
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

async function scene(options: { private?: boolean } = {}) {
  const ana = await signUp(app);
  const collection = await createCollection(app, ana, { private: options.private ?? false });
  const item = await addItem(app, ana, collection.id);
  return { ana, collection, item };
}

describe('PUT /api/v1/collection_items/{item}/image', () => {
  it('crops to a 2:3 poster at each width in WebP and JPEG, with a placeholder colour', async () => {
    const { ana, collection, item } = await scene();
    expect(item.image).toBeNull();
    const res = await putImage(ana, item.id, await png(800, 600));
    expect(res.statusCode).toBe(200);
    const image = res.json().data.image as Image;
    // 600 px tall allows a 400 px wide poster: the widths are 160, 320 and 400 (never enlarged).
    expect(image).toMatchObject({ width: 400, height: 600 });
    // The average colour of the red upload.
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(image.placeholder.slice(at, at + 2), 16));
    expect(r).toBeGreaterThan(180);
    expect(Math.max(g!, b!)).toBeLessThan(60);
    expect(image.url).toMatch(/^\/media\/i\/[\w-]{22}-400\.jpg$/);
    expect(image.srcset.webp).toMatch(/-160\.webp 160w, .+-320\.webp 320w, .+-400\.webp 400w$/);

    const small = await served(image.srcset.webp.split(' ')[0]!);
    expect(small.res.headers['content-type']).toBe('image/webp');
    expect(small.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(small.meta).toMatchObject({ format: 'webp', width: 160, height: 240 });
    expect((await served(image.url)).meta).toMatchObject({ format: 'jpeg', width: 400, height: 600 });

    // The collection and the feed show it on the item too.
    const bia = await signUp(app);
    const seen = (await get(`/api/v1/collection/${collection.id}`, bia)).json().data as Collection;
    expect(seen.collection_items[0]!.image).toEqual(image);
    const again = (await get(`/api/v1/collection_items/${item.id}`, bia)).json().data;
    expect(again.image).toEqual(image);
  });

  it('makes a square of at most 640 px from a large photo', async () => {
    const { ana, item } = await scene();
    const image = (await putImage(ana, item.id, await png(1200, 900), 'square')).json().data.image as Image;
    expect(image).toMatchObject({ width: 640, height: 640 });
    for (const url of variants(image)) {
      const { meta } = await served(url);
      expect(meta!.width).toBe(meta!.height);
    }
  });

  it('replaces and deletes: the old files stop being served and leave the storage', async () => {
    const { ana, item } = await scene();
    const first = (await putImage(ana, item.id, await png())).json().data.image as Image;
    const second = (await putImage(ana, item.id, await png(300, 300))).json().data.image as Image;
    expect(second.url).not.toBe(first.url);
    for (const url of variants(first)) expect((await served(url)).res.statusCode).toBe(404);
    for (const url of variants(second)) expect((await served(url)).res.statusCode).toBe(200);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/collection_items/${item.id}/image`,
      headers: ana.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.image).toBeNull();
    for (const url of variants(second)) expect((await served(url)).res.statusCode).toBe(404);
    expect(await stored(first)).toBe(0);
    expect(await stored(second)).toBe(0);
  });

  it('refuses a wrong type with 415 and a file over 4 MB with 413, like the profile photo', async () => {
    const { ana, item } = await scene();
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const wrong = await putImage(ana, item.id, html);
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const small = await png(10, 10);
    const tooBig = await putImage(ana, item.id, Buffer.concat([small, Buffer.alloc(PICTURE_MAX_BYTES + 1)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const badAspect = await putImage(ana, item.id, small, 'panorama');
    expect(badAspect.statusCode).toBe(400);
    expect((await get(`/api/v1/collection_items/${item.id}`, ana)).json().data.image).toBeNull();
  });

  it('lets editors change it, not viewers or strangers', async () => {
    const { ana, collection, item } = await scene();
    const [editor, viewer, stranger] = [await signUp(app), await signUp(app), await signUp(app)];
    await addCollaborator(app, ana, collection.id, editor, 'editor');
    await addCollaborator(app, ana, collection.id, viewer, 'viewer');
    const file = await png(200, 300);
    expect((await putImage(editor, item.id, file)).statusCode).toBe(200);
    expect((await putImage(viewer, item.id, file)).statusCode).toBe(403);
    expect((await putImage(stranger, item.id, file)).statusCode).toBe(403);
    const anonymous = await app.inject({
      method: 'DELETE',
      url: `/api/v1/collection_items/${item.id}/image`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('strips EXIF, GPS included, from every served variant', async () => {
    const { ana, item } = await scene();
    const withGps = await solid(900, 900)
      .jpeg()
      .withExif({
        IFD0: { Make: 'AcervoCam', Copyright: 'Ana' },
        IFD3: {
          GPSLatitudeRef: 'S',
          GPSLatitude: '23/1 33/1 0/1',
          GPSLongitudeRef: 'W',
          GPSLongitude: '46/1 38/1 0/1',
        },
      })
      .toBuffer();
    const exif = (await sharp(withGps).metadata()).exif;
    expect(exif?.includes('GPS') || exif?.includes('AcervoCam')).toBe(true);
    const image = (await putImage(ana, item.id, withGps, 'square', 'image/jpeg')).json().data.image as Image;
    const urls = variants(image);
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      const { res, meta } = await served(url);
      expect(meta!.exif).toBeUndefined();
      expect(res.rawPayload.includes('AcervoCam')).toBe(false);
      expect(res.rawPayload.includes('Exif')).toBe(false);
    }
  });
});

describe('pictures of private collections', () => {
  /** A private collection's item with a picture, and the picture as a viewer collaborator sees it. */
  async function privatePicture() {
    const { ana, collection, item } = await scene({ private: true });
    const collaborator = await signUp(app);
    await addCollaborator(app, ana, collection.id, collaborator, 'viewer');
    await putImage(ana, item.id, await png());
    const seen = (await get(`/api/v1/collection_items/${item.id}`, collaborator)).json().data.image as Image;
    return { ana, collection, item, collaborator, seen };
  }

  it('are served by signed URLs to those who may read, and are a 404 to a stranger', async () => {
    const { ana, collection, item, seen } = await privatePicture();
    expect(seen.url).toMatch(/\?e=\d+&s=[\w-]+$/);
    const file = await served(seen.url);
    expect(file.res.statusCode).toBe(200);
    expect(file.res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);

    // The stranger sees neither the item nor the file, with or without a doctored signature.
    const stranger = await signUp(app);
    expect((await get(`/api/v1/collection_items/${item.id}`, stranger)).statusCode).toBe(404);
    const [path] = seen.url.split('?');
    expect((await served(path!)).res.statusCode).toBe(404);
    expect((await served(seen.url.replace(/s=.{4}/, 's=AAAA'))).res.statusCode).toBe(404);
    expect((await served(seen.url.replace(/e=\d+/, 'e=4102444800'))).res.statusCode).toBe(404);

    // Made public, the plain URL works; made private again, it stops.
    const update = (priv: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/collection/${collection.id}`,
        headers: ana.auth,
        payload: { category_id: collection.category_id, name: collection.name, private: priv },
      });
    await update(false);
    expect((await served(path!)).res.statusCode).toBe(200);
    await update(true);
    expect((await served(path!)).res.statusCode).toBe(404);
  });

  it('stop working within two hours, so a removed collaborator keeps them that long at most', async () => {
    const { ana, collection, collaborator, seen } = await privatePicture();
    const removal = await app.inject({
      method: 'DELETE',
      url: `/api/v1/collection/${collection.id}/collaborators/${collaborator.user_id}`,
      headers: ana.auth,
    });
    expect(removal.statusCode).toBe(200);
    const lifetime = Number((await served(seen.url)).res.headers['cache-control']?.split('max-age=')[1]);
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(2 * 3600);
    // Two hours later (the clock moved, not waited for) the URL is a 404.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600 * 1000 + 1000 });
    try {
      expect((await served(seen.url)).res.statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('saved copies', () => {
  it('share the files, and each side keeps its pictures when the other is deleted', async () => {
    const { ana, collection, item } = await scene();
    const image = (await putImage(ana, item.id, await png())).json().data.image as Image;
    expect(await stored(image)).toBe(6);
    const bia = await signUp(app);
    const copyOf = async () => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/collection/${collection.id}/save`,
        headers: bia.auth,
      });
      return res.json().data as Collection;
    };
    const copy = await copyOf();
    expect(await stored(image)).toBe(6);
    const copied = copy.collection_items[0]!.image!;
    expect(copied.url.split('?')[0]).toBe(image.url);

    // Deleting the copy leaves the original whole.
    await app.inject({ method: 'DELETE', url: `/api/v1/collection/${copy.id}`, headers: bia.auth });
    for (const url of variants(image)) expect((await served(url)).res.statusCode).toBe(200);

    // Deleting the original, with its owner's whole account, leaves a second copy whole.
    const second = await copyOf();
    const kept = second.collection_items[0]!.image!;
    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${ana.user_id}`,
      headers: ana.auth,
      payload: { password: ana.password },
    });
    expect(gone.statusCode).toBe(200);
    for (const url of variants(kept)) expect((await served(url)).res.statusCode).toBe(200);
    const now = (await get(`/api/v1/collection/${second.id}`, bia)).json().data as Collection;
    expect(now.collection_items[0]!.image).toEqual(kept);

    // Once nothing shows it, its files go.
    await app.inject({ method: 'DELETE', url: `/api/v1/collection/${second.id}`, headers: bia.auth });
    expect(await stored(image)).toBe(0);
  });
});

describe('PUT /api/v1/collection/{id}/cover', () => {
  it("takes one of the items' pictures or an upload, and DELETE removes it", async () => {
    const { ana, collection, item } = await scene();
    const bare = await addItem(app, ana, collection.id, { name: 'Sem foto' });
    const image = (await putImage(ana, item.id, await png())).json().data.image as Image;
    const put = (payload: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/v1/collection/${collection.id}/cover`,
        headers: ana.auth,
        payload,
      });

    const fromItem = await put({ item_id: item.id });
    expect(fromItem.statusCode).toBe(200);
    expect(fromItem.json().data.cover).toEqual(image);
    const noPicture = await put({ item_id: bare.id });
    expect(noPicture.statusCode).toBe(400);
    expect(noPicture.json().error.fields).toEqual({ item_id: 'coverItemWithoutImage' });

    // The item's picture goes; the cover, the same files, stays.
    await app.inject({
      method: 'DELETE',
      url: `/api/v1/collection_items/${item.id}/image`,
      headers: ana.auth,
    });
    for (const url of variants(image)) expect((await served(url)).res.statusCode).toBe(200);

    const body = multipart(await png(1000, 500), 'capa.png', 'image/png');
    const bia = await signUp(app);
    const notHers = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${collection.id}/cover`,
      payload: body.payload,
      headers: { ...body.headers, ...bia.auth },
    });
    expect(notHers.statusCode).toBe(403);
    const uploaded = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${collection.id}/cover?aspect=square`,
      payload: body.payload,
      headers: { ...body.headers, ...ana.auth },
    });
    expect(uploaded.statusCode).toBe(200);
    const cover = uploaded.json().data.cover as Image;
    expect(cover).toMatchObject({ width: 500, height: 500 });
    for (const url of variants(image)) expect((await served(url)).res.statusCode).toBe(404);

    // Cards on the feed carry it.
    const feed = await get(`/api/v1/collection/by_category/${collection.category_id}`, bia);
    expect(feed.json().data[0].cover).toEqual(cover);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/v1/collection/${collection.id}/cover`,
      headers: ana.auth,
    });
    expect(removed.json().data.cover).toBeNull();
    expect(await stored(cover)).toBe(0);
  });

  it('shows an item an operator hid to its owner by a signed URL that serves, and to no one else', async () => {
    const { ana, collection, item } = await scene();
    await putImage(ana, item.id, await png());
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [item.id]);
    const own = (await get(`/api/v1/collection/${collection.id}`, ana)).json().data as Collection;
    const seen = own.collection_items.find((i) => i.id === item.id)!.image!;
    expect(seen.url).toMatch(/\?e=\d+&s=[\w-]+$/);
    for (const url of [seen.url, ...variants(seen)]) expect((await served(url)).res.statusCode).toBe(200);
    expect((await served(seen.url.split('?')[0]!)).res.statusCode).toBe(404);
  });

  it('refuses an item an operator hid (400, as an item without a picture): its owner may not republish its picture as the cover', async () => {
    const { ana, collection, item } = await scene();
    const image = (await putImage(ana, item.id, await png())).json().data.image as Image;
    await ctx.db.query(`UPDATE collection_items SET hidden_reason = 'spam' WHERE id = $1`, [item.id]);
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${collection.id}/cover`,
      headers: ana.auth,
      payload: { item_id: item.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { item_id: 'coverItemWithoutImage' },
    });
    // Nothing changed: the public collection shows no cover, and the picture is served to no one unsigned.
    const bia = await signUp(app);
    expect((await get(`/api/v1/collection/${collection.id}`, bia)).json().data.cover).toBeNull();
    for (const url of variants(image)) expect((await served(url)).res.statusCode).toBe(404);
  });
});
