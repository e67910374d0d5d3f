import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { statsApi } from '../api/stats-api';

const notRetriedOn404 = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status === 404) && failures < 1;

/**
 * "Estatísticas" of `userId` (issue 28). A 404 means hidden (a block, a private profile, or the
 * person opted out of sharing activity): not retried, and the page says it is not found.
 */
export const useStats = (userId: string) =>
  useQuery({
    queryKey: [...sharedKeys.user(userId), 'stats'],
    queryFn: () => statsApi.of(userId),
    retry: notRetriedOn404,
    staleTime: 60_000,
  });
