import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  byCategoryParams,
  byCategoryQuery,
  byFollowersQuery,
  byUserParams,
  byUserQuery,
  collectionCreateBody,
  collectionDeletedResponse,
  collectionListResponse,
  collectionPageResponse,
  collectionParams,
  collectionResponse,
  collectionUpdateBody,
} from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import { idempotencyHeaders } from '@acervo/contract/idempotency';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { dailyCapCharger } from '../daily-cap/daily-cap.service.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { respondOnce } from '../idempotency/idempotency.service.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPersonPerMinute } from '../../plugins/rate-limit.ts';
import {
  createCollection,
  deleteCollection,
  forViewer,
  getCollection,
  listByCategory,
  listByFollowers,
  listByUser,
  updateCollection,
} from './collection.service.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 403: errorBodySchema, 429: errorBodySchema };
const tags = ['collections'];

export async function collectionRoutes(
  app: FastifyInstance,
  { db, storage, config }: { db: Db; storage: MediaStorage; config: Config },
): Promise<void> {
  // Every collection route but the public read needs a signed-in user: 401 comes before any
  // validation or lookup.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const charge = dailyCapCharger(config);
  // Each change marks the collection for the recommendation job and drops cached figures.
  const writes = perPersonPerMinute(app, config.COLLECTION_WRITES_PER_MINUTE, 'collection-writes');

  r.post(
    '/collection',
    {
      schema: {
        tags,
        summary: 'Create a collection owned by the caller (daily cap)',
        security: bearerSecurity,
        headers: idempotencyHeaders,
        body: collectionCreateBody,
        response: { 201: collectionResponse, ...readErrors, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      // Charged after the insert in its transaction: over the cap, 429 rolls the collection back.
      return respondOnce(db, request, reply, (write) =>
        write.transaction(async (tx) => {
          const collection = await createCollection(tx, user, request.body);
          await charge(tx, user, 'collection');
          return { status: 201, body: { data: collection } };
        }),
      );
    },
  );

  // Static segments first in the docs; the router matches them before `/:id` anyway.
  r.get(
    '/collection/by_user/:user_id',
    {
      schema: {
        tags,
        summary:
          "A user's collections, newest first (private ones only for their owner and the collection's collaborators)",
        security: bearerSecurity,
        params: byUserParams,
        querystring: byUserQuery,
        response: { 200: collectionPageResponse, ...readErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return listByUser(db, request.params.user_id, user, request.query);
    },
  );

  r.get(
    '/collection/by_followers',
    {
      schema: {
        tags,
        summary: 'The most followed public collections (default 5, at most 50)',
        security: bearerSecurity,
        querystring: byFollowersQuery,
        response: { 200: collectionListResponse, ...readErrors },
      },
    },
    async (request) => ({ data: await listByFollowers(db, signedInUser(request), request.query.limit) }),
  );

  r.get(
    '/collection/by_category/:category_id',
    {
      schema: {
        tags,
        summary: "A category's public collections, newest or most popular first, paginated",
        security: bearerSecurity,
        params: byCategoryParams,
        querystring: byCategoryQuery,
        response: { 200: collectionPageResponse, ...readErrors },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      const { category_id: categoryId } = request.params;
      const pages = app.categoryPages;
      // Later pages, and anyone who has just written, read the database itself.
      if (request.query.cursor || !pages.sharedFor(viewer.id)) {
        return listByCategory(db, categoryId, viewer, request.query);
      }
      const { sort, limit } = request.query;
      const shared = await pages.get(`${categoryId}:${sort}:${limit}`, () =>
        listByCategory(db, categoryId, null, request.query),
      );
      return forViewer(db, shared, viewer);
    },
  );

  r.get(
    '/collection/:id',
    {
      // Issue 12: a public collection opens from a shared link without an account.
      config: { anonymous: true },
      schema: {
        tags,
        summary: 'A collection with all its items (public ones also without a token)',
        security: [...bearerSecurity, {}],
        params: collectionParams,
        response: { 200: collectionResponse, ...readErrors },
      },
    },
    async (request) => ({ data: await getCollection(db, request.params.id, request.user) }),
  );

  r.put(
    '/collection/:id',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Update a collection (owner only)',
        security: bearerSecurity,
        params: collectionParams,
        body: collectionUpdateBody,
        response: { 200: collectionResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await updateCollection(db, request.params.id, user, request.body) };
    },
  );

  r.delete(
    '/collection/:id',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Delete a collection and its items (owner only)',
        security: bearerSecurity,
        params: collectionParams,
        response: { 200: collectionDeletedResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await deleteCollection(db, storage, request.params.id, user);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );
}
