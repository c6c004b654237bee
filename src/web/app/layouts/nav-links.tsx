import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSite } from '../../lib/site';
import { cn } from '../../ui/cn';
import type { NavItem } from './nav-items';
import { UnreadBadge } from '../../ui/unread-badge';

type NavLinksProps = {
  items: readonly NavItem[];
  /** Classes of each link; `active` adds those of the current page. */
  linkClassName: string;
  activeClassName?: string;
  listClassName?: string;
  onNavigate?: () => void;
};

/** The role's menu as a list of links; external links open in a new tab and say so. */
export function NavLinks({ items, linkClassName, activeClassName, listClassName, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <ul className={listClassName}>
      {items.map((item) => {
        if (item.kind === 'internal') {
          return (
            <li key={item.id}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) => cn(linkClassName, isActive && activeClassName)}
              >
                {t(item.labelKey)}
                {item.badge === 'unread-messages' && <UnreadBadge />}
              </NavLink>
            </li>
          );
        }
        const href = site?.[item.urlKey];
        if (typeof href !== 'string' || !href) return null;
        return (
          <li key={item.id}>
            <a href={href} target="_blank" rel="noopener noreferrer" className={linkClassName} onClick={onNavigate}>
              {t(item.labelKey)}
              <ExternalLink className="size-4" aria-hidden="true" />
              <span className="sr-only"> {t('nav.opensInNewTab')}</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
