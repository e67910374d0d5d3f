import type { Session } from '@acervo/contract/auth';

/** The signed-in user as the client keeps it (spec section 3). */
export type SessionUser = {
  token: string;
  userId: string;
  userName: string;
  userEmail: string;
  /** A picture URL, or false after a password login (spec). */
  userPicture: string | false;
  /** Whether the e-mail was verified (issue 23); undefined for a session stored before we kept it. */
  emailVerified?: boolean | undefined;
};

/**
 * The spec's storage keys, in both localStorage ('Lembrar' checked) and sessionStorage, and ours:
 * `user_email_verified` lets the header's reminder show from the first paint (issue 23).
 */
export const SESSION_KEYS = [
  'token',
  'user_id',
  'user_name',
  'user_email',
  'user_picture',
  'user_email_verified',
] as const;

function stores(): Storage[] {
  // None in the build's prerender (Node): it renders the page of a visitor with nothing stored.
  if (typeof window === 'undefined') return [];
  return [window.localStorage, window.sessionStorage];
}

/** Reads a stored session, preferring the remembered one. Partial leftovers count as none. */
export function readStoredSession(): SessionUser | null {
  for (const store of stores()) {
    const token = store.getItem('token');
    const userId = store.getItem('user_id');
    if (!token || !userId) continue;
    const picture = store.getItem('user_picture');
    const verified = store.getItem('user_email_verified');
    return {
      token,
      userId,
      userName: store.getItem('user_name') ?? '',
      userEmail: store.getItem('user_email') ?? '',
      userPicture: picture && picture !== 'false' ? picture : false,
      emailVerified: verified === null ? undefined : verified === 'true',
    };
  }
  return null;
}

export function writeStoredSession(user: SessionUser, remember: boolean): void {
  clearStoredSession();
  const store = remember ? window.localStorage : window.sessionStorage;
  store.setItem('token', user.token);
  store.setItem('user_id', user.userId);
  store.setItem('user_name', user.userName);
  store.setItem('user_email', user.userEmail);
  store.setItem('user_picture', String(user.userPicture));
  if (user.emailVerified !== undefined) store.setItem('user_email_verified', String(user.emailVerified));
}

/** Removes only the session keys: the language choice survives a logout. */
export function clearStoredSession(): void {
  for (const store of stores()) for (const key of SESSION_KEYS) store.removeItem(key);
}

export function sessionUserFrom(session: Session, picture: string | false = false): SessionUser {
  return {
    token: session.access_token,
    userId: session.user_id,
    userName: session.user_name,
    userEmail: session.user_email,
    userPicture: picture,
    emailVerified: session.user_email_verified,
  };
}
