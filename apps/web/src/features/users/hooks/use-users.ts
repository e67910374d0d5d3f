import type { AccountDeletionBody } from '@acervo/contract/account';
import type { AccountBody, UserAccount } from '@acervo/contract/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { usersApi } from '../api/users-api';

/**
 * `['user', id]` (lib/query-keys): the collections feature invalidates the `['user']` prefix after
 * its writes, and the social feature patches a profile's follow state and counters.
 */
export const userKeys = { detail: sharedKeys.user };

export function useUser(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.detail(userId ?? ''),
    queryFn: () => usersApi.user(userId!),
    enabled: Boolean(userId),
    staleTime: 30_000,
  });
}

/** The signed-in user's own record, with the account fields. */
export function useAccount(userId: string) {
  const query = useUser(userId);
  return { ...query, data: query.data as UserAccount | undefined };
}

/**
 * A write that answers the whole account: the cache takes it and the person's profile reloads, or
 * every query when `everywhere` (a new photo changes cards, people lists and search hits too).
 */
function useAccountWrite<Input>(
  userId: string,
  write: (input: Input) => Promise<UserAccount | undefined>,
  everywhere = false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (account) => {
      if (account) client.setQueryData(userKeys.detail(userId), account);
      return client.invalidateQueries(everywhere ? {} : { queryKey: userKeys.detail(userId) });
    },
  });
}

export function useUpdateAccount(userId: string) {
  return useAccountWrite(userId, (body: AccountBody) => usersApi.updateAccount(userId, body));
}

/** Upload (a file) or removal (null) of the photo; the old URL is no longer served anywhere. */
export function usePicture(userId: string) {
  return useAccountWrite(
    userId,
    (file: File | null) => (file ? usersApi.uploadPicture(userId, file) : usersApi.removePicture(userId)),
    true,
  );
}

export function useDeleteAccount(userId: string) {
  return useMutation({ mutationFn: (body: AccountDeletionBody) => usersApi.deleteAccount(userId, body) });
}

/** The verification link's call; every cached profile reloads, so the header's reminder goes. */
export function useVerifyEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => usersApi.verifyEmail({ token }),
    onSuccess: () => client.invalidateQueries({ queryKey: sharedKeys.users }),
  });
}

export function useResendVerification() {
  return useMutation({ mutationFn: () => usersApi.resendVerification() });
}
