import { NavLink } from 'react-router';
import { cn } from './cn';

export type TabLink = { to: string; label: string; end?: boolean };

/** Tabs that are routes: a labelled list of links, the current one marked with aria-current. */
export function TabLinks({ tabs, label, className }: { tabs: readonly TabLink[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cn('border-b border-slate-300', className)}>
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'inline-flex min-h-11 items-center border-b-2 px-4 py-2 font-medium whitespace-nowrap',
                  isActive ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-700 hover:border-slate-400 hover:text-slate-900',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
