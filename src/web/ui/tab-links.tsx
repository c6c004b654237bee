import { NavLink } from 'react-router';
import { cn } from './cn';

export const TAB_STRIP_LIST = '-mb-px flex flex-wrap gap-x-1';
export const TAB_LINK = 'inline-flex min-h-11 items-center border-b-2 px-3 py-2 font-medium whitespace-nowrap sm:px-4';
export const TAB_LINK_CURRENT = 'border-brand-700 text-brand-900';
export const TAB_LINK_OTHER = 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900';

export type TabLink = { to: string; label: string; end?: boolean };

/**
 * Tabs that are routes: a labelled list of links, the current one marked with aria-current.
 * The strip wraps onto a second line when it does not fit (360 px phones), so every tab stays
 * visible; `TAB_STRIP_LIST` and `TAB_LINK` are shared with the case list's group tabs.
 */
export function TabLinks({ tabs, label, className }: { tabs: readonly TabLink[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn('border-b border-slate-300', className)}>
      <ul className={TAB_STRIP_LIST}>
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) => cn(TAB_LINK, isActive ? TAB_LINK_CURRENT : TAB_LINK_OTHER)}
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
