import * as z from 'zod/mini';
import { envelope, idSchema } from './common.ts';
import { collectionSchema, limitParam } from './collection.ts';
import { userProfileSchema } from './user.ts';
import { issue } from './validation.ts';

/**
 * Recommendations (issue 11), all under /api/v1 and for signed-in users:
 *
 *   GET /collection/recommended?limit=            -> recommendedCollectionsResponse
 *   PUT|DELETE /collection/{id}/not_interested    -> dismissedResponse ("Não tenho interesse")
 *   GET /user/suggested?limit=                    -> suggestedPeopleResponse
 *   PUT|DELETE /user/{user_id}/not_interested     -> dismissedResponse
 *   GET|PUT /recommendation/settings              -> recommendationSettingsResponse
 *
 * Every suggestion carries a `reason`: a code and its parameters, phrased by the web in pt and en.
 */

/** Which of the viewer's own signals a "because you ..." reason points at. */
export const SEED_SIGNALS = ['like', 'follow', 'save', 'collaborate'] as const;
export type SeedSignal = (typeof SEED_SIGNALS)[number];

const namedCollection = { collection_id: idSchema, collection_name: z.string() };

export const collectionReasonSchema = z.discriminatedUnion('code', [
  /** People who liked (followed, saved) a collection of the viewer's also liked this one. */
  z.object({
    code: z.literal('because_you'),
    params: z.object({ ...namedCollection, signal: z.enum(SEED_SIGNALS) }),
  }),
  /** Its words (name, description, items) resemble a collection the viewer liked or follows. */
  z.object({ code: z.literal('similar_to'), params: z.object(namedCollection) }),
  /** `count` people the viewer follows liked it. */
  z.object({ code: z.literal('followed_liked'), params: z.object({ count: z.int().check(z.gte(1)) }) }),
  /** It holds an item the viewer rated 4 or more in a collection of their own. */
  z.object({
    code: z.literal('rated_item'),
    params: z.object({ item_name: z.string(), rating: z.number() }),
  }),
  /** Popular in a category the viewer's likes and follows lean to. */
  z.object({ code: z.literal('popular_in_category'), params: z.object({ category_name: z.string() }) }),
  /** Cold start, or personalisation turned off. */
  z.object({ code: z.literal('popular'), params: z.object({}) }),
]);
export type CollectionReason = z.infer<typeof collectionReasonSchema>;

export const recommendedCollectionSchema = z.extend(collectionSchema, { reason: collectionReasonSchema });
export type RecommendedCollection = z.infer<typeof recommendedCollectionSchema>;
export const recommendedQuery = z.object({ limit: limitParam(10) });
export const recommendedCollectionsResponse = envelope(z.array(recommendedCollectionSchema));

export const personReasonSchema = z.discriminatedUnion('code', [
  /**
   * Both rated the same items alike (by item name). `rating` is the rating both gave every listed
   * item when it is one value ("vocês deram 4,5 para ..."), null otherwise.
   */
  z.object({
    code: z.literal('rated_alike'),
    params: z.object({ items: z.array(z.string()).check(z.minLength(1)), rating: z.nullable(z.number()) }),
  }),
  /** Both like or follow `count` collections; `category_name` when they all share one category. */
  z.object({
    code: z.literal('shared_collections'),
    params: z.object({ count: z.int().check(z.gte(1)), category_name: z.nullable(z.string()) }),
  }),
  /** Both follow `count` of the same people. */
  z.object({ code: z.literal('shared_follows'), params: z.object({ count: z.int().check(z.gte(1)) }) }),
  z.object({ code: z.literal('popular'), params: z.object({}) }),
]);
export type PersonReason = z.infer<typeof personReasonSchema>;

export const suggestedPersonSchema = z.extend(userProfileSchema, { reason: personReasonSchema });
export type SuggestedPerson = z.infer<typeof suggestedPersonSchema>;
export const suggestedQuery = z.object({ limit: limitParam(10) });
export const suggestedPeopleResponse = envelope(z.array(suggestedPersonSchema));

export const dismissCollectionParams = z.object({ id: idSchema });
export const dismissPersonParams = z.object({ user_id: idSchema });
export const dismissedResponse = envelope(z.object({ id: idSchema, dismissed: z.boolean() }));

/**
 * `personalize`: false shows popularity only. `share_activity`: false keeps the person's likes,
 * follows, saves and ratings out of everyone else's recommendations, and all their activity off
 * everyone else's "Seguindo" and off their profile's activity for others (LGPD opt-out).
 */
export const recommendationSettingsSchema = z.object({
  personalize: z.boolean({ error: issue.invalid }),
  share_activity: z.boolean({ error: issue.invalid }),
});
export type RecommendationSettings = z.infer<typeof recommendationSettingsSchema>;
export const recommendationSettingsBody = z.partial(recommendationSettingsSchema);
export type RecommendationSettingsBody = z.input<typeof recommendationSettingsBody>;
export const recommendationSettingsResponse = envelope(recommendationSettingsSchema);
