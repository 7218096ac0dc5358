import { Navigate, Outlet } from 'react-router';
import { paths } from '../config/paths';
import { useCan } from '../hooks/use-can';
import { seesStatistics, useSession } from '../lib/auth';

/** Every route except /login needs a session (spec §2). */
export function RequireAuth() {
  const session = useSession();
  return session ? <Outlet /> : <Navigate to={paths.login()} replace />;
}

/** The login page is for signed-out visitors only. */
export function GuestOnly() {
  const session = useSession();
  return session ? <Navigate to={paths.home()} replace /> : <Outlet />;
}

/**
 * Admin-only pages. The API refuses non-admins anyway (403); a non-admin who types the URL is sent
 * to the projects list rather than shown an error page.
 */
export function RequireAdmin() {
  const session = useSession();
  const can = useCan();
  if (!session) return <Navigate to={paths.login()} replace />;
  return can('context.admin') ? <Outlet /> : <Navigate to={paths.projects()} replace />;
}

/**
 * The statistics dashboard needs the per-user feature switched on (spec §2), else back to /.
 * Admins see every project's statistics (issue 12), so they pass too.
 */
export function RequireStatistic() {
  const session = useSession();
  if (!session) return <Navigate to={paths.login()} replace />;
  return seesStatistics(session) ? <Outlet /> : <Navigate to={paths.home()} replace />;
}
