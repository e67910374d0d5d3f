import type { DigestFrequency, DigestSettings } from '@acervo/contract/digest';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

export const digestApi = {
  settings: (userId: string) => api.get<DigestSettings>(`/user/${enc(userId)}/digest`),
  update: (userId: string, digest: DigestFrequency) =>
    api.put<DigestSettings>(`/user/${enc(userId)}/digest`, { digest }),
  /** The confirm page's button: the token of the mail's link is the only credential. */
  unsubscribe: (token: string) => api.post<{ digest: 'off' }>(`/digest/unsubscribe?token=${enc(token)}`),
};
