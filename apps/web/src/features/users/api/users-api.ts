import type { PasswordChangeBody } from '@acervo/contract/auth';
import type { AccountBody, UserAccount, UserProfile } from '@acervo/contract/user';
import { api } from '../../../lib/api-client';

export const usersApi = {
  /** Anyone's profile; the caller's own comes with the account fields (`UserAccount`). */
  user: (userId: string) => api.get<UserProfile | UserAccount>(`/user/${encodeURIComponent(userId)}`),
  updateAccount: (userId: string, body: AccountBody) =>
    api.put<UserAccount | undefined>(`/user/${encodeURIComponent(userId)}`, body),
  changePassword: (userId: string, body: PasswordChangeBody) =>
    api.put(`/user/${encodeURIComponent(userId)}/password`, body),
};
