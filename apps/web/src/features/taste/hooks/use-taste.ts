import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TasteAnswer } from '@acervo/contract/taste';
import { sharedKeys } from '../../../lib/query-keys';
import { tasteApi } from '../api/taste-api';

const tasteKey = (userId: string) => [...sharedKeys.user(userId), 'taste'];

/**
 * Taste in common with `userId`. A 404 means hidden (a block, or either person opted out of
 * sharing activity): the card shows nothing.
 */
export const useTaste = (userId: string) =>
  useQuery({
    queryKey: tasteKey(userId),
    queryFn: () => tasteApi.with(userId),
    staleTime: 60_000,
  });

/** Creates (or takes down) the public link of the match with `userId`; the card shows it at once. */
export function useTasteShare(userId: string) {
  const queryClient = useQueryClient();
  const setShareId = (share_id: string | null) =>
    queryClient.setQueryData<TasteAnswer>(tasteKey(userId), (taste) => taste && { ...taste, share_id });
  return {
    share: useMutation({
      mutationFn: () => tasteApi.share(userId),
      onSuccess: (link) => setShareId(link.id),
    }),
    unshare: useMutation({
      mutationFn: () => tasteApi.unshare(userId),
      onSuccess: () => setShareId(null),
    }),
  };
}

/** A shared match (`/taste/{id}`), for anyone. */
export const useSharedTaste = (id: string) =>
  useQuery({
    queryKey: ['taste-share', id],
    queryFn: () => tasteApi.shared(id),
  });
