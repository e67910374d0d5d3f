import type { Collection, CollaboratorRole, CollectionRole } from '@acervo/contract/collection';
import type {
  peoplePageResponse,
  PeopleQuery,
  Collaborator,
  CollaboratorBody,
  CollaboratorByEmailBody,
  CollectionSaveBody,
  FollowState,
  InviteLink,
  InviteLinkBody,
  InvitePreview,
  LikeState,
} from '@acervo/contract/social';
import type { UserProfile } from '@acervo/contract/user';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

const enc = encodeURIComponent;

/** The people listings of a profile (`GET /user/{id}/followers|following`). */
export type FollowList = 'followers' | 'following';
type PeoplePage = z.infer<typeof peoplePageResponse>;

/** The social routes of the contract (`packages/contract/src/social.ts`), one function each. */
export const socialApi = {
  like: (id: string, on: boolean) =>
    on
      ? api.put<LikeState>(`/collection/${enc(id)}/like`)
      : api.delete<LikeState>(`/collection/${enc(id)}/like`),
  followCollection: (id: string, on: boolean) =>
    on
      ? api.put<FollowState>(`/collection/${enc(id)}/follow`)
      : api.delete<FollowState>(`/collection/${enc(id)}/follow`),
  followUser: (userId: string, on: boolean) =>
    on
      ? api.put<FollowState>(`/user/${enc(userId)}/follow`)
      : api.delete<FollowState>(`/user/${enc(userId)}/follow`),
  people: (userId: string, list: FollowList, { cursor }: PeopleQuery = {}) =>
    api.page<PeoplePage>(`/user/${enc(userId)}/${list}`, cursor),
  popularPeople: () => api.get<UserProfile[]>('/user/popular?limit=6'),
  networkPeople: () => api.get<UserProfile[]>('/user/network?limit=6'),
  /** A copy of someone's collection among mine; private unless `private: false`. */
  saveCollection: (id: string, body: CollectionSaveBody) =>
    api.create<Collection | undefined>(`/collection/${enc(id)}/save`, body),
  collaborators: (id: string) => api.get<Collaborator[]>(`/collection/${enc(id)}/collaborators`),
  addCollaborator: (id: string, body: CollaboratorByEmailBody) =>
    api.post<Collaborator>(`/collection/${enc(id)}/collaborators`, body),
  setCollaboratorRole: (id: string, userId: string, role: CollaboratorRole) =>
    api.put<Collaborator>(`/collection/${enc(id)}/collaborators/${enc(userId)}`, {
      role,
    } satisfies CollaboratorBody),
  removeCollaborator: (id: string, userId: string) =>
    api.delete<{ removed: true }>(`/collection/${enc(id)}/collaborators/${enc(userId)}`),
  createInviteLink: (id: string, body: InviteLinkBody) =>
    api.post<InviteLink>(`/collection/${enc(id)}/invite_link`, body),
  revokeInviteLinks: (id: string) =>
    api.delete<{ collection_id: string; revoked: number }>(`/collection/${enc(id)}/invite_link`),
  invite: (token: string) => api.get<InvitePreview>(`/invite/${enc(token)}`),
  acceptInvite: (token: string) =>
    api.post<{ collection_id: string; role: CollectionRole }>(`/invite/${enc(token)}`),
};
