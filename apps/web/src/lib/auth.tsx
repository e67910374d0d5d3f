import type { Session } from '@acervo/contract/auth';
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

  useEffect(() => {
    setUnauthorizedHandler(() => {
      clearStoredSession();
      void clearOfflineData();
      setUser(null);
      onSessionLost?.();
    });
    return () => setUnauthorizedHandler(() => {});
  }, [onSessionLost]);

  const updateUser = useCallback((change: Partial<Pick<SessionUser, 'userName' | 'userPicture'>>) => {
    const current = readStoredSession();
    if (!current) return;
    const next = { ...current, ...change };
    writeStoredSession(next, window.localStorage.getItem('token') !== null);
    setUser(next);
  }, []);

  const signIn = useCallback<AuthState['signIn']>((session, { remember }) => {
    const next = sessionUserFrom(session, session.user_picture ?? false);
    writeStoredSession(next, remember);
    setUser(next);
  }, []);

  const signOut = useCallback(async ({ revoke = true }: { revoke?: boolean } = {}) => {
    // A token the server already forgot answers 401, which signs out too; either way we forget it.
    if (revoke) await api.delete('/session').catch(() => undefined);
    clearStoredSession();
    // The collections kept for offline reading may be private: gone with the session.
    await clearOfflineData();
    setUser(null);
  }, []);

  const renameUser = useCallback((userName: string) => updateUser({ userName }), [updateUser]);
  const setUserPicture = useCallback(
    (userPicture: string | false) => updateUser({ userPicture }),
    [updateUser],
  );

  const value = useMemo<AuthState>(
    () => ({ user, signIn, signOut, renameUser, setUserPicture }),
    [user, signIn, signOut, renameUser, setUserPicture],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
