import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { safetyApi } from '../api/safety-api';

export const safetyKeys = {
  blocked: ['blocked-people'] as const,
  reports: (status: 'open' | 'resolved') => ['admin-reports', status] as const,
  audit: ['admin-audit'] as const,
  terms: ['admin-blocked-terms'] as const,
};

export function useBlockedPeople() {
  return useQuery({ queryKey: safetyKeys.blocked, queryFn: safetyApi.blocked });
}

/**
 * A block or a mute, on or off. A block changes what every list shows (the person and their
 * collections leave it), so everything reloads; a mute changes the feeds and the profile.
 * `onBlocked` runs once a block is made, before any of that: see below.
 */
export function useSetRelation({ onBlocked }: { onBlocked?: () => unknown } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, kind, on }: { userId: string; kind: 'block' | 'mute'; on: boolean }) =>
      safetyApi.setRelation(userId, kind, on),
    onSuccess: async (_state, { userId, kind, on }) => {
      // Blocking from their profile leads away from it first. Forgotten while the profile was still
      // open, the person was asked for again, refused (404), and the page went to the feed instead.
      if (kind === 'block' && on) await onBlocked?.();
      await Promise.all([
        client.invalidateQueries({ queryKey: safetyKeys.blocked }),
        client.invalidateQueries({ queryKey: sharedKeys.collections }),
        client.invalidateQueries({ queryKey: sharedKeys.people }),
        client.invalidateQueries({ queryKey: sharedKeys.timeline }),
        kind === 'mute' ? client.invalidateQueries({ queryKey: sharedKeys.user(userId) }) : null,
      ]);
      if (kind === 'block') client.removeQueries({ queryKey: sharedKeys.user(userId) });
    },
  });
}
