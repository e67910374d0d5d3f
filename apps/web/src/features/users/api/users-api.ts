import type { AccountDeletionBody } from '@acervo/contract/account';
import type { PasswordChangeBody, SessionInfo } from '@acervo/contract/auth';
import type { EmailVerifyBody } from '@acervo/contract/email';
import type { AccountBody, UserAccount, UserProfile } from '@acervo/contract/user';
import { api } from '../../../lib/api-client';

export const usersApi = {
  /** Anyone's profile; the caller's own comes with the account fields (`UserAccount`). */
  user: (userId: string) => api.get<UserProfile | UserAccount>(`/user/${encodeURIComponent(userId)}`),
  updateAccount: (userId: string, body: AccountBody) =>
    api.put<UserAccount | undefined>(`/user/${encodeURIComponent(userId)}`, body),
  /** Multipart with one file field named `file`; the answer is the account with its new `picture`. */
  uploadPicture: (userId: string, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.put<UserAccount | undefined>(`/user/${encodeURIComponent(userId)}/picture`, body);
  },
  removePicture: (userId: string) =>
    api.delete<UserAccount | undefined>(`/user/${encodeURIComponent(userId)}/picture`),
  exportData: (userId: string) => api.download(`/user/${encodeURIComponent(userId)}/export`),
  /** Films for Letterboxd's importer, books for Goodreads' (issue 27). */
  exportFor: (userId: string, site: 'letterboxd' | 'goodreads') =>
    api.download(`/user/${encodeURIComponent(userId)}/export/${site}`),
  deleteAccount: (userId: string, body: AccountDeletionBody) =>
    api.delete<{ deleted: true } | undefined>(`/user/${encodeURIComponent(userId)}`, { body }),
  sessions: () => api.get<SessionInfo[]>('/sessions'),
  endSession: (sessionId: string) => api.delete(`/sessions/${encodeURIComponent(sessionId)}`),
  endAllSessions: () => api.delete<{ revoked: number }>('/sessions'),
  changePassword: (userId: string, body: PasswordChangeBody) =>
    api.put(`/user/${encodeURIComponent(userId)}/password`, body),
  /** The link of the verification mail; needs no session (it may open on another device). */
  verifyEmail: (body: EmailVerifyBody) => api.post('/email/verify', body),
  /** A new verification mail for the signed-in person (three an hour). */
  resendVerification: () => api.post('/email/verification'),
};
