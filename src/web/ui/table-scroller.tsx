import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on a phone. The scroller is a named region in the tab
 * order, so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {children}
    </div>
  );
}
