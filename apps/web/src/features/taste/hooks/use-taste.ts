import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';
import { tasteApi } from '../api/taste-api';

/**
 * Taste in common with `userId`. A 404 means hidden (a block, or either person opted out of
 * sharing activity): not retried, and the card shows nothing.
 */
export const useTaste = (userId: string) =>
  useQuery({
    queryKey: [...sharedKeys.user(userId), 'taste'],
    queryFn: () => tasteApi.with(userId),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
    staleTime: 60_000,
  });
