import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { collectionParams, collectionResponse } from '@acervo/contract/collection';
import { collectionItemParams, collectionItemResponse } from '@acervo/contract/collection-item';
import { errorBodySchema } from '@acervo/contract/errors';
import { coverFromItemBody, imageUploadQuery } from '@acervo/contract/image';
import { issue } from '@acervo/contract/validation';
import type { Db } from '../../db/client.ts';
import { validationFailed } from '../../lib/app-error.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { signedUrlLifetime } from './image-urls.ts';
import { isPublicImage, readImage } from './image.service.ts';
import { acceptOneFile, readUploadedFile, refuseDeclaredTooLarge } from './media.routes.ts';
import type { MediaStorage } from './media.storage.ts';
import type { PictureUploads } from './picture-uploads.ts';
import {
  assertCoverEditable,
  assertItemEditable,
  coverFromItem,
  removeCover,
  removeItemImage,
  setItemImage,
  uploadCover,
} from './picture.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const uploadErrors = { ...errors, 413: errorBodySchema, 415: errorBodySchema, 429: errorBodySchema };
const UPLOAD = 'JPEG, PNG, GIF or WebP up to 4 MB, cropped to `aspect` (poster 2:3 or square 1:1)';

/** Pictures of items and collection covers: `PUT` (upload) and `DELETE`. */
export async function imageRoutes(
  app: FastifyInstance,
  { db, storage, uploads }: { db: Db; storage: MediaStorage; uploads: PictureUploads },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  await acceptOneFile(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/collection_items/:item/image',
    {
      schema: {
        tags: ['collection items'],
        summary: `Set an item's picture (owner or editor; multipart, one file field named "file"; ${UPLOAD})`,
        security: bearerSecurity,
        params: collectionItemParams,
        querystring: imageUploadQuery,
        consumes: ['multipart/form-data'],
        response: { 200: collectionItemResponse, ...uploadErrors },
      },
      onRequest: refuseDeclaredTooLarge,
      preHandler: uploads.perPerson,
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await assertItemEditable(db, request.params.item, user);
      const data = await readUploadedFile(request);
      const item = await uploads.decode(reply, data, () =>
        setItemImage(db, storage, request.params.item, user, data, request.query.aspect),
      );
      return { data: item };
    },
  );

  r.delete(
    '/collection_items/:item/image',
    {
      schema: {
        tags: ['collection items'],
        summary: "Remove an item's picture (owner or editor)",
        security: bearerSecurity,
        params: collectionItemParams,
        response: { 200: collectionItemResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await removeItemImage(db, storage, request.params.item, user) };
    },
  );

  r.put(
    '/collection/:id/cover',
    {
      schema: {
        tags: ['collections'],
        summary: `Set a collection's cover (owner): JSON {item_id} for one of its items' pictures, or multipart with a file (${UPLOAD})`,
        security: bearerSecurity,
        params: collectionParams,
        querystring: imageUploadQuery,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: collectionResponse, ...uploadErrors },
      },
      onRequest: refuseDeclaredTooLarge,
      // Only an upload counts; choosing an item's picture decodes nothing.
      preHandler: async (request, reply) => {
        if (request.isMultipart()) await uploads.perPerson(request, reply);
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { id } = request.params;
      await assertCoverEditable(db, id, user);
      if (request.isMultipart()) {
        const data = await readUploadedFile(request);
        const cover = await uploads.decode(reply, data, () =>
          uploadCover(db, storage, id, user, data, request.query.aspect),
        );
        return { data: cover };
      }
      const body = coverFromItemBody.safeParse(request.body);
      if (!body.success) throw validationFailed({ item_id: issue.invalid });
      return { data: await coverFromItem(db, storage, id, user, body.data.item_id) };
    },
  );

  r.delete(
    '/collection/:id/cover',
    {
      schema: {
        tags: ['collections'],
        summary: "Remove a collection's cover (owner); cards show its items' pictures again",
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: collectionResponse, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await removeCover(db, storage, request.params.id, user) };
    },
  );
}

/**
 * `GET /media/i/{name}`: pictures. A signed URL (private collections) is served until it expires,
 * cached privately that long; an unsigned one only while a public collection shows the picture,
 * cached for a year (names are random and never reused). Anything else is a 404, as if absent.
 */
export async function imageFileRoutes(
  app: FastifyInstance,
  { db, storage }: { db: Db; storage: MediaStorage },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/media/i/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().check(z.maxLength(64)) }),
        querystring: z.object({
          e: z.optional(z.string().check(z.maxLength(16))),
          s: z.optional(z.string().check(z.maxLength(64))),
        }),
      },
    },
    async (request, reply) => {
      const { e, s } = request.query;
      let cacheControl = 'public, max-age=31536000, immutable';
      const file = await readImage(storage, request.params.name, async (id) => {
        if (e === undefined && s === undefined) return isPublicImage(db, id);
        const lifetime = signedUrlLifetime(id, e, s);
        cacheControl = `private, max-age=${lifetime ?? 0}`;
        return lifetime !== null;
      });
      if (!file) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
      }
      return reply
        .type(file.type)
        .header('cache-control', cacheControl)
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
