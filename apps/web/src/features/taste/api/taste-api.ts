import type { TasteAnswer, TasteShare } from '@acervo/contract/taste';
import { api } from '../../../lib/api-client';

const person = (userId: string) => `/user/${encodeURIComponent(userId)}/taste`;

export const tasteApi = {
  /** The signed-in person's ratings compared with `userId`'s, and their link of it; 404 when hidden. */
  with: (userId: string) => api.get<TasteAnswer>(person(userId)),
  /** A public link to that match (the same one every time); 409 TASTE_NOT_SHAREABLE. */
  share: (userId: string) => api.put<{ id: string }>(`${person(userId)}/share`),
  unshare: (userId: string) => api.delete<{ shared: false }>(`${person(userId)}/share`),
  /** A shared match, for anyone; 404 once it is down. */
  shared: (id: string) => api.get<TasteShare>(`/taste_shares/${encodeURIComponent(id)}`),
};
