import { describe, expect, it } from 'vitest';
import { PERMISSIONS, VIEW } from '../permissions';
import { checkRouteAccess, getLoginTarget, isSafeRedirect } from './route-access';

const client = { roles: ['client'], permissions: [...PERMISSIONS.client] };
const lawyer = { roles: ['lawyer'], permissions: [...PERMISSIONS.lawyer] };

describe('checkRouteAccess', () => {
  it('allows a route whose listed permissions the user holds', () => {
    expect(checkRouteAccess(client, [VIEW.VIEW_DOCUMENTS], '/documenten')).toEqual({ allowed: true });
    expect(checkRouteAccess(lawyer, [VIEW.VIEW_FILES], '/dossiers')).toEqual({ allowed: true });
  });

  it("sends a user without the permission to the role's home", () => {
    expect(checkRouteAccess(client, [VIEW.VIEW_FILES], '/dossiers')).toEqual({ allowed: false, redirectTo: '/' });
    expect(checkRouteAccess(lawyer, [VIEW.VIEW_DASHBOARD], '/')).toEqual({ allowed: false, redirectTo: '/dossiers' });
  });

  it('requires the menu item of the role when a route lists no permission', () => {
    expect(checkRouteAccess(client, undefined, '/x')).toEqual({ allowed: true });
    expect(checkRouteAccess({ roles: ['client'], permissions: ['access:spa'] }, undefined, '/x')).toEqual({
      allowed: false,
      redirectTo: '/',
    });
  });

  it('goes to /not-found without a role, or when the home itself is refused', () => {
    expect(checkRouteAccess({ roles: [], permissions: [] }, [VIEW.VIEW_FILES], '/dossiers')).toEqual({
      allowed: false,
      redirectTo: '/not-found',
    });
    expect(
      checkRouteAccess({ roles: ['guest'], permissions: ['menu-item:dossier'] }, [VIEW.VIEW_FILES], '/dossiers'),
    ).toEqual({
      allowed: false,
      redirectTo: '/not-found',
    });
    expect(checkRouteAccess({ roles: ['client'], permissions: ['access:spa'] }, [VIEW.VIEW_DASHBOARD], '/')).toEqual({
      allowed: false,
      redirectTo: '/not-found',
    });
  });

  it('takes the role from the first entry of the roles list', () => {
    expect(
      checkRouteAccess(
        { roles: ['lawyer', 'client'], permissions: [...PERMISSIONS.client] },
        [VIEW.VIEW_FILES],
        '/dossiers',
      ),
    ).toEqual({
      allowed: false,
      redirectTo: '/not-found',
    });
  });
});

describe('getLoginTarget', () => {
  it('prefers the carried redirect target', () => {
    expect(getLoginTarget('/documenten?x=1#top', ['client'])).toBe('/documenten?x=1#top');
  });
  it("falls back to the role's home: / for a client, /dossiers for a lawyer", () => {
    expect(getLoginTarget(undefined, ['client'])).toBe('/');
    expect(getLoginTarget(null, ['lawyer'])).toBe('/dossiers');
    expect(getLoginTarget(undefined, [])).toBe('/not-found');
  });
  it('never redirects outside the app or back to login', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login/code',
      '/login?x',
      42,
    ]) {
      expect(isSafeRedirect(target)).toBe(false);
      expect(getLoginTarget(target, ['client'])).toBe('/');
    }
  });
});
