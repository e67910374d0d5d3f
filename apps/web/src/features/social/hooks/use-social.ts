import type { Collection, CollaboratorRole } from '@acervo/contract/collection';
import type {
  CollaboratorByEmailBody,
  FollowState,
  InviteLinkBody,
  LikeState,
} from '@acervo/contract/social';
import type { UserProfile } from '@acervo/contract/user';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { patchCached, restoreCached } from '../../../lib/cache-patch';
import { sharedKeys } from '../../../lib/query-keys';
import { socialApi, type FollowList } from '../api/social-api';

export const socialKeys = {
  people: (userId: string, list: FollowList) => [...sharedKeys.people, userId, list] as const,
  popular: [...sharedKeys.people, 'popular'] as const,
  network: [...sharedKeys.people, 'network'] as const,
  collaborators: (collectionId: string) => ['collaborators', collectionId] as const,
  invite: (token: string) => ['invite', token] as const,
};

type Toggle = { id: string; on: boolean };
type Entity = Record<string, unknown>;

/**
 * A like or a follow, shown at once everywhere the thing is cached (cards, banner, profile, lists
 * of people) and put back if the server refuses. The server's answer then sets the exact total,
 * which other people's clicks may have moved meanwhile. In-flight reads are not cancelled: one
 * that lands late is corrected by the answer, and cancelling a first load would leave its list
 * empty until the next visit.
 */
function useOptimisticToggle<T extends Entity, State>(options: {
  call: (toggle: Toggle) => Promise<State>;
  /** Where the thing is cached, and how to recognise it there. */
  caches: (id: string) => QueryKey[];
  is: (value: Entity, id: string) => boolean;
  /** Its look right after the click, and from the server's answer. */
  guess: (value: T, on: boolean) => T;
  settle: (value: T, state: State) => T;
  /** Counters shown elsewhere that only the server knows (e.g. the owner's total likes). */
  refresh: QueryKey[];
}) {
  const client = useQueryClient();
  const patch = (id: string, change: (value: T) => T) =>
    patchCached<T>(client, options.caches(id), (value) => options.is(value, id), change);
  return useMutation({
    mutationFn: options.call,
    onMutate: ({ id, on }: Toggle) => patch(id, (value) => options.guess(value, on)),
    onError: (_error, _toggle, snapshot) => restoreCached(client, snapshot),
    onSuccess: (state, { id }) => {
      if (state) patch(id, (value) => options.settle(value, state));
    },
    onSettled: () => Promise.all(options.refresh.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** One more or one less, unless the state already was what the click asks for. */
const step = (count: number, was: boolean, on: boolean) => count + (was === on ? 0 : on ? 1 : -1);

const collectionCaches = (id: string) => [sharedKeys.collections, sharedKeys.collection(id)];
const isCollection = (value: Entity, id: string) => value.id === id && 'liked_by_me' in value;

export function useLikeCollection() {
  return useOptimisticToggle<Collection, LikeState>({
    call: ({ id, on }) => socialApi.like(id, on),
    caches: collectionCaches,
    is: isCollection,
    guess: (c, on) => ({ ...c, liked_by_me: on, likes: step(c.likes, c.liked_by_me, on) }),
    settle: (c, state) => ({ ...c, liked_by_me: state.liked, likes: state.total_likes }),
    refresh: [sharedKeys.users],
  });
}

export function useFollowCollection() {
  return useOptimisticToggle<Collection, FollowState>({
    call: ({ id, on }) => socialApi.followCollection(id, on),
    caches: collectionCaches,
    is: isCollection,
    guess: (c, on) => ({ ...c, followed_by_me: on, followers: step(c.followers, c.followed_by_me, on) }),
    settle: (c, state) => ({ ...c, followed_by_me: state.following, followers: state.total_followers }),
    // What the collection does joins or leaves "Seguindo".
    refresh: [sharedKeys.timeline],
  });
}

export function useFollowUser() {
  return useOptimisticToggle<UserProfile, FollowState>({
    call: ({ id, on }) => socialApi.followUser(id, on),
    caches: (id) => [sharedKeys.user(id), sharedKeys.people],
    is: (value, id) => value.id === id && 'total_followers' in value,
    guess: (u, on) => ({
      ...u,
      followed_by_me: on,
      total_followers: step(u.total_followers, u.followed_by_me, on),
    }),
    settle: (u, state) => ({ ...u, followed_by_me: state.following, total_followers: state.total_followers }),
    // One's own 'Seguindo' counter. Lists of people are not refetched: a suggestion just followed
    // would vanish from under the pointer (and take keyboard focus with it).
    // "Seguindo" gains or loses the person's activity.
    refresh: [sharedKeys.users, sharedKeys.timeline],
  });
}

/** A profile's followers or the people it follows, newest first, a page at a time. */
export function usePeople(userId: string, list: FollowList) {
  return useInfiniteQuery({
    queryKey: socialKeys.people(userId, list),
    queryFn: ({ pageParam }) => socialApi.people(userId, list, { cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    select: (data) => data.pages.flatMap((page) => page.data),
  });
}

export function usePopularPeople() {
  return useQuery({ queryKey: socialKeys.popular, queryFn: socialApi.popularPeople, staleTime: 30_000 });
}

export function useNetworkPeople() {
  return useQuery({ queryKey: socialKeys.network, queryFn: socialApi.networkPeople, staleTime: 30_000 });
}

/** A copy lands among my collections and changes my counters. */
export function useSaveCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPrivate }: { id: string; isPrivate: boolean }) =>
      socialApi.saveCollection(id, { private: isPrivate }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: sharedKeys.collections }),
        client.invalidateQueries({ queryKey: sharedKeys.users }),
      ]),
  });
}

export function useCollaborators(collectionId: string) {
  return useQuery({
    queryKey: socialKeys.collaborators(collectionId),
    queryFn: () => socialApi.collaborators(collectionId),
  });
}

/** Adding, re-roling and removing collaborators refresh the list (and the collection's roles). */
export function useCollaboratorWrites(collectionId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: socialKeys.collaborators(collectionId) });
  const add = useMutation({
    mutationFn: (body: CollaboratorByEmailBody) => socialApi.addCollaborator(collectionId, body),
    onSuccess: refresh,
  });
  const setRole = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: CollaboratorRole }) =>
      socialApi.setCollaboratorRole(collectionId, userId, role),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => socialApi.removeCollaborator(collectionId, userId),
    onSuccess: refresh,
  });
  const createLink = useMutation({
    mutationFn: (body: InviteLinkBody) => socialApi.createInviteLink(collectionId, body),
  });
  const revokeLinks = useMutation({ mutationFn: () => socialApi.revokeInviteLinks(collectionId) });
  return { add, setRole, remove, createLink, revokeLinks };
}

export function useInvite(token: string, enabled: boolean) {
  return useQuery({
    queryKey: socialKeys.invite(token),
    queryFn: () => socialApi.invite(token),
    enabled,
    retry: false,
  });
}

/** Accepting makes the collection readable (or editable): its cached copies are stale. */
export function useAcceptInvite(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => socialApi.acceptInvite(token),
    onSuccess: (accepted) =>
      Promise.all([
        client.invalidateQueries({ queryKey: sharedKeys.collection(accepted.collection_id) }),
        client.invalidateQueries({ queryKey: sharedKeys.collections }),
      ]),
  });
}
