import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { withReturnTo } from '../lib/return-to';

/**
 * The sign-in guard (spec section 2): /login without a user, asked to come back here afterwards
 * (`?next=`, lib/return-to.ts). The session is restored from storage before the first render
 * (lib/auth.tsx), so there is no 'still checking' state to wait for.
 */
export function RequireAuth() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to={withReturnTo('/login', location.pathname + location.search)} replace />;
  return <Outlet />;
}
