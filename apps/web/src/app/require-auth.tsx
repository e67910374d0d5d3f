import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';

/**
 * The sign-in guard (spec section 2): /login without a user. The session is restored from storage
 * before the first render (lib/auth.tsx), so there is no 'still checking' state to wait for.
 */
export function RequireAuth() {
  const { user } = useAuth();
  const location = useLocation();
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
