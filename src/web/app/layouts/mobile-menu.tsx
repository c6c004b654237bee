import { Menu } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../contract/users';
import { usePreloadAfterFirstPaint } from '../../lib/after-first-paint';
import { loadWithReload } from '../../lib/lazy-module';
import type { NavItem } from './nav-items';

const loadSheetCode = () => import('./mobile-menu-sheet');
const MobileMenuSheet = lazy(() =>
  loadWithReload('mobile-menu', loadSheetCode).then((m) => ({ default: m.MobileMenuSheet })),
);

/**
 * The mobile menu: a button that opens the sheet (mobile-menu-sheet.tsx) with the role's links.
 * The sheet's code (Radix Dialog) loads after the first paint, or at once when the button is
 * used before that (decision 026).
 */
export function MobileMenu({ user, items }: { user: User; items: readonly NavItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  usePreloadAfterFirstPaint(loadSheetCode);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="inline-flex size-11 items-center justify-center rounded-lg text-slate-900 hover:bg-slate-100"
      >
        <Menu className="size-6" aria-hidden="true" />
        <span className="sr-only">{t('header.openMenu')}</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} items={items} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
