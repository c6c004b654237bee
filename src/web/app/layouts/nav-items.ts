import { getRole } from '../../../contract/permissions';
import type { Site } from '../../../contract/site';

export type NavItem =
  | {
      kind: 'internal';
      id: string;
      labelKey: string;
      to: string;
      end?: boolean;
      permission: string;
      badge?: 'unread-messages';
      onlyWith?: 'settlement';
    }
  | { kind: 'external'; id: string; labelKey: string; urlKey: keyof Site; permission: string };

/** The menus; each entry shows only with its menu-item permission. */
export const NAV_ITEMS = {
  client: [
    {
      kind: 'internal',
      id: 'dashboard',
      labelKey: 'nav.dashboard',
      to: '/',
      end: true,
      permission: 'menu-item:dashboard',
    },
    { kind: 'internal', id: 'my-story', labelKey: 'nav.myStory', to: '/mijn-verhaal', permission: 'menu-item:case' },
    {
      kind: 'internal',
      id: 'documents',
      labelKey: 'nav.documents',
      to: '/documenten',
      permission: 'menu-item:documents',
    },
    // The negotiation of the settlement agreement, once the lawyer has added a first version.
    {
      kind: 'internal',
      id: 'negotiation',
      labelKey: 'settlement.nav',
      to: '/onderhandeling',
      permission: 'menu-item:dashboard',
      onlyWith: 'settlement',
    },
    // Messages with the lawyer: every client has them, so the dashboard permission gates the item.
    {
      kind: 'internal',
      id: 'messages',
      labelKey: 'messages.nav',
      to: '/berichten',
      permission: 'menu-item:dashboard',
      badge: 'unread-messages',
    },
    // The client's invoices (with 'Betalen met iDEAL | Wero'); every client may have them.
    {
      kind: 'internal',
      id: 'invoices',
      labelKey: 'invoices.nav',
      to: '/facturen',
      permission: 'menu-item:dashboard',
    },
    { kind: 'internal', id: 'offer', labelKey: 'nav.offer', to: '/offerte', permission: 'menu-item:offer' },
    {
      kind: 'external',
      id: 'calculation-tools',
      labelKey: 'nav.calculationTools',
      urlKey: 'calculation_tools_url',
      permission: 'menu-item:calculation-tools',
    },
    // Settings (mail preferences) are for every signed-in client.
    {
      kind: 'internal',
      id: 'settings',
      labelKey: 'notifications.settings.title',
      to: '/instellingen',
      permission: 'access:spa',
    },
  ],
  lawyer: [
    { kind: 'internal', id: 'cases', labelKey: 'nav.cases', to: '/dossiers', permission: 'menu-item:dossier' },
    // Their own cases whose client's account was deleted: read-only, to look up and download.
    { kind: 'internal', id: 'archive', labelKey: 'nav.archive', to: '/archief', permission: 'menu-item:dossier' },
    { kind: 'internal', id: 'feedback', labelKey: 'nav.feedback', to: '/feedback', permission: 'menu-item:feedback' },
    { kind: 'internal', id: 'account', labelKey: 'nav.account', to: '/account', permission: 'menu-item:account' },
    {
      kind: 'external',
      id: 'tools',
      labelKey: 'nav.tools',
      urlKey: 'calculation_tools_url',
      permission: 'menu-item:tools',
    },
  ],
  admin: [
    {
      kind: 'internal',
      id: 'admin-lawyers',
      labelKey: 'admin.nav.lawyers',
      to: '/beheer',
      end: true,
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-cases',
      labelKey: 'admin.nav.cases',
      to: '/beheer/dossiers',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-insight',
      labelKey: 'admin.nav.insight',
      to: '/beheer/inzicht',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-audit',
      labelKey: 'admin.nav.audit',
      to: '/beheer/audit',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-outbox',
      labelKey: 'admin.nav.outbox',
      to: '/beheer/outbox',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-archive',
      labelKey: 'admin.nav.archive',
      to: '/beheer/archief',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-invoices',
      labelKey: 'invoices.admin.nav',
      to: '/beheer/facturen',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-complaints',
      labelKey: 'admin.nav.complaints',
      to: '/beheer/klachten',
      permission: 'menu-item:admin',
    },
    {
      kind: 'internal',
      id: 'admin-account',
      labelKey: 'admin.nav.account',
      to: '/beheer/account',
      end: true,
      permission: 'menu-item:admin-account',
    },
  ],
} as const satisfies Record<'client' | 'lawyer' | 'admin', readonly NavItem[]>;

/** What the case has that some entries wait for: `settlement`, a first version of the settlement agreement. */
export type NavFacts = { settlement?: boolean };

export function getNavItems(
  user: { roles: readonly string[]; permissions: readonly string[] },
  facts: NavFacts = {},
): readonly NavItem[] {
  const role = getRole(user.roles);
  if (!role) return [];
  const items: readonly NavItem[] = NAV_ITEMS[role];
  return items.filter(
    (item) =>
      user.permissions.includes(item.permission) &&
      (item.kind !== 'internal' || !item.onlyWith || facts[item.onlyWith] === true),
  );
}
