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

export function useUpdateAccount(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AccountBody) => usersApi.updateAccount(userId, body),
    onSuccess: (account) => {
      if (account) client.setQueryData(userKeys.detail(userId), account);
      return client.invalidateQueries({ queryKey: userKeys.detail(userId) });
    },
  });
}
