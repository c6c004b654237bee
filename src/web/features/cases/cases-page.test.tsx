import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseListItem } from '../../../contract/cases';
import { session } from '../../lib/app-session';
import { emptyPage, makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const lawyer = makeUser('lawyer');

const item = (n: number): CaseListItem => ({
  id: `10000000-0000-4000-8000-00000000000${n}`,
  client_name: `Cliënt ${n}`,
  company_name: `Bedrijf ${n}`,
  status: { slug: 'check', display_name: 'Controles', order: 8 },
  offer: null,
  last_update_at: '2026-11-20T10:00:00.000Z',
  pending_documents: 0,
  stand_in_for: null,
});

/**
 * GET /api/cases as the server answers it for a filter with three cases on one page: any other page is empty, with the
 * total.
 */
const caseList: FakeRoute = (request) => {
  if (request.method !== 'GET' || !request.path.startsWith('/api/cases?')) return undefined;
  const page = Number(new URL(request.path, 'http://localhost').searchParams.get('page'));
  const data = page === 1 ? [item(1), item(2), item(3)] : [];
  return {
    status: 200,
    body: {
      data,
      links: { first: null, last: null, prev: null, next: null },
      meta: {
        current_page: page,
        from: data.length ? 1 : null,
        last_page: 1,
        links: [],
        path: '/api/cases',
        per_page: 10,
        to: data.length ? 3 : null,
        total: 3,
      },
    },
  };
};

/**
 * What the lawyer's layout asks besides the list: the language stored on the user, the upcoming first conversations.
 */
const layoutRoutes: FakeRoute[] = [
  on('PATCH', '/api/user', (request) => ({ status: 200, body: { data: { ...lawyer, ...(request.body as object) } } })),
  on('GET', '/api/appointments', { status: 200, body: { data: [], callbacks: [] } }),
];

function api(list: FakeRoute) {
  return installFakeFetch(
    list,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', '/api/cases/count-by-status', { status: 200, body: { data: [] } }),
    on('GET', '/api/invoices/tasks', { status: 200, body: { data: [] } }),
    on('GET', '/api/feedbacks/latest', { status: 200, body: { data: null } }),
    ...layoutRoutes,
  );
}

describe('/dossiers beyond the last page', () => {
  it('says the page does not exist and leads back to the first page, keeping the filter', async () => {
    api(caseList);
    const user = userEvent.setup();
    const { router } = renderApp('/dossiers?groep=voltooid&page=5', { user: lawyer });
    expect(
      await screen.findByText('Pagina 5 bestaat niet voor deze filtering.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Geen dossiers gevonden voor deze filtering.')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Naar de eerste pagina' }));
    await waitFor(() => expect(router.state.location.search).toBe('?groep=voltooid'));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Cliënt 1')).toBeInTheDocument();
  }, 20_000);

  it('says it in English in the English app', async () => {
    api(caseList);
    session.dispatch({ type: 'settings', settings: { language: 'en-US' } });
    renderApp('/dossiers?page=5', { user: { ...lawyer, language: 'en-US' } });
    expect(
      await screen.findByText('Page 5 does not exist for this filter.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the first page' })).toHaveAttribute('href', '/dossiers');
  }, 20_000);

  it("keeps 'Geen dossiers gevonden voor deze filtering.' for a filter without cases", async () => {
    api((request) =>
      request.method === 'GET' && request.path.startsWith('/api/cases?')
        ? {
            status: 200,
            body: emptyPage({ path: '/api/cases', perPage: 10 }),
          }
        : undefined,
    );
    renderApp('/dossiers', { user: lawyer });
    expect(
      await screen.findByText('Geen dossiers gevonden voor deze filtering.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Naar de eerste pagina' })).toBeNull();
  }, 20_000);
});

describe('/dossiers: a search finds a client in any group', () => {
  it("searches every group from the 'Actief' tab and shows each row's group", async () => {
    const completed: CaseListItem = {
      ...item(1),
      client_name: 'Émile Dubois',
      status: { slug: 'completed', display_name: 'Voltooid', order: 11 },
    };
    const active: CaseListItem = { ...item(2), client_name: 'Emile Jansen' };
    // The server's answer: without a status filter both cases, with the 'Actief' filter only the active one.
    const { calls } = api((request) => {
      if (request.method !== 'GET' || !request.path.startsWith('/api/cases?')) return undefined;
      const filtered = new URL(request.path, 'http://localhost').searchParams.has('statuses');
      const data = filtered ? [active] : [completed, active];
      return {
        status: 200,
        body: {
          data,
          links: { first: null, last: null, prev: null, next: null },
          meta: {
            current_page: 1,
            from: 1,
            last_page: 1,
            links: [],
            path: '/api/cases',
            per_page: 10,
            to: data.length,
            total: data.length,
          },
        },
      };
    });
    renderApp('/dossiers?zoek=emile', { user: lawyer });
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    const row = within(table).getByRole('row', { name: /Émile Dubois/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('Voltooid');
    expect(within(table).getByRole('columnheader', { name: 'Groep' })).toBeInTheDocument();
    expect(
      within(within(table).getByRole('row', { name: /Emile Jansen/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('Actief');
    expect(
      screen.getByText('Je zoekt in alle groepen: Actief, Klaar voor facturatie en Voltooid.'),
    ).toBeInTheDocument();
    // No tab claims the results; each tab ends the search.
    const tabs = screen.getByRole('navigation', { name: 'Filter op status' });
    expect(within(tabs).queryByRole('link', { current: 'page' })).toBeNull();
    expect(within(tabs).getByRole('link', { name: 'Voltooid' })).toHaveAttribute('href', '/dossiers?groep=voltooid');
    const listCalls = calls.filter((call) => call.path.startsWith('/api/cases?'));
    expect(listCalls.length).toBeGreaterThan(0);
    expect(listCalls.every((call) => !new URL(call.path, 'http://localhost').searchParams.has('statuses'))).toBe(true);
  }, 20_000);
});

describe("/dossiers: 'Openstaande taken'", () => {
  it("shows 'Opdrachtbevestiging versturen' with the count at 'Offerte gekozen', filtering to them", async () => {
    const user = userEvent.setup();
    installFakeFetch(
      on('GET', '/api/cases/count-by-status', {
        status: 200,
        body: {
          data: [
            { slug: 'offer-chosen', display_name: 'Offerte gekozen', order: 3, cases_count: 2 },
            { slug: 'check', display_name: 'Controles', order: 8, cases_count: 1 },
          ],
        },
      }),
      caseList,
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', '/api/invoices/tasks', { status: 200, body: { data: [] } }),
      on('GET', '/api/feedbacks/latest', { status: 200, body: { data: null } }),
      ...layoutRoutes,
    );
    const { router } = renderApp('/dossiers', { user: lawyer });
    const task = await screen.findByRole(
      'button',
      { name: /^Opdrachtbevestiging versturen\s*\(2\)$/ },
      { timeout: 15_000 },
    );
    await user.click(task);
    await waitFor(() => expect(router.state.location.search).toBe('?taak=offer-chosen'));
    expect(await screen.findByText(/Gefilterd op taak: Opdrachtbevestiging versturen/)).toBeInTheDocument();
  }, 30_000);
});

describe('/dossiers: the invoice tasks', () => {
  it('counts the paid-invoice task among the tasks and lists its cases, each to its invoices', async () => {
    const user = userEvent.setup();
    installFakeFetch(
      on('GET', '/api/invoices/tasks', {
        status: 200,
        body: {
          data: [
            { task: 'close_case', case_id: item(1).id, client_name: 'Cliënt 1' },
            { task: 'close_case', case_id: item(2).id, client_name: 'Cliënt 2' },
            { task: 'chase_employer', case_id: item(3).id, client_name: 'Cliënt 3' },
          ],
        },
      }),
      caseList,
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', '/api/cases/count-by-status', { status: 200, body: { data: [] } }),
      on('GET', '/api/feedbacks/latest', { status: 200, body: { data: null } }),
      ...layoutRoutes,
    );
    const { router } = renderApp('/dossiers', { user: lawyer });
    const tasks = await screen.findByRole('region', { name: 'Openstaande taken' }, { timeout: 15_000 });
    // With invoice tasks, 'no open tasks' would not be true.
    expect(within(tasks).queryByText(/Geen openstaande taken/)).toBeNull();
    expect(
      within(tasks).getByRole('button', { name: /^Factuur aan de werkgever te laat\s*\(1\)$/ }),
    ).toBeInTheDocument();
    await user.click(within(tasks).getByRole('button', { name: /^Factuur voldaan – dossier afronden\s*\(2\)$/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?factuurtaak=close_case'));
    const list = await screen.findByRole('region', { name: 'Factuur voldaan – dossier afronden' });
    expect(within(list).getByRole('link', { name: 'Cliënt 1' })).toHaveAttribute(
      'href',
      `/dossiers/${item(1).id}/facturen`,
    );
    expect(within(list).getByRole('link', { name: 'Cliënt 2' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Cliënt 3' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Mijn dossiers' })).toBeNull();
  }, 30_000);
});
