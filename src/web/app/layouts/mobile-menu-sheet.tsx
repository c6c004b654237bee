import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getRole } from '../../../contract/permissions';
import type { User } from '../../../contract/users';
import { Avatar } from '../../ui/avatar';
import { LogoutButton } from './logout-button';
import type { NavItem } from './nav-items';
import { NavLinks } from './nav-links';
import { getUserName } from './user-name';

type Props = {
  user: User;
  items: readonly NavItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
};

/**
 * The mobile menu's sheet (Radix Dialog): the role's links, a close button and a second logout;
 * lawyers also see their name. Loaded by mobile-menu.tsx; closing gives the focus back to its
 * button.
 */
export function MobileMenuSheet({ user, items, open, onOpenChange, trigger }: Props) {
  const { t } = useTranslation();
  const isLawyer = getRole(user.roles) === 'lawyer';
  const close = () => onOpenChange(false);
  // The lawyer's profile block carries 'Mijn account'; the list does not repeat it.
  const listItems = isLawyer ? items.filter((item) => item.id !== 'account') : items;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/60" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!trigger.current?.isConnected) return;
            event.preventDefault();
            trigger.current.focus();
          }}
          className={
            'fixed inset-y-0 right-0 z-50 flex w-full max-w-sm ' +
            'flex-col gap-6 overflow-y-auto bg-white p-5 shadow-xl'
          }
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{t('header.menu')}</Dialog.Title>
            <Dialog.Close
              className={
                'inline-flex size-11 items-center justify-center ' + 'rounded-lg text-slate-900 hover:bg-slate-100'
              }
            >
              <X className="size-6" aria-hidden="true" />
              <span className="sr-only">{t('header.closeMenu')}</span>
            </Dialog.Close>
          </div>
          {isLawyer && (
            <div className="flex items-center gap-3 rounded-xl bg-brand-50 p-3">
              <Avatar src={user.avatar} className="size-12" />
              <div className="min-w-0">
                <p className="truncate font-semibold text-slate-900">{getUserName(user)}</p>
                <p className="text-sm text-slate-700">{t('header.lawyerSubtitle')}</p>
                <Link
                  to="/account"
                  onClick={close}
                  className="text-sm font-medium text-brand-700 underline underline-offset-4"
                >
                  {t('nav.account')}
                </Link>
              </div>
            </div>
          )}
          <nav aria-label={t('nav.mobileLabel')}>
            <NavLinks
              items={listItems}
              onNavigate={close}
              listClassName="flex flex-col gap-1"
              linkClassName={
                'flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 ' +
                'font-medium whitespace-nowrap text-slate-900 hover:bg-slate-100'
              }
              activeClassName="bg-brand-50 text-brand-900"
            />
          </nav>
          <LogoutButton className="mt-auto w-full" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
