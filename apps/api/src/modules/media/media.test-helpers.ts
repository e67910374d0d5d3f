import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Session } from '../collection/collection.test-helpers.ts';

/** A multipart body with one file part, as a browser's FormData would send it. */
export function multipart(content: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----acervo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `PUT /api/v1/user/{to}/picture` with `body`, signed in as `who` (anonymous without). */
export function putPicture(
  app: FastifyInstance,
  to: Session,
  body: ReturnType<typeof multipart>,
  who?: Session,
) {
  return app.inject({
    method: 'PUT',
    url: `/api/v1/user/${to.user_id}/picture`,
    payload: body.payload,
    headers: { ...body.headers, ...who?.auth },
  });
}

/** `PUT /api/v1/collection_items/{item}/image` with `file`, signed in as `who`. */
export function putItemImage(
  app: FastifyInstance,
  who: Session,
  itemId: string,
  file: Buffer,
  { aspect = 'poster', type = 'image/png', filename = 'foto.png' } = {},
) {
  const body = multipart(file, filename, type);
  return app.inject({
    method: 'PUT',
    url: `/api/v1/collection_items/${itemId}/image?aspect=${aspect}`,
    payload: body.payload,
    headers: { ...body.headers, ...who.auth },
  });
}

export const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } });

/** `DELETE /api/v1/user/{to}/picture` as `who`. */
export const deletePicture = (app: FastifyInstance, who: Session, to: Session = who) =>
  app.inject({ method: 'DELETE', url: `/api/v1/user/${to.user_id}/picture`, headers: who.auth });
