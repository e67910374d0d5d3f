import type { Taste } from '@acervo/contract/taste';
import { api } from '../../../lib/api-client';

export const tasteApi = {
  /** The signed-in person's ratings compared with `userId`'s; 404 when hidden. */
  with: (userId: string) => api.get<Taste>(`/user/${encodeURIComponent(userId)}/taste`),
};
