import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@acervo/contract/errors';
import {
  dismissCollectionParams,
  dismissedResponse,
  dismissPersonParams,
  recommendationSettingsBody,
  recommendationSettingsResponse,
  recommendedCollectionsResponse,
  recommendedQuery,
  suggestedPeopleResponse,
  suggestedQuery,
} from '@acervo/contract/recommendation';
import type { Db } from '../../db/client.ts';
import type { HeavyReads } from '../../lib/heavy-reads.ts';
import { bearerSecurity, signedInUser, signInRequired } from '../../plugins/authentication.ts';
import { perPerson } from '../../plugins/rate-limit.ts';
import {
  getSettings,
  pickedPages,
  recommendCollections,
  setCollectionDismissed,
  setPersonDismissed,
  suggestPeople,
  updateSettings,
} from './recommendation.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const tags = ['recommendations'];
/**
 * Changes of the switches per person an hour: sharing activity turned on or off drops the cached
 * suggestions of everyone who follows the person and marks their newest signals for the job
 * (migration 017), so a switch flipped in a loop would cost the whole audience's recomputing.
 */
export const SETTINGS_CHANGES_PER_HOUR = 30;

export async function recommendationRoutes(
  app: FastifyInstance,
  { db, heavy }: { db: Db; heavy: HeavyReads },
): Promise<void> {
  app.addHook('onRequest', signInRequired);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pages = pickedPages();
  const settingsChanges = perPerson(app, {
    name: 'recommendation-settings',
    max: SETTINGS_CHANGES_PER_HOUR,
    timeWindow: '1 hour',
  });

  r.get(
    '/collection/recommended',
    {
      schema: {
        tags,
        summary:
          'Collections for the caller, each with the reason it was picked (default 10, at most 50; near-tied ones mix categories: each further one from a category already on the page loses 2% of the best score)',
        security: bearerSecurity,
        querystring: recommendedQuery,
        response: { 200: recommendedCollectionsResponse, ...errors },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      // Cards are shared for a moment as a category's first page is, on the same terms.
      const shareCards = app.categoryPages.sharedFor(viewer.id);
      return {
        data: await recommendCollections(db, viewer, request.query.limit, heavy, { pages, shareCards }),
      };
    },
  );

  r.get(
    '/user/suggested',
    {
      schema: {
        tags,
        summary: 'People whose tastes match the caller’s, each with the reason (default 10, at most 50)',
        security: bearerSecurity,
        querystring: suggestedQuery,
        response: { 200: suggestedPeopleResponse, ...errors },
      },
    },
    async (request) => ({
      data: await heavy(() => suggestPeople(db, signedInUser(request), request.query.limit)),
    }),
  );

  for (const [method, dismissed] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    r.route({
      method,
      url: '/collection/:id/not_interested',
      schema: {
        tags,
        summary: dismissed
          ? '"Não tenho interesse": hide a collection from the caller’s suggestions and lower similar ones'
          : 'Undo "Não tenho interesse" on a collection',
        security: bearerSecurity,
        params: dismissCollectionParams,
        response: { 200: dismissedResponse, ...errors },
      },
      handler: async (request) => {
        await setCollectionDismissed(db, request.params.id, signedInUser(request), dismissed);
        return { data: { id: request.params.id, dismissed } };
      },
    });
    r.route({
      method,
      url: '/user/:user_id/not_interested',
      schema: {
        tags,
        summary: dismissed
          ? '"Não tenho interesse": stop suggesting this person to the caller'
          : 'Undo "Não tenho interesse" on a person',
        security: bearerSecurity,
        params: dismissPersonParams,
        response: { 200: dismissedResponse, ...errors },
      },
      handler: async (request) => {
        await setPersonDismissed(db, request.params.user_id, signedInUser(request), dismissed);
        return { data: { id: request.params.user_id, dismissed } };
      },
    });
  }

  r.get(
    '/recommendation/settings',
    {
      schema: {
        tags,
        summary: "The caller's personalisation and activity-sharing switches",
        security: bearerSecurity,
        response: { 200: recommendationSettingsResponse, ...errors },
      },
    },
    async (request) => ({ data: await getSettings(db, signedInUser(request)) }),
  );

  r.put(
    '/recommendation/settings',
    {
      preHandler: settingsChanges,
      schema: {
        tags,
        summary:
          'Turn personalisation off (popularity only) or keep one’s activity out of others’ suggestions (then 429)',
        security: bearerSecurity,
        body: recommendationSettingsBody,
        response: { 200: recommendationSettingsResponse, ...errors, 429: errorBodySchema },
      },
    },
    async (request) => ({ data: await updateSettings(db, signedInUser(request), request.body) }),
  );
}
