import { lazy, startTransition, Suspense, useEffect, useRef, useState } from 'react';
import type { User } from '../../../contract/users';
import { afterFirstPaint } from '../../lib/after-first-paint';
import { loadWithReload } from '../../lib/lazy-module';
import { AccountMenuButton } from './account-menu-button';

const AccountMenu = lazy(() =>
  loadWithReload('account-menu', () => import('./account-menu')).then((m) => ({ default: m.AccountMenu })),
);

/**
 * The account dropdown, its menu code loaded once the first page has painted (decision 026):
 * a menu library (Radix's dropdown with its positioning) is a sixth of the signed-in layout's
 * script, and the first page never opens the menu. Until then the same button stands in; a
 * click on it loads the menu at once and opens it, and the focus stays on the button.
 */
export function LazyAccountMenu({ user }: { user: User }) {
  const [load, setLoad] = useState(false);
  const [openAtStart, setOpenAtStart] = useState(false);
  const standInFocused = useRef(false);
  // In a transition: the button stays as it is while the code loads (no fallback remount).
  const startLoading = () => startTransition(() => setLoad(true));
  useEffect(() => afterFirstPaint(startLoading), []);
  const standIn = (
    <AccountMenuButton
      user={user}
      aria-expanded={false}
      onFocus={() => (standInFocused.current = true)}
      onBlur={() => (standInFocused.current = false)}
      onClick={() => {
        setOpenAtStart(true);
        startLoading();
      }}
    />
  );
  return (
    <Suspense fallback={standIn}>
      {load ? <AccountMenu user={user} defaultOpen={openAtStart} standInFocused={standInFocused} /> : standIn}
    </Suspense>
  );
}
