import { lazy, Suspense, useState, type ReactNode } from 'react';
import { usePreloadAfterFirstPaint } from '../lib/after-first-paint';
import { loadWithReload } from '../lib/lazy-module';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned on wide screens, stacked on narrow ones). */
  actions?: ReactNode;
  className?: string;
  /**
   * Where the focus goes on close, when the element that opened the dialog should not get it
   * back (its item was just deleted); null or undefined: back to that element.
   */
  focusOnClose?: () => HTMLElement | null | undefined;
};

const loadDialogCode = () => import('./dialog-impl');
const DialogImpl = lazy(() => loadWithReload('dialog', loadDialogCode).then((m) => ({ default: m.DialogImpl })));

/**
 * A modal dialog (Radix, in `dialog-impl.tsx`): focus is trapped and returned, Escape and a
 * click outside close it. Use only in signed-in screens; the login page does not load Radix.
 * A closed dialog renders nothing and its code loads after the first paint (decision 026), so
 * the page's first render neither waits for nor runs it; a dialog opened before that shows as
 * soon as its code is in.
 */
export function Dialog(props: DialogProps) {
  const [used, setUsed] = useState(props.open);
  usePreloadAfterFirstPaint(loadDialogCode);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}
