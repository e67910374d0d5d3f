import type { TimelinePage } from '@acervo/contract/timeline';
import { api } from '../../../lib/api-client';

export const timelineApi = {
  /** "Seguindo": newest first, bursts grouped; pass `next_cursor` back for the next page. */
  following: (cursor?: string | null) => api.page<TimelinePage>('/timeline', cursor),
  /** A person's public activity, for their profile. */
  ofPerson: (userId: string, cursor?: string | null) =>
    api.page<TimelinePage>(`/user/${encodeURIComponent(userId)}/activity`, cursor),
};
