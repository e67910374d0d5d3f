import type {
  RecommendationSettings,
  RecommendationSettingsBody,
  RecommendedCollection,
  SuggestedPerson,
} from '@acervo/contract/recommendation';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

export const recommendationsApi = {
  collections: (limit: number) => api.get<RecommendedCollection[]>(`/collection/recommended?limit=${limit}`),
  people: () => api.get<SuggestedPerson[]>('/user/suggested'),
  dismissCollection: (id: string) =>
    api.put<{ id: string; dismissed: boolean }>(`/collection/${enc(id)}/not_interested`),
  dismissPerson: (id: string) =>
    api.put<{ id: string; dismissed: boolean }>(`/user/${enc(id)}/not_interested`),
  settings: () => api.get<RecommendationSettings>('/recommendation/settings'),
  updateSettings: (body: RecommendationSettingsBody) =>
    api.put<RecommendationSettings>('/recommendation/settings', body),
};
