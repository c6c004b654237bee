import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FUNNEL_STEPS } from '../../../contract/insight';
import { addCalendarDays, amsterdamToday } from '../../../contract/rules/amsterdam-date';
import { formatDateTime } from '../../lib/format';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const LAWYER = '30000000-0000-4000-8000-000000000001';
const CASE = '20000000-0000-4000-8000-000000000001';
const lawyers = [
  {
    id: LAWYER,
    name: 'Sanne',
    last_name: 'Jansen',
    full_name: 'Sanne Jansen',
    email: 'sanne@example.com',
    title: null,
    active: true,
    deactivated_at: null,
    two_factor_enabled: true,
    active_cases_count: 3,
  },
];
const counts = [40, 36, 30, 24, 20, 12, 9, 5, 4];
const funnel = FUNNEL_STEPS.map((step, i) => ({
  step,
  count: counts[i]!,
  share: i === 0 ? null : Math.round((counts[i]! / counts[i - 1]!) * 1000) / 1000,
  median_days: i === 0 ? null : i === 4 ? 1.5 : i,
}));
const since = '2026-11-20T09:30:00.000Z';
const stuck = [
  {
    case_id: CASE,
    client_name: 'Emma de Boer',
    lawyer_name: 'Sanne Jansen',
    status: { slug: 'proposal', display_name: 'Wacht op handtekening', order: 4 },
    reason: 'letter_unsigned',
    since,
  },
  {
    case_id: CASE,
    client_name: 'Emma de Boer',
    lawyer_name: null,
    status: { slug: 'proposal', display_name: 'Wacht op handtekening', order: 4 },
    reason: 'client_inactive',
    since,
  },
];

const today = amsterdamToday(new Date());
const defaultFrom = addCalendarDays(today, -89);

/** GET /api/admin/insight for any period: the period echoed, the funnel and the stuck list. */
const insight =
  (answer: (query: URLSearchParams) => { stuck?: unknown[]; truncated?: string[]; steps?: unknown[] }): FakeRoute =>
  (request) => {
    if (request.method !== 'GET' || !request.path.startsWith('/api/admin/insight?')) return undefined;
    const query = new URLSearchParams(request.path.split('?')[1]);
    const { stuck: rows = stuck, truncated = [], steps = funnel } = answer(query);
    return {
      status: 200,
      body: {
        data: {
          period: { from: query.get('from'), to: query.get('to'), lawyer_id: query.get('lawyer_id') },
          funnel: steps,
          stuck: rows,
          stuck_truncated: truncated,
        },
      },
    };
  };

function setup(routes: FakeRoute[]) {
  const admin = makeUser('admin');
  const fake = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: admin } }),
    on('GET', '/api/admin/lawyers', { status: 200, body: { data: lawyers } }),
    ...routes,
  );
  renderApp('/beheer/inzicht', { user: admin });
  return fake;
}

describe('admin insight page', () => {
  it("shows the funnel as a table with count, share and median days, under 'Inzicht' in the menu", async () => {
    const fake = setup([insight(() => ({}))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inzicht' }, { timeout: 15_000 })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Inzicht' })).toHaveAttribute('aria-current', 'page');
    // The last 90 days up to today by default.
    expect(fake.calls.map((c) => c.path)).toContain(`/api/admin/insight?from=${defaultFrom}&to=${today}`);

    const table = await screen.findByRole('table', { name: /^Dossiers aangemaakt van/ });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Stap', 'Aantal', 'Van de stap ervoor', 'Mediaan (dagen)']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Account aangemaakt',
      'Eerste keer ingelogd',
      'Persoonsgegevens compleet',
      'Werkgeversgegevens compleet',
      'Pakket gekozen',
      'Opdrachtbevestiging getekend',
      'Verplichte documenten compleet',
      'Vaststellingsovereenkomst getekend',
      'Voltooid',
    ]);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    // The first step has no step before it: no share, no median.
    expect(cells(0)).toEqual(['40', '–geen', '–geen']);
    expect(cells(1)).toEqual(['36', '90%', '1']);
    expect(cells(4)).toEqual(['20', '83,3%', '1,5']);
  }, 30_000);

  it('never shows a share above 100 %, whatever the answer says', async () => {
    setup([insight(() => ({ steps: funnel.map((row, i) => (i === 4 ? { ...row, share: 3 } : row)) }))]);
    const table = await screen.findByRole('table', { name: /^Dossiers aangemaakt van/ }, { timeout: 15_000 });
    const row = within(table).getAllByRole('row')[5]!;
    expect(within(row).getAllByRole('cell')[1]!.textContent).toBe('100%');
  }, 30_000);

  it('lists the stuck cases with client, lawyer, phase in words, reason and since; never more than that', async () => {
    setup([insight(() => ({ truncated: ['client_inactive'] }))]);
    const table = await screen.findByRole('table', { name: 'Vastgelopen dossiers' }, { timeout: 15_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Emma de Boer');
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Sanne Jansen',
      'Wacht op handtekening',
      'Opdrachtbevestiging 3 dagen niet getekend',
      formatDateTime(since, 'nl-NL'),
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Nog geen jurist',
      'Wacht op handtekening',
      'Cliënt 7 dagen niet actief',
      formatDateTime(since, 'nl-NL'),
    ]);
    expect(within(rows[0]!).getByText(formatDateTime(since, 'nl-NL'))).toHaveAttribute('datetime', since);
    expect(
      screen.getByText('Bij ‘Cliënt 7 dagen niet actief’ staan alleen de 100 dossiers die het langst vastzitten.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('filters by period and lawyer, says when nothing is stuck, and downloads the CSV of what is shown', async () => {
    const createObjectURL = vi.fn(() => 'blob:inzicht');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const fake = setup([
      insight((query) => (query.get('lawyer_id') ? { stuck: [] } : {})),
      (request) =>
        request.method === 'GET' && request.path.startsWith('/api/admin/insight.csv?')
          ? { status: 200, body: 'csv' }
          : undefined,
    ]);
    await screen.findByRole('table', { name: 'Vastgelopen dossiers' }, { timeout: 15_000 });
    const user = userEvent.setup();
    const from = screen.getByLabelText(/^Van/);
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const to = screen.getByLabelText(/^Tot en met/);
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.selectOptions(screen.getByLabelText('Jurist'), 'Sanne Jansen');
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    const wanted = `/api/admin/insight?from=2026-01-01&to=2026-03-31&lawyer_id=${LAWYER}`;
    await waitFor(() => expect(fake.calls.map((c) => c.path)).toContain(wanted));
    expect(await screen.findByText('Er zijn nu geen vastgelopen dossiers.')).toBeInTheDocument();
    expect(
      screen.getByRole('table', { name: 'Dossiers aangemaakt van 01-01-2026 tot en met 31-03-2026, per stap' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Downloaden als CSV' }));
    await waitFor(() =>
      expect(fake.calls.map((c) => c.path)).toContain(
        `/api/admin/insight.csv?from=2026-01-01&to=2026-03-31&lawyer_id=${LAWYER}`,
      ),
    );
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  }, 30_000);

  it('shows the server’s refusal of a period in words', async () => {
    setup([
      (request) =>
        request.method === 'GET' && request.path.startsWith('/api/admin/insight?from=2026-05-01')
          ? {
              status: 422,
              body: {
                message: 'De einddatum ligt voor de begindatum.',
                errors: { to: ['De einddatum ligt voor de begindatum.'] },
              },
            }
          : undefined,
      insight(() => ({})),
    ]);
    await screen.findByRole('table', { name: 'Vastgelopen dossiers' }, { timeout: 15_000 });
    const user = userEvent.setup();
    const from = screen.getByLabelText(/^Van/);
    await user.clear(from);
    await user.type(from, '2026-05-01');
    const to = screen.getByLabelText(/^Tot en met/);
    await user.clear(to);
    await user.type(to, '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Tonen' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum.')).toBeInTheDocument();
  }, 30_000);
});
