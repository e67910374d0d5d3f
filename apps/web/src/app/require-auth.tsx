import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { withReturnTo } from '../lib/return-to';

/**
 * The sign-in guard (spec section 2): /login without a user. A visitor who arrives signed out is
 * asked to come back here afterwards (`?next=`, lib/return-to.ts); someone who just signed out
 * here is not. The session is restored from storage before the first render (lib/auth.tsx), so
 * there is no 'still checking' state to wait for.
 */
export function RequireAuth() {
  const { user } = useAuth();
  const location = useLocation();
  // Whoever was signed in when this guard appeared and no longer is has signed out.
  const [arrivedSignedIn] = useState(user !== null);
  if (!user) {
    const next = arrivedSignedIn ? null : location.pathname + location.search;
    return <Navigate to={withReturnTo('/login', next)} replace />;
  }
  return <Outlet />;
}
