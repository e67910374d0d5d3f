import type { Stats } from '@acervo/contract/stats';
import { api } from '../../../lib/api-client';

export const statsApi = {
  /** One person's taste in figures, from what the signed-in reader may read; 404 when hidden. */
  of: (userId: string) => api.get<Stats>(`/user/${encodeURIComponent(userId)}/stats`),
};
