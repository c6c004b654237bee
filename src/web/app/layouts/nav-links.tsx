import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useUnreadMessages } from '../../lib/messages-query';
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
 * The role's menu as a list of links; external links open in a new tab and say so. What only a
 * screen reader hears ('opens in a new tab', the unread count) is in the link's accessible name
 * (`aria-label`), not in hidden text inside it, and the new-tab arrow is drawn by CSS
 * (`external-link-arrow`): the visible label is the link's only content, one short line.
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

/** 'Berichten' with the unread count as a badge; screen readers hear 'Berichten, 3 ongelezen berichten'. */
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
  const { t } = useTranslation();
  const count = useUnreadMessages().data?.total ?? 0;
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      aria-label={count > 0 ? `${label}, ${t('messages.unreadCount', { count })}` : undefined}
      className={({ isActive }) => cn(className, isActive && activeClassName)}
    >
      {label}
      <UnreadBadge announce={false} />
    </NavLink>
  );
}
