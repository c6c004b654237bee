import { ROLE_HOME, getRole, hasPermissions, type Role } from '../permissions';

/** The permission a guarded route needs when it lists none. */
export const DEFAULT_ROUTE_PERMISSION: Record<Role, string> = {
  client: 'menu-item:dashboard',
  lawyer: 'menu-item:dossier',
  admin: 'menu-item:admin',
};

export const NOT_FOUND_PATH = '/not-found';

export type RouteAccess = { allowed: true } | { allowed: false; redirectTo: string };

/**
 * The route guard: a route requires the listed permissions (by default the
 * role's menu item); without them the user goes to the role's home, or to /not-found when
 * there is no role home (or the home itself is the page that was refused).
 */
export function checkRouteAccess(
  user: { roles: readonly string[]; permissions: readonly string[] },
  needed: readonly string[] | undefined,
  pathname: string,
): RouteAccess {
  const role = getRole(user.roles);
  const required = needed ?? (role ? [DEFAULT_ROUTE_PERMISSION[role]] : ['access:spa']);
  if (role && hasPermissions(user.permissions, required)) return { allowed: true };
  const home = role ? ROLE_HOME[role] : null;
  return { allowed: false, redirectTo: home && home !== pathname ? home : NOT_FOUND_PATH };
}

/**
 * Where to go after login: the carried redirect target when it is a path of this app (never
 * an outside address, never a login page), else the role's home, else /not-found.
 */
export function getLoginTarget(redirect: unknown, roles: readonly string[]): string {
  if (isSafeRedirect(redirect)) return redirect;
  const role = getRole(roles);
  return role ? ROLE_HOME[role] : NOT_FOUND_PATH;
}

export function isSafeRedirect(redirect: unknown): redirect is string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/')) return false;
  if (redirect.startsWith('//') || redirect.startsWith('/\\') || hasControlCharacter(redirect)) return false;
  const path = redirect.split(/[?#]/)[0] ?? '';
  return path !== '/login' && !path.startsWith('/login/');
}

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
