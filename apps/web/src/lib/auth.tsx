import type { Session } from '@acervo/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, setUnauthorizedHandler } from './api-client';
import { clearOfflineData } from './offline-cache';
import {
  clearStoredSession,
  readStoredSession,
  sessionUserFrom,
  writeStoredSession,
  type SessionUser,
} from './session-storage';

export type AuthState = {
  user: SessionUser | null;
  /** Stores the session: localStorage when `remember`, else sessionStorage ('Lembrar'). */
  signIn: (session: Session, options: { remember: boolean }) => void;
  /**
   * Revokes the token on the server (best effort), then forgets it here; `revoke: false` only
   * forgets it, when the server already did (the account was deleted).
   */
  signOut: (options?: { revoke?: boolean }) => Promise<void>;
  /** After the account form saves a new name, the header and storage follow (spec 7: user refresh). */
  renameUser: (userName: string) => void;
  /** After a photo upload or removal (and after sign-in), `user_picture` and the header follow. */
  setUserPicture: (userPicture: string | false) => void;
  /** When the account's answer says otherwise than the session stored (verified on another device). */
  setEmailVerified: (emailVerified: boolean) => void;
};

const AuthContext = createContext<AuthState | null>(null);

/**
 * Restores the stored session synchronously, before any child renders, so guarded routes never
 * flash the login page. `onSessionLost` runs when a signed call answers 401 (revoked/expired).
 */
export function AuthProvider({
  children,
  onSessionLost,
}: {
  children: ReactNode;
  onSessionLost?: () => void;
}) {
  const [user, setUser] = useState<SessionUser | null>(readStoredSession);
  const queryClient = useQueryClient();

  /**
   * Everything kept for the person who leaves: the token, the offline copies (they may be
   * private) and every cached answer, so whoever signs in next in this tab never sees their feed,
   * notifications or collections, not even for a moment.
   */
  const forget = useCallback(() => {
    clearStoredSession();
    queryClient.clear();
    setUser(null);
    return clearOfflineData();
  }, [queryClient]);

  // Started with no session stored (a tab of a session without "Lembrar" closed, on a shared
  // computer): nothing kept for offline reading belongs to whoever is here now (issue 23).
  useEffect(() => {
    if (!readStoredSession()) void clearOfflineData();
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      void forget();
      onSessionLost?.();
    });
    return () => setUnauthorizedHandler(() => {});
  }, [forget, onSessionLost]);

  const updateUser = useCallback(
    (change: Partial<Pick<SessionUser, 'userName' | 'userPicture' | 'emailVerified'>>) => {
      const current = readStoredSession();
      if (!current) return;
      const next = { ...current, ...change };
      writeStoredSession(next, window.localStorage.getItem('token') !== null);
      setUser(next);
    },
    [],
  );

  const signIn = useCallback<AuthState['signIn']>((session, { remember }) => {
    const next = sessionUserFrom(session, session.user_picture ?? false);
    writeStoredSession(next, remember);
    setUser(next);
  }, []);

  const signOut = useCallback(
    async ({ revoke = true }: { revoke?: boolean } = {}) => {
      // A token the server already forgot answers 401, which signs out too; either way we forget it.
      if (revoke) await api.delete('/session').catch(() => undefined);
      await forget();
    },
    [forget],
  );

  const renameUser = useCallback((userName: string) => updateUser({ userName }), [updateUser]);
  const setUserPicture = useCallback(
    (userPicture: string | false) => updateUser({ userPicture }),
    [updateUser],
  );

  const setEmailVerified = useCallback(
    (emailVerified: boolean) => updateUser({ emailVerified }),
    [updateUser],
  );

  const value = useMemo<AuthState>(
    () => ({ user, signIn, signOut, renameUser, setUserPicture, setEmailVerified }),
    [user, signIn, signOut, renameUser, setUserPicture, setEmailVerified],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
