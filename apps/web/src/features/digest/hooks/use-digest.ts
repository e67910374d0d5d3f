import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DigestFrequency } from '@acervo/contract/digest';
import { digestApi } from '../api/digest-api';

const digestKey = (userId: string) => ['digest', userId] as const;

export function useDigestSetting(userId: string) {
  return useQuery({ queryKey: digestKey(userId), queryFn: () => digestApi.settings(userId) });
}

export function useUpdateDigest(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (digest: DigestFrequency) => digestApi.update(userId, digest),
    onSuccess: (settings) => client.setQueryData(digestKey(userId), settings),
  });
}

export function useUnsubscribeDigest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => digestApi.unsubscribe(token),
    // Whoever is signed in on this browser may be the person: their setting is read again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['digest'] }),
  });
}
