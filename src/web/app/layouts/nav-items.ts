import { getRole } from '../../../contract/permissions';
import type { Site } from '../../../contract/site';

export type NavItem =
  | { kind: 'internal'; id: string; labelKey: string; to: string; end?: boolean; permission: string }
  | { kind: 'external'; id: string; labelKey: string; urlKey: keyof Site; permission: string };

/** The menus of SPEC section 2; each entry shows only with its menu-item permission. */
export const NAV_ITEMS = {
  client: [
    { kind: 'internal', id: 'dashboard', labelKey: 'nav.dashboard', to: '/', end: true, permission: 'menu-item:dashboard' },
    { kind: 'internal', id: 'my-story', labelKey: 'nav.myStory', to: '/mijn-verhaal', permission: 'menu-item:case' },
    { kind: 'internal', id: 'documents', labelKey: 'nav.documents', to: '/documenten', permission: 'menu-item:documents' },
    { kind: 'internal', id: 'offer', labelKey: 'nav.offer', to: '/offerte', permission: 'menu-item:offer' },
    { kind: 'external', id: 'calculation-tools', labelKey: 'nav.calculationTools', urlKey: 'calculation_tools_url', permission: 'menu-item:calculation-tools' },
  ],
  lawyer: [
    { kind: 'internal', id: 'cases', labelKey: 'nav.cases', to: '/dossiers', permission: 'menu-item:dossier' },
    { kind: 'internal', id: 'feedback', labelKey: 'nav.feedback', to: '/feedback', permission: 'menu-item:feedback' },
    { kind: 'internal', id: 'account', labelKey: 'nav.account', to: '/account', permission: 'menu-item:account' },
    { kind: 'external', id: 'tools', labelKey: 'nav.tools', urlKey: 'calculation_tools_url', permission: 'menu-item:tools' },
  ],
} as const satisfies Record<'client' | 'lawyer', readonly NavItem[]>;

export function getNavItems(user: { roles: readonly string[]; permissions: readonly string[] }): readonly NavItem[] {
  const role = getRole(user.roles);
  if (!role) return [];
  return NAV_ITEMS[role].filter((item) => user.permissions.includes(item.permission));
}
