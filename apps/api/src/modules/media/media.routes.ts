import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { PICTURE_MAX_BYTES } from '@acervo/contract/account';
import { errorBodySchema } from '@acervo/contract/errors';
import { userAccountResponse, userParams } from '@acervo/contract/user';
import type { Db } from '../../db/client.ts';
import { AppError, validationFailed } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { assertOwnAccount } from '../user/user.service.ts';
import { readMedia, removePicture, setPicture } from './media.service.ts';
import type { PictureUploads } from './picture-uploads.ts';
import type { MediaStorage } from './media.storage.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const tags = ['users'];
/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_OVERHEAD = 16 * 1024;

const payloadTooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'A foto pode ter no máximo 4 MB.');

/**
 * Multipart for the routes of the calling plugin only: one file part of at most 4 MB, no other
 * fields. Profile photos, item pictures and covers share it, so they share limits and errors.
 */
export async function acceptOneFile(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PICTURE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
}

/** `onRequest`: a declared length past the limit is refused before a byte of the body is read. */
export async function refuseDeclaredTooLarge(request: FastifyRequest): Promise<void> {
  if (Number(request.headers['content-length']) > PICTURE_MAX_BYTES + MULTIPART_OVERHEAD) {
    throw payloadTooLarge();
  }
}

/** The bytes of the part named `file`; call it after checking who may upload. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file();
  if (!part || part.fieldname !== 'file') throw validationFailed({ file: 'pictureRequired' });
  // Past the limit this throws (413) and the rest of the stream is discarded, never kept.
  return part.toBuffer();
}

/** `PUT` and `DELETE /api/v1/user/{id}/picture`: the person's own profile photo. */
export async function pictureRoutes(
  app: FastifyInstance,
  { db, storage, uploads }: { db: Db; storage: MediaStorage; uploads: PictureUploads },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  await acceptOneFile(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/user/:user_id/picture',
    {
      schema: {
        tags,
        summary:
          'Upload the caller\'s photo (multipart, one file field named "file"; JPEG, PNG, GIF or WebP up to 4 MB)',
        security: bearerSecurity,
        params: userParams,
        consumes: ['multipart/form-data'],
        response: {
          200: userAccountResponse,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
          ...errors,
        },
      },
      onRequest: refuseDeclaredTooLarge,
      preHandler: uploads.perPerson,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await assertOwnAccount(db, request.params.user_id, user);
      const data = await readUploadedFile(request);
      const account = await uploads.decode(reply, data, () =>
        setPicture(db, storage, request.params.user_id, user, data),
      );
      return { data: account };
    },
  );

  r.delete(
    '/user/:user_id/picture',
    {
      schema: {
        tags,
        summary: "Remove the caller's photo (its URLs stop being served)",
        security: bearerSecurity,
        params: userParams,
        response: { 200: userAccountResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await removePicture(db, storage, request.params.user_id, user) };
    },
  );
}

/**
 * `GET /media/{name}`: photos from our own origin. Names are unguessable and change with every
 * upload, so a year-long immutable cache is safe; nosniff keeps a browser from reading anything but
 * an image out of them.
 */
export async function mediaFileRoutes(app: FastifyInstance, { storage }: { storage: MediaStorage }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/media/:name',
      { schema: { hide: true, params: z.object({ name: z.string().check(z.maxLength(64)) }) } },
      async (request, reply) => {
        const file = await readMedia(storage, request.params.name);
        if (!file) {
          return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
        }
        return reply
          .type('image/webp')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(file);
      },
    );
}
