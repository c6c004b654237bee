import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getRole } from '../../../contract/permissions';
import type { User } from '../../../contract/users';
import { useProductName } from '../../lib/site';
import { Logo } from '../../ui/logo';
import { LazyAccountMenu } from './lazy-account-menu';
import { LogoutButton } from './logout-button';
import { MobileMenu } from './mobile-menu';
import type { NavItem } from './nav-items';
import { NavLinks } from './nav-links';

/** Header: logo to /, the role's links and logout; lawyers also get the account dropdown. */
export function SiteHeader({ user, items }: { user: User; items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const productName = useProductName(t('app.productName'));
  const isLawyer = getRole(user.roles) === 'lawyer';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex min-h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="shrink-0 rounded-md">
          <Logo label={t('header.homeLink', { name: productName })} className="w-32 sm:w-36" />
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="hidden lg:block">
          <NavLinks
            items={items}
            // Each label on one line ('Mijn verhaal' never breaks); the client's seven links fit beside the logo from
            // 1024 px on.
            listClassName="flex items-center gap-0.5"
            linkClassName={
              'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 py-2 font-medium ' +
              'whitespace-nowrap text-slate-800 hover:bg-slate-100 hover:text-slate-900 xl:px-2.5'
            }
            activeClassName="bg-brand-50 text-brand-900"
          />
        </nav>
        <div className="hidden items-center gap-3 lg:flex">
          {isLawyer && <LazyAccountMenu user={user} />}
          <LogoutButton />
        </div>
        <div className="lg:hidden">
          <MobileMenu user={user} items={items} />
        </div>
      </div>
    </header>
  );
}
