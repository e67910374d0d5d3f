import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import { healthResponse } from '@acervo/contract/health';
import type { Db } from '../../db/client.ts';

/**
 * Readiness for a load balancer or a probe: 200 when this node can reach its database, and the
 * same 503 DATABASE_UNAVAILABLE (with Retry-After) every other route gives during an outage.
 */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether this node can serve: 200 when its database answers, else 503',
        response: { 200: healthResponse, 503: errorBodySchema },
      },
    },
    async (_request, reply) => {
      await db.query('SELECT 1', [], 'health_probe');
      reply.header('cache-control', 'no-store');
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );
}
