import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { useAuth } from '../lib/auth-context';
import { isProjectId } from '../lib/ids';
import { loginPath } from '../lib/navigation';
import { FullPageLoader } from '../ui/full-page-loader';

/**
 * Guards the signed-in routes: a loader while the auth state loads, /login (remembering the page) for visitors.
 * `/:id` catches every one-segment path, so a segment that cannot be a project id is "any other path" (spec §2)
 * and gets the not-found page without asking anyone to sign in first.
 */
export function RequireAuth() {
  const { loading, isAuthenticated } = useAuth();
  const location = useLocation();
  const { id } = useParams();

  if (id !== undefined && !isProjectId(id)) return <NotFoundPage />;
  if (loading) return <FullPageLoader />;
  if (!isAuthenticated) {
    const wanted = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={loginPath('sign-in', wanted)} replace />;
  }
  return <Outlet />;
}
