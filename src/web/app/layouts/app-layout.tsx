import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet } from 'react-router';
import { getRole } from '../../../contract/permissions';
import { selectToken, selectUser, session, useSession } from '../../lib/app-session';
import { useLiveEventStream } from '../../lib/live-events';
import { queryClient } from '../../lib/query-client';
import type { PageData } from '../../lib/first-page';
import { unreadQueryOptions } from '../../lib/messages-query';
import { settlementSummaryQueryOptions, useSettlementSummary } from '../../lib/settlement-query';
import { loadSite } from '../../lib/site';
import { currentUserQueryOptions } from '../../lib/user';
import { useStoreLanguageOnServer } from '../../lib/user-language';
import { cn } from '../../ui/cn';
import { UnsavedChangesGuard } from '../../ui/unsaved-changes-guard';
import { useRouteHandle } from '../route-handle';
import { getNavItems } from './nav-items';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The client's case id, for the menu entry that waits for a settlement version. */
const clientCaseId = (user: { roles: readonly string[]; case: { id: string } | null } | null) =>
  user && getRole(user.roles) === 'client' ? (user.case?.id ?? null) : null;

/**
 * The layout's data for the first page (lib/first-page.ts): site, signed-in user, unread counts,
 * and for a client whether the settlement has a version (the menu's 'Onderhandeling').
 */
export const layoutData: PageData = () => {
  const caseId = clientCaseId(session.getState().user);
  return Promise.all([
    loadSite(),
    queryClient.prefetchQuery(currentUserQueryOptions()),
    queryClient.prefetchQuery(unreadQueryOptions()),
    caseId ? queryClient.prefetchQuery(settlementSummaryQueryOptions(caseId)) : null,
  ]);
};

/** The signed-in layout: header with the role's menu, the page, the footer. */
export function AppLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <SignedInShell />
    </QueryClientProvider>
  );
}

function SignedInShell() {
  const { t } = useTranslation();
  const user = useSession(selectUser);
  const { fullBleed } = useRouteHandle();
  const { data: freshUser } = useQuery(currentUserQueryOptions());
  useStoreLanguageOnServer(freshUser);
  // New messages, unread counts and case changes arrive live (server-sent events).
  useLiveEventStream(queryClient, useSession(selectToken));
  // 'Onderhandeling' joins the client's menu with the first settlement version (live, like the rest).
  const settlement = useSettlementSummary(clientCaseId(user));

  // Keep the stored user in step with the server (a 401 here ends the session).
  useEffect(() => {
    if (freshUser) session.dispatch({ type: 'updateUser', user: freshUser });
  }, [freshUser]);

  if (!user) return <Navigate to="/login" replace />;
  const items = getNavItems(user, { settlement: (settlement.data?.versions.length ?? 0) > 0 });
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className={
          'sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg ' +
          'focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-brand-800 focus:shadow'
        }
      >
        {t('app.skipToContent')}
      </a>
      <SiteHeader user={user} items={items} />
      {/* At least a screen high, so the footer starts below the fold and never jumps as the page loads. */}
      <main
        id="main"
        tabIndex={-1}
        className={cn('min-h-dvh flex-1 outline-none', !fullBleed && 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6')}
      >
        <Outlet />
      </main>
      <SiteFooter items={items} />
      <UnsavedChangesGuard />
    </div>
  );
}
