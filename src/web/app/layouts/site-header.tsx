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

/**
 * Header: logo to /, the role's links and logout; lawyers also get the account dropdown. From 1024 px on the menu has a
 * row of its own under the logo and 'Uitloggen', the whole width of the page, and wraps onto a second line rather
 * than push anything out: a client's menu grows with the case (negotiation, messages, tools), and 'Uitloggen' must
 * stay whole beside the logo at 1280 px, in every language. The order for the keyboard stays logo, menu, logout.
 */
export function SiteHeader({ user, items }: { user: User; items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const productName = useProductName(t('app.productName'));
  const isLawyer = getRole(user.roles) === 'lawyer';
  return (
    <header className="border-b border-slate-200 bg-white">
      <div
        className={
          'mx-auto flex min-h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 ' +
          'lg:grid lg:grid-cols-[auto_minmax(0,1fr)] lg:grid-rows-[4rem_auto] lg:gap-y-0'
        }
      >
        <Link to="/" className="shrink-0 justify-self-start rounded-md lg:col-start-1 lg:row-start-1">
          <Logo label={t('header.homeLink', { name: productName })} className="w-32 sm:w-36" />
        </Link>
        <nav aria-label={t('nav.mainLabel')} className="hidden lg:col-span-2 lg:row-start-2 lg:-mx-2 lg:block lg:pb-2">
          <NavLinks
            items={items}
            // Each label on one line ('Mijn verhaal' never breaks); a menu longer than the row wraps as a whole link.
            listClassName="flex flex-wrap items-center gap-x-0.5 gap-y-1"
            linkClassName={
              'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 py-2 font-medium ' +
              'whitespace-nowrap text-slate-800 hover:bg-slate-100 hover:text-slate-900 xl:px-2.5'
            }
            activeClassName="bg-brand-50 text-brand-900"
          />
        </nav>
        <div className="hidden shrink-0 items-center gap-3 lg:col-start-2 lg:row-start-1 lg:flex lg:justify-self-end">
          {isLawyer && <LazyAccountMenu user={user} />}
          <LogoutButton className="whitespace-nowrap" />
        </div>
        <div className="lg:hidden">
          <MobileMenu user={user} items={items} />
        </div>
      </div>
    </header>
  );
}
