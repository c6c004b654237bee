import { ChevronDown } from 'lucide-react';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/users';
import { Avatar } from '../../ui/avatar';
import { getUserName } from './user-name';

type Props = ComponentPropsWithoutRef<'button'> & { user: User };

/**
 * The account dropdown's button: profile photo and full name. Shown by itself until the menu's
 * code has loaded (lazy-account-menu.tsx), and as the menu's trigger afterwards.
 */
export const AccountMenuButton = forwardRef<HTMLButtonElement, Props>(function AccountMenuButton(
  { user, ...props },
  ref,
) {
  const { t } = useTranslation();
  const name = getUserName(user);
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-label={`${name} (${t('header.accountMenu')})`}
      className={
        'flex min-h-11 items-center gap-2 rounded-full py-1 pr-3 pl-1 ' +
        'text-slate-900 hover:bg-slate-100 data-[state=open]:bg-slate-100'
      }
      {...props}
    >
      <Avatar src={user.avatar} className="size-9" />
      <span className="max-w-48 truncate font-medium">{name}</span>
      <ChevronDown className="size-4" aria-hidden="true" />
    </button>
  );
});
