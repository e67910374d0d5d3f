import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, signUp, type TestContext } from '../../test/test-context.ts';
import { addItem, createCollection, type Session } from '../collection/collection.test-helpers.ts';
import { multipart, putItemImage, putPicture, solid } from './media.test-helpers.ts';

/** Issue 23: what one person's uploads may cost the server (pixels, rate, parallel decoding). */
let ctx: TestContext;
let mediaDir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  mediaDir = await mkdtemp(join(tmpdir(), 'acervo-upload-limits-'));
});
beforeEach(() => ctx.reset());
afterAll(async () => {
  await ctx.close();
  await rm(mediaDir, { recursive: true, force: true });
});

/**
 * A GIF of a few dozen bytes whose header declares a `width` x `height` canvas: decoding it
 * allocates the whole canvas (the attack run's 29-byte 6000x6000 file cost 2 s of CPU).
 */
function declaredGif(width: number, height: number): Buffer {
  const le = (n: number) => [n & 0xff, n >> 8];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...le(width),
    ...le(height),
    0x80, // global colour table of 2 entries
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
    0x2c, // image descriptor: the whole canvas
    ...le(0),
    ...le(0),
    ...le(width),
    ...le(height),
    0,
    0x02, // LZW minimum code size
    0x02,
    0x44,
    0x01,
    0x00,
    0x3b,
  ]);
}

const uploadTo = (app: FastifyInstance, who: Session, itemId: string, file: Buffer, type = 'image/png') =>
  putItemImage(app, who, itemId, file, { aspect: 'square', type, filename: 'foto' });

async function scene(app: FastifyInstance) {
  const ana = await signUp(app);
  const collection = await createCollection(app, ana);
  const item = await addItem(app, ana, collection.id);
  return { ana, collection, item };
}

describe('picture uploads (issue 23)', () => {
  it('refuses a picture declaring more than MEDIA_MAX_MEGAPIXELS from its header, before decoding: 400 pictureTooManyPixels', async () => {
    const app = await ctx.buildApp({ MEDIA_DIR: mediaDir });
    const { ana, collection, item } = await scene(app);
    const bomb = declaredGif(6000, 6000);
    expect(bomb.length).toBeLessThan(40);
    expect(await sharp(bomb).metadata()).toMatchObject({ width: 6000, height: 6000 });

    const asItem = await uploadTo(app, ana, item.id, bomb, 'image/gif');
    expect(asItem.statusCode).toBe(400);
    expect(asItem.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { file: 'pictureTooManyPixels' },
    });
    const body = multipart(bomb, 'capa.gif', 'image/gif');
    const asCover = await app.inject({
      method: 'PUT',
      url: `/api/v1/collection/${collection.id}/cover?aspect=square`,
      payload: body.payload,
      headers: { ...body.headers, ...ana.auth },
    });
    expect(asCover.statusCode).toBe(400);
    expect(asCover.json().error.fields).toEqual({ file: 'pictureTooManyPixels' });
    const asPhoto = await putPicture(app, ana, multipart(bomb, 'eu.gif', 'image/gif'), ana);
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().error.fields).toEqual({ file: 'pictureTooManyPixels' });

    // A photo as large as a 24-megapixel camera's still goes through.
    const camera = await solid(6000, 4000).jpeg().toBuffer();
    expect((await uploadTo(app, ana, item.id, camera, 'image/jpeg')).statusCode).toBe(200);
  });

  it('allows each person MEDIA_UPLOADS_PER_MINUTE uploads a minute, then 429 RATE_LIMITED with Retry-After', async () => {
    const app = await ctx.buildApp({ MEDIA_DIR: mediaDir, MEDIA_UPLOADS_PER_MINUTE: '2' });
    const { ana, item } = await scene(app);
    const bia = await signUp(app);
    const file = await solid(40, 40).png().toBuffer();
    expect((await uploadTo(app, ana, item.id, file)).statusCode).toBe(200);
    expect((await putPicture(app, ana, multipart(file, 'eu.png', 'image/png'), ana)).statusCode).toBe(200);
    const third = await uploadTo(app, ana, item.id, file);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else's budget is their own.
    expect((await putPicture(app, bia, multipart(file, 'eu.png', 'image/png'), bia)).statusCode).toBe(200);
  });

  it('decodes at most MEDIA_DECODE_CONCURRENCY pictures at once: the excess gets 429 with Retry-After, never a 5xx', async () => {
    const app = await ctx.buildApp({
      MEDIA_DIR: mediaDir,
      MEDIA_DECODE_CONCURRENCY: '1',
      MEDIA_DECODE_WAIT_SECONDS: '0',
    });
    const people = await Promise.all(Array.from({ length: 6 }, () => scene(app)));
    const file = await solid(2000, 2000).png().toBuffer();
    const answers = await Promise.all(people.map(({ ana, item }) => uploadTo(app, ana, item.id, file)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(codes).toContain(200);
    const busy = answers.filter((a) => a.statusCode === 429);
    expect(busy.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.json().error.code).toBe('RATE_LIMITED');
      expect(Number(a.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
