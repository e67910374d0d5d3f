import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecommendationSettingsBody } from '@acervo/contract/recommendation';
import { sharedKeys } from '../../../lib/query-keys';
import { recommendationsApi } from '../api/recommendations-api';

/**
 * Under the shared collections and people keys, so a like or a follow made on a suggested card
 * shows on it at once (social patches those caches). Never fresh for long: a liked card leaves
 * the suggestions on the next visit, and the like moves the rest within a minute (decision 081).
 */
const recommendationKeys = {
  collections: (limit: number) => [...sharedKeys.collections, 'recommended', limit] as const,
  allCollections: [...sharedKeys.collections, 'recommended'] as const,
  people: [...sharedKeys.people, 'suggested'] as const,
  settings: ['recommendation-settings'] as const,
};

export function useRecommendedCollections(limit: number) {
  return useQuery({
    queryKey: recommendationKeys.collections(limit),
    queryFn: () => recommendationsApi.collections(limit),
  });
}

export function useSuggestedPeople() {
  return useQuery({ queryKey: recommendationKeys.people, queryFn: recommendationsApi.people });
}

/** "Não tenho interesse": the suggestion leaves every list now, the next ones come from the server. */
export function useDismiss(kind: 'collection' | 'person') {
  const client = useQueryClient();
  const key = kind === 'collection' ? recommendationKeys.allCollections : recommendationKeys.people;
  return useMutation({
    mutationFn: (id: string) =>
      kind === 'collection' ? recommendationsApi.dismissCollection(id) : recommendationsApi.dismissPerson(id),
    onSuccess: (_answer, id) => {
      client.setQueriesData<{ id: string }[]>({ queryKey: key }, (list) => list?.filter((x) => x.id !== id));
      return client.invalidateQueries({ queryKey: key });
    },
  });
}

export function useRecommendationSettings() {
  return useQuery({ queryKey: recommendationKeys.settings, queryFn: recommendationsApi.settings });
}

export function useUpdateRecommendationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecommendationSettingsBody) => recommendationsApi.updateSettings(body),
    onSuccess: (settings) => {
      client.setQueryData(recommendationKeys.settings, settings);
      return Promise.all([
        client.invalidateQueries({ queryKey: recommendationKeys.allCollections }),
        client.invalidateQueries({ queryKey: recommendationKeys.people }),
      ]);
    },
  });
}
