import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListResponse } from '@acervo/contract/category';
import type { Db } from '../../db/client.ts';
import { listCategories } from './category.service.ts';

export async function categoryRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/category',
    {
      schema: {
        tags: ['categories'],
        summary: 'All categories, sorted by name in pt-BR order',
        response: { 200: categoryListResponse },
      },
    },
    async () => ({ data: await listCategories(db) }),
  );
}
