import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Recap } from '@acervo/contract/recap';
import { sharedKeys } from '../../../lib/query-keys';
import { recapApi } from '../api/recap-api';

const recapKey = (userId: string, year: number) => [...sharedKeys.user(userId), 'recap', year];

/** `userId`'s year (issue 28). A 404 means not shared (or hidden). */
export const useRecap = (userId: string, year: number) =>
  useQuery({
    queryKey: recapKey(userId, year),
    queryFn: () => recapApi.of(userId, year),
    staleTime: 60_000,
  });

/** The owner's share switch: the page shows the link (or its absence) at once. */
export function useRecapShare(userId: string, year: number) {
  const queryClient = useQueryClient();
  const setShareId = (share_id: string | null) =>
    queryClient.setQueryData<Recap>(recapKey(userId, year), (recap) => recap && { ...recap, share_id });
  return {
    share: useMutation({
      mutationFn: () => recapApi.share(userId, year),
      onSuccess: (link) => setShareId(link.id),
    }),
    unshare: useMutation({
      mutationFn: () => recapApi.unshare(userId, year),
      onSuccess: () => setShareId(null),
    }),
  };
}

/** A shared year (`/recap/{id}`), for anyone. */
export const useSharedRecap = (id: string) =>
  useQuery({
    queryKey: ['recap-share', id],
    queryFn: () => recapApi.shared(id),
  });
