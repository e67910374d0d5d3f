import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '@acervo/contract/config';
import type { Config } from '../../env.ts';
import { publicConfig } from './config.service.ts';

export async function configRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  // Computed once: it depends on the environment only, which does not change while running.
  const body = { data: publicConfig(config) };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary: "This deployment's public settings: remote flags, captcha, Google, analytics, contact",
        response: { 200: publicConfigResponse },
      },
    },
    async (_request, reply) => {
      // The web reads it at most every 5 s (spec section 7); a short shared cache is enough.
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
}
