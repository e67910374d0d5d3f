import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES } from '@acervo/contract/account';
import { smallPicture } from '@acervo/contract/picture';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { createCollection } from '../collection/collection.test-helpers.ts';
import { deletePicture, multipart, putPicture as putPictureAs, solid } from './media.test-helpers.ts';

let ctx: TestContext;
let app: FastifyInstance;
let mediaDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  mediaDir = await mkdtemp(join(tmpdir(), 'acervo-media-'));
  app = await ctx.buildApp({ MEDIA_DIR: mediaDir });
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  await rm(mediaDir, { recursive: true, force: true });
});

type Session = Awaited<ReturnType<typeof signUp>>;

const upload = (who: Session, content: Buffer, filename = 'foto.png', type = 'image/png', to = who) =>
  putPicture(to, multipart(content, filename, type), who);

const putPicture = (to: Session, body: ReturnType<typeof multipart>, who?: Session) =>
  putPictureAs(app, to, body, who);

/** A landscape photo, red on its left half and blue on its right, stored with EXIF orientation 6
 * (turn 90° clockwise to show): upright it is a portrait with red on top. */
async function rotatedJpeg(): Promise<Buffer> {
  const blue = sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } },
  });
  const redHalf = await sharp({
    create: { width: 300, height: 400, channels: 3, background: { r: 255, g: 0, b: 0 } },
  })
    .png()
    .toBuffer();
  const landscape = await blue
    .composite([{ input: redHalf, left: 0, top: 0 }])
    .jpeg()
    .toBuffer();
  return sharp(landscape).withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}

async function served(url: string) {
  const res = await app.inject({ method: 'GET', url });
  return { res, meta: res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : null };
}

describe('PUT /api/v1/user/{user_id}/picture', () => {
  it('takes a PNG, answers the account with its URL and serves it resized, as an image, cached', async () => {
    const ana = await signUp(app);
    const res = await upload(ana, await solid(800, 600).png().toBuffer());
    expect(res.statusCode).toBe(200);
    const picture = res.json().data.picture as string;
    expect(picture).toMatch(/^\/media\/[\w-]+-512\.webp$/);

    const large = await served(picture);
    expect(large.res.statusCode).toBe(200);
    expect(large.res.headers['content-type']).toBe('image/webp');
    expect(large.res.headers['x-content-type-options']).toBe('nosniff');
    expect(large.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(large.meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
    expect((await served(smallPicture(picture))).meta).toMatchObject({ width: 96, height: 72 });

    // Every profile read shows it, to the person and to others, and so do her collections' cards.
    const bia = await signUp(app);
    const seen = await app.inject({ method: 'GET', url: `/api/v1/user/${ana.user_id}`, headers: bia.auth });
    expect(seen.json().data.picture).toBe(picture);
    const collection = await createCollection(app, ana);
    const card = await app.inject({
      method: 'GET',
      url: `/api/v1/collection/${collection.id}`,
      headers: bia.auth,
    });
    expect(card.json().data).toMatchObject({ owner_name: ana.user_name, owner_picture: picture });

    // Signing in again answers it with the session, so the header shows it at once.
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/session',
      payload: { user: { email: ana.user_email, password: ana.password } },
    });
    expect(login.json().data).toMatchObject({ user_id: ana.user_id, user_picture: picture });
  });

  it('takes a GIF and never enlarges a small one', async () => {
    const ana = await signUp(app);
    const res = await upload(ana, await solid(300, 200).gif().toBuffer(), 'anima.gif', 'image/gif');
    expect(res.statusCode).toBe(200);
    const picture = res.json().data.picture as string;
    expect((await served(picture)).meta).toMatchObject({ width: 300, height: 200 });
    expect((await served(smallPicture(picture))).meta).toMatchObject({ width: 96, height: 64 });
  });

  it('turns a rotated JPEG upright and drops its metadata', async () => {
    const ana = await signUp(app);
    const jpeg = await rotatedJpeg();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const res = await upload(ana, jpeg, 'IMG_0001.JPG', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const { res: file, meta } = await served(res.json().data.picture);
    expect(meta).toMatchObject({ width: 341, height: 512 });
    expect(meta?.orientation).toBeUndefined();
    expect(meta?.exif).toBeUndefined();
    const top = await pixel(file.rawPayload, 170, 20);
    const bottom = await pixel(file.rawPayload, 170, 490);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it('answers 413 for 4 MB + 1 byte, and for a larger declared length before reading it', async () => {
    const ana = await signUp(app);
    const png = await solid(10, 10).png().toBuffer();
    const tooBig = Buffer.concat([png, Buffer.alloc(PICTURE_MAX_BYTES + 1 - png.length)]);
    const res = await upload(ana, tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');

    const declared = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${ana.user_id}/picture`,
      headers: {
        ...ana.auth,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(10 * 1024 * 1024),
      },
      payload: '--x--',
    });
    expect(declared.statusCode).toBe(413);

    // Exactly 4 MB is still a photo's business, not the size limit's.
    const exact = await upload(ana, Buffer.concat([png, Buffer.alloc(PICTURE_MAX_BYTES - png.length)]));
    expect(exact.statusCode).not.toBe(413);
  });

  it('decides the type from the content: HTML named .png is 415, so is a non-image body', async () => {
    const ana = await signUp(app);
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const res = await upload(ana, html, 'foto.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const truncated = (await solid(50, 50).png().toBuffer()).subarray(0, 40);
    expect((await upload(ana, truncated)).statusCode).toBe(415);

    const json = await app.inject({
      method: 'PUT',
      url: `/api/v1/user/${ana.user_id}/picture`,
      headers: ana.auth,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const me = await app.inject({ method: 'GET', url: `/api/v1/user/${ana.user_id}`, headers: ana.auth });
    expect(me.json().data.picture).toBeNull();
  });

  it('wants the field named "file", the caller signed in, and only for their own account', async () => {
    const ana = await signUp(app);
    const bia = await signUp(app);
    const png = await solid(20, 20).png().toBuffer();
    const wrongField = await putPicture(ana, multipart(png, 'a.png', 'image/png', 'photo'), ana);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toEqual({ file: 'pictureRequired' });
    expect((await upload(bia, png, 'a.png', 'image/png', ana)).statusCode).toBe(403);
    const anonymous = await putPicture(ana, multipart(png, 'a.png', 'image/png'));
    expect(anonymous.statusCode).toBe(401);
  });

  it('stops serving the old URLs after a new upload and after DELETE', async () => {
    const ana = await signUp(app);
    const first = (await upload(ana, await solid(100, 100).png().toBuffer())).json().data.picture as string;
    const second = (await upload(ana, await solid(120, 120).png().toBuffer())).json().data.picture as string;
    expect(second).not.toBe(first);
    expect((await served(first)).res.statusCode).toBe(404);
    expect((await served(smallPicture(first))).res.statusCode).toBe(404);
    expect((await served(second)).res.statusCode).toBe(200);

    const bia = await signUp(app);
    const notHers = await deletePicture(app, bia, ana);
    expect(notHers.statusCode).toBe(403);
    const removed = await deletePicture(app, ana);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.picture).toBeNull();
    expect((await served(second)).res.statusCode).toBe(404);
    expect((await served(smallPicture(second))).res.statusCode).toBe(404);
    expect((await served('/media/..%2F..%2Fetc%2Fpasswd')).res.statusCode).toBe(404);
  });
});
