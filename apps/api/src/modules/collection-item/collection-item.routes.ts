import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  collectionItemCreateBody,
  collectionItemDeletedResponse,
  collectionItemParams,
  collectionItemResponse,
  collectionItemUpdateBody,
} from '@acervo/contract/collection-item';
import { collectionParams, collectionResponse } from '@acervo/contract/collection';
import { errorBodySchema } from '@acervo/contract/errors';
import { itemOrderBody, orderConflictBodySchema } from '@acervo/contract/social';
import { SOCIAL_MESSAGES } from '@acervo/contract/social-messages';
import type { Db } from '../../db/client.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { getCollection } from '../collection/collection.service.ts';
import { createItem, deleteItem, getItem, reorderItems, updateItem } from './collection-item.service.ts';

const readErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...readErrors, 403: errorBodySchema };
const tags = ['collection items'];

export async function collectionItemRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // Items are read and written only by signed-in users: 401 before any validation or lookup.
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/collection_items',
    {
      schema: {
        tags,
        summary: 'Add an item at the end of a collection (collection owner only)',
        security: bearerSecurity,
        body: collectionItemCreateBody,
        response: { 201: collectionItemResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return reply.status(201).send({ data: await createItem(db, user, request.body) });
    },
  );

  r.get(
    '/collection_items/:item',
    {
      schema: {
        tags,
        summary: 'One item (visible when its collection is)',
        security: bearerSecurity,
        params: collectionItemParams,
        response: { 200: collectionItemResponse, ...readErrors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return { data: await getItem(db, request.params.item, user) };
    },
  );

  r.put(
    '/collection_items/:item',
    {
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
      const deleted = await deleteItem(db, request.params.item, user);
      return { data: { ...deleted, deleted: true as const } };
    },
  );

  r.put(
    '/collection/:id/items/order',
    {
      schema: {
        tags,
        summary:
          "Put a collection's items in a new order (owner or editor); 409 ORDER_CONFLICT with the current order when the list is not exactly its items",
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
