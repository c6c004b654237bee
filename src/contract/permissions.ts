import { z } from 'zod';

/** 'admin' is the firm's beheerder: people, assignments, holds and the audit trail, never case content. */
export const ROLES = ['client', 'lawyer', 'admin'] as const;
/** Staff sign in with the e-mail code plus a second factor (TOTP). */
export const STAFF_ROLES = ['lawyer', 'admin'] as const satisfies readonly Role[];
export const isStaffRole = (role: Role): boolean => role !== 'client';
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const PERMISSIONS = {
  client: [
    'access:spa',
    'menu-item:dashboard',
    'menu-item:case',
    'menu-item:documents',
    'menu-item:offer',
    'menu-item:calculation-tools',
  ],
  lawyer: ['access:spa', 'menu-item:account', 'menu-item:dossier', 'menu-item:feedback', 'menu-item:tools'],
  admin: ['access:spa', 'menu-item:admin', 'menu-item:admin-account'],
} as const satisfies Record<Role, readonly string[]>;

export type Permission = (typeof PERMISSIONS)[Role][number];

/** Route permission names and the menu items they map to. */
export const VIEW = {
  VIEW_DASHBOARD: 'menu-item:dashboard',
  VIEW_MY_STORY: 'menu-item:case',
  VIEW_DOCUMENTS: 'menu-item:documents',
  VIEW_OFFER: 'menu-item:offer',
  VIEW_FILES: 'menu-item:dossier',
  VIEW_FEEDBACK: 'menu-item:feedback',
  VIEW_ACCOUNT: 'menu-item:account',
  VIEW_ADMIN: 'menu-item:admin',
  VIEW_ADMIN_ACCOUNT: 'menu-item:admin-account',
} as const;
export type ViewPermission = keyof typeof VIEW;

export const ROLE_HOME: Record<Role, string> = { client: '/', lawyer: '/dossiers', admin: '/beheer' };

/** The role is the first entry of the roles list. */
export function getRole(roles: readonly string[]): Role | null {
  const first = roles[0];
  return first === 'client' || first === 'lawyer' || first === 'admin' ? first : null;
}

export function hasPermissions(granted: readonly string[], needed: readonly string[]): boolean {
  return needed.every((permission) => granted.includes(permission));
}
