import { STATUSES } from '../../contract/statuses';
import type { Stepper } from '../../contract/stepper';
import type { User } from '../../contract/users';
import { on, type FakeResponse, type FakeRoute } from './fake-fetch';
import { makeClientCaseView, makeSettlement } from './fixtures';

/** The case a client lands on in tests about something else (login, guards, the layout). */
export const LANDING_CASE_ID = '20000000-0000-4000-8000-0000000000aa';

/** A paginated answer with nothing in it (contract/pagination.ts). */
export const emptyPage = {
  data: [],
  links: { first: null, last: null, prev: null, next: null },
  meta: { current_page: 1, from: null, last_page: 1, links: [], path: '', per_page: 20, to: null, total: 0 },
};

/** The client's steps with the case at 'Lead' (GET /api/cases/{id}/status-stepper). */
const leadStepper: Stepper = {
  profile_complete: false,
  company_details_complete: false,
  documents_complete: false,
  feedback: false,
  stepper: STATUSES.map((status) => {
    const content = {
      subtitle: `Stap ${status.order}`,
      colour: 'red' as const,
      title: status.displayName,
      description: '',
      buttons: [],
    };
    return {
      slug: status.slug,
      display_name: status.displayName,
      order: status.order,
      is_current: status.slug === 'lead',
      is_complete: false,
      articles: [],
      content_incomplete: content,
      content_complete: content,
    };
  }),
};

/** A GET of the path, with or without a query string. */
function getAnyQuery(path: string, answer: FakeResponse): FakeRoute {
  return (request) =>
    request.method === 'GET' && (request.path === path || request.path.startsWith(`${path}?`)) ? answer : undefined;
}

/**
 * Answers for what the signed-in layout and each role's first page ask, for tests about
 * something else (signing in, the route guards, the menus): the user, the language stored on it,
 * unread messages, the lawyer's case list and tasks, feedback, upcoming conversations, the
 * client's case, questions and invoices, and the account pages. Put them after the test's own routes: the
 * first route that answers wins.
 */
export function landingRoutes(user: User): FakeRoute[] {
  return [
    on('GET', '/api/user', { status: 200, body: { data: user } }),
    on('PATCH', '/api/user', (request) => ({ status: 200, body: { data: { ...user, ...(request.body as object) } } })),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    // Lawyer: /dossiers.
    on('GET', '/api/cases/count-by-status', { status: 200, body: { data: [] } }),
    on('GET', '/api/invoices/tasks', { status: 200, body: { data: [] } }),
    getAnyQuery('/api/cases', { status: 200, body: emptyPage }),
    on('GET', '/api/feedbacks/latest', { status: 200, body: { data: null } }),
    getAnyQuery('/api/feedbacks/received', { status: 200, body: emptyPage }),
    on('GET', '/api/appointments', { status: 200, body: { data: [], callbacks: [] } }),
    // Client: the dashboard.
    on('GET', '/api/cases/mine', { status: 200, body: { data: makeClientCaseView(LANDING_CASE_ID, 'lead') } }),
    on('GET', '/api/client-questions', { status: 200, body: { data: [] } }),
    getAnyQuery(`/api/cases/${LANDING_CASE_ID}/status-stepper`, { status: 200, body: { data: leadStepper } }),
    getAnyQuery(`/api/cases/${LANDING_CASE_ID}/timeline`, { status: 200, body: emptyPage }),
    on('GET', `/api/cases/${LANDING_CASE_ID}/appointment`, {
      status: 200,
      body: { data: null, lawyer: null, mode: 'video', notice_hours: 24, callback_requested_at: null },
    }),
    on('GET', `/api/cases/${LANDING_CASE_ID}/documents`, { status: 200, body: { data: [] } }),
    on('GET', `/api/cases/${LANDING_CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
    on('GET', `/api/cases/${LANDING_CASE_ID}/invoices`, {
      status: 200,
      body: { data: [], meta: { can_create: false, tasks: [] } },
    }),
    // The account and settings pages.
    on('GET', '/api/account/two-factor', {
      status: 200,
      body: { data: { enabled: true, enabled_at: '2026-11-01T09:00:00.000Z', recovery_codes_remaining: 10 } },
    }),
    on('GET', '/api/lawyer-questions', { status: 200, body: { data: [] } }),
    on('GET', '/api/user/mail-preferences', {
      status: 200,
      body: { data: { phase_changes: true, reminders: true, uploads: true } },
    }),
    on('GET', '/api/user/absences', { status: 200, body: { data: [] } }),
  ];
}
