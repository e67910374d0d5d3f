import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { collectionParams, collectionResponse } from '@acervo/contract/collection';
import { collectionItemParams, collectionItemResponse } from '@acervo/contract/collection-item';
import { errorBodySchema } from '@acervo/contract/errors';
import { idempotencyHeaders } from '@acervo/contract/idempotency';
import { collectionSaveBody, itemSaveBody } from '@acervo/contract/social';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { bearerSecurity, signedInUser } from '../../plugins/authentication.ts';
import { pointsBudget } from '../../plugins/rate-limit.ts';
import { CAPPED_ERRORS, cappedRoutes } from '../daily-cap/capped-routes.ts';
import { respondOnce } from '../idempotency/idempotency.service.ts';
import { saveCollection, saveItem } from './save.service.ts';

const tags = ['social'];

export async function saveRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
): Promise<void> {
  const { r, charge } = cappedRoutes(app, config);
  // Copied items count against an item budget of their own (issue 23: 100 saves of a 1,000-item
  // collection wrote 100,000 items past ITEM_WRITES_PER_MINUTE).
  const copiedItems = pointsBudget(db, {
    name: 'items-copied',
    max: config.ITEMS_COPIED_PER_HOUR,
    seconds: 60 * 60,
  });

  r.post(
    '/collection/:id/save',
    {
      schema: {
        tags,
        summary:
          'Save a copy of a collection the caller may read into their own collections (private by default; daily cap)',
        security: bearerSecurity,
        params: collectionParams,
        headers: idempotencyHeaders,
        // A bare POST (no body) saves with the defaults.
        body: z.nullish(collectionSaveBody),
        response: { 201: collectionResponse, ...CAPPED_ERRORS, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const options = request.body ?? collectionSaveBody.parse({});
      const chargeItems = (count: number) => copiedItems(reply, user.id, count);
      // Each save makes a new copy: a retried save is the one write that is not idempotent by itself.
      return respondOnce(db, request, reply, async (tx) => ({
        status: 201,
        body: { data: await saveCollection(tx, request.params.id, user, options, charge, chargeItems) },
      }));
    },
  );

  r.post(
    '/collection_items/:item/save',
    {
      schema: {
        tags,
        summary: 'Copy an item the caller may read, last, into a collection they own or edit (daily cap)',
        security: bearerSecurity,
        params: collectionItemParams,
        headers: idempotencyHeaders,
        body: itemSaveBody,
        response: { 201: collectionItemResponse, ...CAPPED_ERRORS, 422: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const chargeItems = (count: number) => copiedItems(reply, user.id, count);
      return respondOnce(db, request, reply, async (tx) => ({
        status: 201,
        body: {
          data: await saveItem(
            tx,
            request.params.item,
            user,
            request.body.collection_id,
            charge,
            chargeItems,
          ),
        },
      }));
    },
  );
}
