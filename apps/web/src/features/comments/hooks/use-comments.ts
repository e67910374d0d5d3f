import type { Comment, CommentBody } from '@acervo/contract/comment';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/query-keys';
import { commentsApi, type CommentTarget } from '../api/comments-api';

export const commentKeys = {
  all: ['comments'] as const,
  list: (target: CommentTarget) => ['comments', target.kind, target.id] as const,
  mentionable: (collectionId: string, q: string) => ['comments', 'mentionable', collectionId, q] as const,
};

/** People to offer after `@` (none while `q` is empty). */
export function useMentionable(collectionId: string, q: string) {
  return useQuery({
    queryKey: commentKeys.mentionable(collectionId, q),
    queryFn: ({ signal }) => commentsApi.mentionable(collectionId, q, signal),
    enabled: q.length > 0,
    staleTime: 60_000,
  });
}

/** The comments on a collection or an item, a page at a time (threads oldest first). */
export function useComments(target: CommentTarget) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(target),
    queryFn: ({ pageParam }) => commentsApi.page(target, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

/**
 * After any write the list is read again (a new comment may land after pages already loaded,
 * a deletion takes replies with it) and so is the collection, whose banner counts comments.
 */
function useRefresh(target: CommentTarget, collectionId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: commentKeys.list(target) }),
      client.invalidateQueries({ queryKey: sharedKeys.collection(collectionId) }),
    ]);
}

export function useCreateComment(target: CommentTarget, collectionId: string) {
  const refresh = useRefresh(target, collectionId);
  return useMutation({
    mutationFn: (body: CommentBody): Promise<Comment> => commentsApi.create(target, body),
    onSuccess: refresh,
  });
}

export function useUpdateComment(target: CommentTarget, collectionId: string) {
  const refresh = useRefresh(target, collectionId);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) => commentsApi.update(id, { body }),
    onSuccess: refresh,
  });
}

export function useDeleteComment(target: CommentTarget, collectionId: string) {
  const refresh = useRefresh(target, collectionId);
  return useMutation({ mutationFn: commentsApi.remove, onSuccess: refresh });
}

export function useCommentsSwitch(target: CommentTarget, collectionId: string) {
  const refresh = useRefresh(target, collectionId);
  return useMutation({
    mutationFn: (on: boolean) => commentsApi.setEnabled(collectionId, on),
    onSuccess: refresh,
  });
}
