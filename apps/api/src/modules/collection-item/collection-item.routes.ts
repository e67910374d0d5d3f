import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  collectionItemCreateBody,
  collectionItemDeletedResponse,
  collectionItemDetailResponse,
  collectionItemParams,
  collectionItemResponse,
  collectionItemUpdateBody,
} from '@acervo/contract/collection-item';
import {
  collectionItemsPageResponse,
  collectionItemsQuery,
  collectionParams,
  collectionResponse,
} from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import { idempotencyHeaders } from '@acervo/contract/idempotency';
import { itemOrderBody, orderConflictBodySchema } from '@acervo/contract/social';
import { SOCIAL_MESSAGES } from '@acervo/contract/social-messages';
import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import type { Config } from '../../env.ts';
import { respondOnce } from '../idempotency/idempotency.service.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPersonPerMinute } from '../../plugins/rate-limit.ts';
import { getCollection } from '../collection/collection.service.ts';
import {
  createItem,
  deleteItem,
  getItemDetail,
  listItems,
  reorderItems,
  updateItem,
} from './collection-item.service.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 403: errorBodySchema, 429: errorBodySchema };
const tags = ['collection items'];

export async function collectionItemRoutes(
  app: FastifyInstance,
  { db, storage, config }: { db: Db; storage: MediaStorage; config: Config },
): Promise<void> {
  // Items are written only by signed-in users: 401 before any validation or lookup. The items of
  // a public collection are read by anyone (issue 12).
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every item write counts against one per-person budget (300 items in a second, issue 14).
  const writes = perPersonPerMinute(app, config.ITEM_WRITES_PER_MINUTE, 'item-writes');

  r.post(
    '/collection_items',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Add an item at the end of a collection (collection owner only)',
        security: bearerSecurity,
        headers: idempotencyHeaders,
        body: collectionItemCreateBody,
        response: { 201: collectionItemResponse, ...writeErrors, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return respondOnce(db, request, reply, async (tx) => ({
        status: 201,
        body: { data: await createItem(tx, user, request.body) },
      }));
    },
  );

  r.get(
    '/collection/:id/items',
    {
      config: { anonymous: true },
      schema: {
        tags,
        summary:
          "A collection's items after `cursor` (its `items_next_cursor`), a page at a time, in their order (public ones also without a token)",
        security: [...bearerSecurity, {}],
        params: collectionParams,
        querystring: collectionItemsQuery,
        response: { 200: collectionItemsPageResponse, ...readErrors },
      },
    },
    async (request) => listItems(db, request.params.id, request.user, request.query.cursor),
  );

  r.get(
    '/collection_items/:item',
    {
      config: { anonymous: true },
      schema: {
        tags,
        summary:
          'One item (visible when its collection is; public ones also without a token), with where else its work appears (`also_in`) and its ratings across Acervo',
        security: [...bearerSecurity, {}],
        params: collectionItemParams,
        response: { 200: collectionItemDetailResponse, ...readErrors },
      },
    },
    async (request) => ({ data: await getItemDetail(db, request.params.item, request.user) }),
  );

  r.put(
    '/collection_items/:item',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Update an item (collection owner only)',
        security: bearerSecurity,
        params: collectionItemParams,
        body: collectionItemUpdateBody,
        response: { 200: collectionItemResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await updateItem(db, request.params.item, user, request.body) };
    },
  );

  r.delete(
    '/collection_items/:item',
    {
      preHandler: writes,
      schema: {
        tags,
        summary: 'Delete an item (collection owner only)',
        security: bearerSecurity,
        params: collectionItemParams,
        response: { 200: collectionItemDeletedResponse, ...writeErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const deleted = await deleteItem(db, storage, request.params.item, user);
      return { data: { ...deleted, deleted: true as const } };
    },
  );

  r.put(
    '/collection/:id/items/order',
    {
      preHandler: writes,
      schema: {
        tags,
        summary:
          "Put a collection's items in a new order (owner or editor); 409 ORDER_CONFLICT with the current order when the list is not exactly the items the caller is shown (an editor is not shown those an operator hid: they keep their places)",
        security: bearerSecurity,
        params: collectionParams,
        body: itemOrderBody,
        response: { 200: collectionResponse, ...writeErrors, 409: orderConflictBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { id } = request.params;
      const { item_ids, previous_item_ids } = request.body;
      const result = await reorderItems(db, id, user, item_ids, previous_item_ids);
      if (!result.applied) {
        return reply.status(409).send({
          error: {
            code: 'ORDER_CONFLICT' as const,
            message: SOCIAL_MESSAGES.orderConflict,
            current: result.current,
          },
        });
      }
      return { data: await getCollection(db, id, user) };
    },
  );
}
