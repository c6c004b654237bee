import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { VIEW } from '../../contract/permissions';
import { ErrorPage } from '../features/errors/error-page';
import { RouterErrorPage } from '../features/errors/router-error-page';
import { firstPageLoader, type PageData } from '../lib/first-page';
import { loadWithReload } from '../lib/lazy-module';
import { RedirectIfSignedIn, RequireAuth, RequirePermission, RequireRole } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { InitialLoading, RootLayout } from './root-layout';
import type { RouteHandle } from './route-handle';

/**
 * A lazy route module (one per page); a module that fails to load reloads the page once.
 * `data` picks the module's {@link PageData}: the queries the first page of a visit loads before
 * it renders (lib/first-page.ts; the pages of BOOT_ROUTES in scripts/boot-script.ts).
 */
function page<M>(
  moduleId: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  data?: (module: M) => PageData,
) {
  return async () => {
    const module = await loadWithReload(moduleId, load);
    return data ? { Component: pick(module), loader: firstPageLoader(data(module)) } : { Component: pick(module) };
  };
}

const title = (titleKey: string): RouteHandle => ({ titleKey });

/** Every route with its page title and permission. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <RouterErrorPage />,
    hydrateFallbackElement: <InitialLoading />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          {
            errorElement: <ErrorPage />,
            children: [
              {
                element: <RedirectIfSignedIn />,
                children: [
                  {
                    path: 'login',
                    handle: title('pages.login.title'),
                    lazy: page(
                      'login-page',
                      () => import('../features/auth/login-page'),
                      (m) => m.LoginPage,
                    ),
                  },
                ],
              },
              {
                path: 'login/code',
                handle: title('pages.loginCode.title'),
                lazy: page(
                  'login-code-page',
                  () => import('../features/auth/login-code-page'),
                  (m) => m.LoginCodePage,
                ),
              },
              {
                // The unsubscribe link of a mail works without logging in (notifications).
                path: 'afmelden',
                handle: title('notifications.unsubscribe.title'),
                lazy: page(
                  'unsubscribe-page',
                  () => import('../features/unsubscribe/unsubscribe-page'),
                  (m) => m.UnsubscribePage,
                ),
              },
              {
                // Staff: the second factor after the e-mail code.
                path: 'login/tweestapsverificatie',
                handle: title('twoFactor.pageTitle'),
                lazy: page(
                  'two-factor-page',
                  () => import('../features/auth/two-factor-page'),
                  (m) => m.TwoFactorPage,
                ),
              },
              {
                path: 'not-found',
                handle: title('pages.notFound.title'),
                lazy: page(
                  'not-found-page',
                  () => import('../features/errors/not-found-page'),
                  (m) => m.NotFoundPage,
                ),
              },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: page(
              'app-layout',
              () => import('./layouts/app-layout'),
              (m) => m.AppLayout,
              (m) => m.layoutData,
            ),
            children: [
              {
                errorElement: <ErrorPage />,
                children: [
                  // Client
                  {
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.dashboard.title'),
                        lazy: page(
                          'dashboard-page',
                          () => import('../features/dashboard/dashboard-page'),
                          (m) => m.DashboardPage,
                          (m) => m.dashboardData,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'mijn-verhaal',
                    element: <RequirePermission needed={[VIEW.VIEW_MY_STORY]} />,
                    handle: { fullBleed: true } satisfies RouteHandle,
                    children: [
                      {
                        lazy: page(
                          'my-story-layout',
                          () => import('../features/my-story/my-story-layout'),
                          (m) => m.MyStoryLayout,
                        ),
                        children: [
                          {
                            index: true,
                            handle: title('pages.myStory.personal.title'),
                            lazy: page(
                              'personal-data-page',
                              () => import('../features/my-story/personal-data-page'),
                              (m) => m.PersonalDataPage,
                            ),
                          },
                          {
                            path: 'werkgever-gegevens',
                            handle: title('pages.myStory.employer.title'),
                            lazy: page(
                              'employer-page',
                              () => import('../features/my-story/employer-page'),
                              (m) => m.EmployerPage,
                            ),
                          },
                          {
                            path: 'verhaal-gegevens',
                            handle: title('pages.myStory.story.title'),
                            lazy: page(
                              'story-page',
                              () => import('../features/my-story/story-page'),
                              (m) => m.StoryPage,
                            ),
                          },
                        ],
                      },
                    ],
                  },
                  {
                    path: 'documenten',
                    element: <RequirePermission needed={[VIEW.VIEW_DOCUMENTS]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.documents.title'),
                        lazy: page(
                          'documents-page',
                          () => import('../features/documents/documents-page'),
                          (m) => m.DocumentsPage,
                          (m) => m.documentsData,
                        ),
                      },
                    ],
                  },
                  {
                    // Messages with the lawyer; every client may use them.
                    path: 'berichten',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('messages.title'),
                        lazy: page(
                          'client-messages-page',
                          () => import('../features/messages/client-messages-page'),
                          (m) => m.ClientMessagesPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'offerte',
                    element: <RequirePermission needed={[VIEW.VIEW_OFFER]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.offer.title'),
                        lazy: page(
                          'offer-page',
                          () => import('../features/offer/offer-page'),
                          (m) => m.OfferPage,
                        ),
                      },
                    ],
                  },
                  {
                    // The client's settings: optional mails (notifications).
                    path: 'instellingen',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('notifications.settings.title'),
                        lazy: page(
                          'settings-page',
                          () => import('../features/account/settings-page'),
                          (m) => m.SettingsPage,
                        ),
                      },
                    ],
                  },
                  {
                    // 'Een klacht indienen' (footer and dashboard), at any phase.
                    path: 'klacht',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('complaints.title'),
                        lazy: page(
                          'complaints-page',
                          () => import('../features/complaints/complaints-page'),
                          (m) => m.ComplaintsPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'opdrachtbevestiging',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.proposal.title'),
                        lazy: page(
                          'proposal-page',
                          () => import('../features/proposal/proposal-page'),
                          (m) => m.ProposalPage,
                        ),
                      },
                    ],
                  },
                  {
                    // No permission is stated for /review; it is the client's (their
                    // feedback on their lawyer), so it is guarded like the dashboard it is linked from.
                    path: 'review',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.review.title'),
                        lazy: page(
                          'review-page',
                          () => import('../features/review/review-page'),
                          (m) => m.ReviewPage,
                        ),
                      },
                    ],
                  },
                  {
                    // The settlement negotiation: every version, what changed, the WW check and the bedenktijd.
                    path: 'onderhandeling',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('settlement.negotiation.title'),
                        lazy: page(
                          'negotiation-page',
                          () => import('../features/settlement/negotiation-page'),
                          (m) => m.NegotiationPage,
                        ),
                      },
                    ],
                  },
                  {
                    // The client's invoices; /facturen/{id} is where the payment's checkout returns to.
                    path: 'facturen',
                    element: <RequirePermission needed={[VIEW.VIEW_DASHBOARD]} />,
                    children: [
                      {
                        index: true,
                        handle: title('invoices.title.page'),
                        lazy: page(
                          'client-invoices-page',
                          () => import('../features/invoices/client-invoices-page'),
                          (m) => m.ClientInvoicesPage,
                        ),
                      },
                      {
                        path: ':invoiceId',
                        handle: title('invoices.title.page'),
                        lazy: page(
                          'client-invoices-page',
                          () => import('../features/invoices/client-invoices-page'),
                          (m) => m.ClientInvoicesPage,
                        ),
                      },
                    ],
                  },
                  {
                    // The statutory transition payment: a calculator for clients and lawyers.
                    path: 'transitievergoeding',
                    element: <RequireRole roles={['client', 'lawyer']} />,
                    children: [
                      {
                        index: true,
                        handle: title('settlement.calculator.title'),
                        lazy: page(
                          'transition-payment-page',
                          () => import('../features/settlement/transition-payment-page'),
                          (m) => m.TransitionPaymentPage,
                        ),
                      },
                    ],
                  },
                  // Lawyer
                  {
                    path: 'dossiers',
                    element: <RequirePermission needed={[VIEW.VIEW_FILES]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.cases.title'),
                        lazy: page(
                          'cases-page',
                          () => import('../features/cases/cases-page'),
                          (m) => m.CasesPage,
                          (m) => m.caseListData,
                        ),
                      },
                    ],
                  },
                  {
                    // no permission is checked on the case detail routes; the
                    // server answers 404 for a case that is not the user's.
                    path: 'dossiers/:caseId',
                    lazy: page(
                      'case-detail-layout',
                      () => import('../features/case-detail/case-detail-layout'),
                      (m) => m.CaseDetailLayout,
                      (m) => m.caseDetailData,
                    ),
                    children: [
                      {
                        index: true,
                        handle: title('pages.caseDetail.general.title'),
                        lazy: page(
                          'general-tab-page',
                          () => import('../features/case-detail/general-tab-page'),
                          (m) => m.GeneralTabPage,
                          (m) => m.generalTabData,
                        ),
                      },
                      {
                        path: 'documenten',
                        handle: title('pages.caseDetail.documents.title'),
                        lazy: page(
                          'documents-tab-page',
                          () => import('../features/case-documents/documents-tab-page'),
                          (m) => m.DocumentsTabPage,
                        ),
                      },
                      {
                        path: 'berichten',
                        handle: title('messages.tab'),
                        lazy: page(
                          'case-messages-tab',
                          () => import('../features/messages/case-messages-tab'),
                          (m) => m.CaseMessagesTab,
                        ),
                      },
                      {
                        path: 'vaststellingsovereenkomst',
                        handle: title('settlement.tab.title'),
                        lazy: page(
                          'settlement-tab-page',
                          () => import('../features/settlement/settlement-tab-page'),
                          (m) => m.SettlementTabPage,
                        ),
                      },
                      {
                        path: 'facturen',
                        handle: title('invoices.tab.heading'),
                        lazy: page(
                          'invoices-tab-page',
                          () => import('../features/invoices/invoices-tab-page'),
                          (m) => m.InvoicesTabPage,
                        ),
                      },
                    ],
                  },
                  {
                    // The lawyer's own archived cases (the admin's archive is under /beheer/archief).
                    path: 'archief',
                    element: <RequirePermission needed={[VIEW.VIEW_FILES]} />,
                    children: [
                      {
                        index: true,
                        handle: title('admin.pages.archive'),
                        lazy: page(
                          'lawyer-archive-page',
                          () => import('../features/admin/archive-page'),
                          (m) => m.LawyerArchivePage,
                        ),
                      },
                      {
                        path: ':caseId',
                        handle: title('admin.pages.archivedCase'),
                        lazy: page(
                          'lawyer-archive-detail-page',
                          () => import('../features/admin/archive-detail-page'),
                          (m) => m.LawyerArchiveDetailPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'feedback',
                    element: <RequirePermission needed={[VIEW.VIEW_FEEDBACK]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.feedback.title'),
                        lazy: page(
                          'feedback-page',
                          () => import('../features/feedback/feedback-page'),
                          (m) => m.FeedbackPage,
                        ),
                      },
                    ],
                  },
                  // Admin
                  {
                    path: 'beheer',
                    element: <RequirePermission needed={[VIEW.VIEW_ADMIN]} />,
                    children: [
                      {
                        index: true,
                        handle: title('admin.pages.lawyers'),
                        lazy: page(
                          'admin-lawyers-page',
                          () => import('../features/admin/lawyers-page'),
                          (m) => m.LawyersPage,
                        ),
                      },
                      {
                        path: 'dossiers',
                        handle: title('admin.pages.cases'),
                        lazy: page(
                          'admin-cases-page',
                          () => import('../features/admin/cases-page'),
                          (m) => m.AdminCasesPage,
                        ),
                      },
                      {
                        path: 'audit',
                        handle: title('admin.pages.audit'),
                        lazy: page(
                          'admin-audit-page',
                          () => import('../features/admin/audit-page'),
                          (m) => m.AuditPage,
                        ),
                      },
                      {
                        path: 'inzicht',
                        handle: title('admin.pages.insight'),
                        lazy: page(
                          'admin-insight-page',
                          () => import('../features/admin/insight-page'),
                          (m) => m.InsightPage,
                        ),
                      },
                      {
                        path: 'outbox',
                        handle: title('admin.pages.outbox'),
                        lazy: page(
                          'admin-outbox-page',
                          () => import('../features/admin/outbox-page'),
                          (m) => m.OutboxPage,
                        ),
                      },
                      {
                        path: 'archief',
                        handle: title('admin.pages.archive'),
                        lazy: page(
                          'admin-archive-page',
                          () => import('../features/admin/archive-page'),
                          (m) => m.ArchivePage,
                        ),
                      },
                      {
                        path: 'archief/:caseId',
                        handle: title('admin.pages.archivedCase'),
                        lazy: page(
                          'admin-archive-detail-page',
                          () => import('../features/admin/archive-detail-page'),
                          (m) => m.ArchiveDetailPage,
                        ),
                      },
                      {
                        path: 'facturen',
                        handle: title('invoices.admin.heading'),
                        lazy: page(
                          'admin-invoices-page',
                          () => import('../features/invoices/admin-invoices-page'),
                          (m) => m.AdminInvoicesPage,
                        ),
                      },
                      {
                        path: 'klachten',
                        handle: title('complaints.register.title'),
                        lazy: page(
                          'complaint-register-page',
                          () => import('../features/complaints/register-page'),
                          (m) => m.ComplaintRegisterPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'beheer/account',
                    element: <RequirePermission needed={[VIEW.VIEW_ADMIN_ACCOUNT]} />,
                    children: [
                      {
                        index: true,
                        handle: title('admin.pages.account'),
                        lazy: page(
                          'admin-account-page',
                          () => import('../features/account/account-page'),
                          (m) => m.AdminAccountPage,
                        ),
                      },
                    ],
                  },
                  {
                    path: 'account',
                    element: <RequirePermission needed={[VIEW.VIEW_ACCOUNT]} />,
                    children: [
                      {
                        index: true,
                        handle: title('pages.account.title'),
                        lazy: page(
                          'account-page',
                          () => import('../features/account/account-page'),
                          (m) => m.AccountPage,
                        ),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      // Every unknown path (fallback redirect /not-found).
      { path: '*', element: <Navigate to="/not-found" replace /> },
    ],
  },
];
