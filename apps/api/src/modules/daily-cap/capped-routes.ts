import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import type { Config } from '../../env.ts';
import { signInRequired } from '../../plugins/authentication.ts';
import { dailyCapCharger } from './daily-cap.service.ts';

/** The errors a capped social route may answer, for its OpenAPI description. */
export const CAPPED_ERRORS = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  429: errorBodySchema,
};

/** A relation is turned on with PUT and off with DELETE on the same path. */
export const ON_OFF = [
  ['PUT', true],
  ['DELETE', false],
] as const;

/**
 * How each social route module (likes, follows, saves, collaborators) starts: its routes are
 * for signed-in users only (401 before any validation or lookup), typed by the contract's zod
 * schemas, and charge their actions to the daily caps.
 */
export function cappedRoutes(app: FastifyInstance, config: Config) {
  app.addHook('onRequest', signInRequired);
  return { r: app.withTypeProvider<ZodTypeProvider>(), charge: dailyCapCharger(config) };
}
