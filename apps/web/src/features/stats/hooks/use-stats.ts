import { useQuery } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { statsApi } from '../api/stats-api';

/**
 * "Estatísticas" of `userId` (issue 28). A 404 means hidden (a block, a private profile, or the
 * person opted out of sharing activity): the page says it is not found.
 */
export const useStats = (userId: string) =>
  useQuery({
    queryKey: [...sharedKeys.user(userId), 'stats'],
    queryFn: () => statsApi.of(userId),
    staleTime: 60_000,
  });
