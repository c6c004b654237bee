import { Navigate, Outlet, useLocation } from 'react-router';
import { getRole, ROLE_HOME, type Role } from '../../contract/permissions';
import { checkRouteAccess, getLoginTarget } from '../../contract/rules/route-access';
import { selectUser, useSession } from '../lib/app-session';

/** Login navigation state: where to go after login (set by {@link RequireAuth}). */
export type LoginLocationState = { from?: string; email?: string };

/** A visitor without a session goes to /login, carrying the page they asked for. */
export function RequireAuth() {
  const user = useSession(selectUser);
  const location = useLocation();
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies LoginLocationState} />;
  }
  return <Outlet />;
}

/** Requires the listed permissions; otherwise the role's home, else /not-found. */
export function RequirePermission({ needed }: { needed?: readonly string[] }) {
  const user = useSession(selectUser);
  const { pathname } = useLocation();
  if (!user) return <Navigate to="/login" replace />;
  const access = checkRouteAccess(user, needed, pathname);
  return access.allowed ? <Outlet /> : <Navigate to={access.redirectTo} replace />;
}

/** The login page of a signed-in user sends them on (another tab may have logged in). */
export function RedirectIfSignedIn() {
  const user = useSession(selectUser);
  const location = useLocation();
  if (user) {
    const state = location.state as LoginLocationState | null;
    return <Navigate to={getLoginTarget(state?.from, user.roles)} replace />;
  }
  return <Outlet />;
}

/** Pages for some roles only (the calculators: clients and lawyers); any other role goes to its home. */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const user = useSession(selectUser);
  if (!user) return <Navigate to="/login" replace />;
  const role = getRole(user.roles);
  if (role && roles.includes(role)) return <Outlet />;
  return <Navigate to={role ? ROLE_HOME[role] : '/not-found'} replace />;
}
