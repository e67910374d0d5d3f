import type { Recap } from '@acervo/contract/recap';
import { api } from '../../../lib/api-client';

const year = (userId: string, y: number) => `/user/${encodeURIComponent(userId)}/recap/${y}`;

export const recapApi = {
  /** `userId`'s year: the owner's always (with its link), anyone else's once shared; 404 otherwise. */
  of: (userId: string, y: number) => api.get<Recap>(year(userId, y)),
  /** The year's public link (the same one every time). */
  share: (userId: string, y: number) => api.put<{ id: string }>(`${year(userId, y)}/share`),
  unshare: (userId: string, y: number) => api.delete<{ shared: false }>(`${year(userId, y)}/share`),
  /** A shared year, for anyone; 404 once it is down. */
  shared: (id: string) => api.get<Recap>(`/recap_shares/${encodeURIComponent(id)}`),
};
