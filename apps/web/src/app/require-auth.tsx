import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/loading';
import { useAuth } from '../lib/auth';

/** The sign-in guard (spec section 2): 'Carregando...' while checking, /login without a user. */
export function RequireAuth() {
  const { user, status } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <Loading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
