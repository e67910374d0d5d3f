import type { AccountBody, UserAccount } from '@acervo/contract/user';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../api/users-api';

/** `['user', id]`: the collections feature invalidates the `['user']` prefix after its writes. */
export const userKeys = { detail: (userId: string) => ['user', userId] as const };

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
