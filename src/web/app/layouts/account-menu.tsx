import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { UserRound } from 'lucide-react';
import { useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../../contract/users';
import { Avatar } from '../../ui/avatar';
import { AccountMenuButton } from './account-menu-button';
import { getUserName } from './user-name';

/**
 * The lawyer's account dropdown: profile photo and full name, with a link to /account. Loaded
 * after the first page (lazy-account-menu.tsx): `defaultOpen` when the user opened it before;
 * the trigger takes the focus when the button that stood in for it had it (`standInFocused`).
 */
export function AccountMenu({
  user,
  defaultOpen = false,
  standInFocused,
}: {
  user: User;
  defaultOpen?: boolean;
  standInFocused?: RefObject<boolean>;
}) {
  const { t } = useTranslation();
  const name = getUserName(user);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (standInFocused?.current && !defaultOpen) trigger.current?.focus();
  }, [standInFocused, defaultOpen]);
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <AccountMenuButton ref={trigger} user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl bg-white p-2 shadow-lg ring-1 ring-slate-200"
        >
          <div className="flex items-center gap-3 px-2 py-2">
            <Avatar src={user.avatar} className="size-10" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{name}</p>
              <p className="truncate text-sm text-slate-700">{user.email}</p>
            </div>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild>
            <Link
              to="/account"
              className={
                'flex min-h-11 items-center gap-2 rounded-lg px-2 py-2 font-medium text-slate-900 ' +
                'outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-900'
              }
            >
              <UserRound className="size-4" aria-hidden="true" />
              {t('nav.account')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
