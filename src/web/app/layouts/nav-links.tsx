import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSite } from '../../lib/site';
import { cn } from '../../ui/cn';
import type { NavItem } from './nav-items';
import { UnreadBadge } from '../../widgets/unread-badge';

type NavLinksProps = {
  items: readonly NavItem[];
  /** Classes of each link; `active` adds those of the current page. */
  linkClassName: string;
  activeClassName?: string;
  listClassName?: string;
  onNavigate?: () => void;
};

/**
 * The role's menu as a list of links; external links open in a new tab and say so in their
 * accessible name (`aria-label`, which starts with the visible label), and the new-tab arrow is
 * drawn by CSS (`external-link-arrow`): the visible label stays one short line.
 */
export function NavLinks({ items, linkClassName, activeClassName, listClassName, onNavigate }: NavLinksProps) {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <ul className={listClassName}>
      {items.map((item) => {
        if (item.kind === 'internal') {
          const label = t(item.labelKey);
          return (
            <li key={item.id}>
              {item.badge === 'unread-messages' ? (
                <MessagesNavLink
                  to={item.to}
                  label={label}
                  className={linkClassName}
                  activeClassName={activeClassName}
                  onNavigate={onNavigate}
                />
              ) : (
                <NavLink
                  to={item.to}
                  end={item.end}
                  onClick={onNavigate}
                  className={({ isActive }) => cn(linkClassName, isActive && activeClassName)}
                >
                  {label}
                </NavLink>
              )}
            </li>
          );
        }
        const href = site?.[item.urlKey];
        if (typeof href !== 'string' || !href) return null;
        const label = t(item.labelKey);
        return (
          <li key={item.id}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} ${t('nav.opensInNewTab')}`}
              className={cn(linkClassName, 'external-link-arrow')}
              onClick={onNavigate}
            >
              {label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Berichten' with the unread count as a badge; screen readers hear 'Berichten, 3 ongelezen
 * berichten' from the link's own content (the badge's digits are hidden from them, its words
 * visually hidden), so the accessible name always holds the visible label.
 */
function MessagesNavLink({
  to,
  label,
  className,
  activeClassName,
  onNavigate,
}: {
  to: string;
  label: string;
  className: string;
  activeClassName?: string;
  onNavigate?: () => void;
}) {
  return (
    <NavLink to={to} onClick={onNavigate} className={({ isActive }) => cn(className, isActive && activeClassName)}>
      {label}
      <UnreadBadge />
    </NavLink>
  );
}
