import type {
  Comment,
  CommentBody,
  CommentPage,
  CommentUpdateBody,
  MentionablePerson,
} from '@acervo/contract/comment';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

/** What comments are about: a collection, or one of its items. */
export type CommentTarget = { kind: 'collection'; id: string } | { kind: 'item'; id: string };

const path = (target: CommentTarget) =>
  target.kind === 'item'
    ? `/collection_items/${enc(target.id)}/comments`
    : `/collection/${enc(target.id)}/comments`;

/** The comment routes of the contract (`packages/contract/src/comment.ts`), one function each. */
export const commentsApi = {
  page: (target: CommentTarget, cursor?: string | null) => api.page<CommentPage>(path(target), cursor),
  create: (target: CommentTarget, body: CommentBody) => api.post<Comment>(path(target), body),
  update: (id: string, body: CommentUpdateBody) => api.put<Comment>(`/comments/${enc(id)}`, body),
  remove: (id: string) => api.delete<{ id: string; deleted: true }>(`/comments/${enc(id)}`),
  /** `@` autocomplete: people the caller may mention on this collection. */
  mentionable: (collectionId: string, q: string, signal?: AbortSignal) =>
    api.get<MentionablePerson[]>(
      `/collection/${enc(collectionId)}/mentionable?q=${enc(q)}`,
      signal ? { signal } : {},
    ),
  setEnabled: (collectionId: string, on: boolean) =>
    on
      ? api.put<{ comments_enabled: boolean }>(`/collection/${enc(collectionId)}/comments_enabled`)
      : api.delete<{ comments_enabled: boolean }>(`/collection/${enc(collectionId)}/comments_enabled`),
};
