import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminCase, AdminLawyer } from '../../../contract/admin';
import { getStatus } from '../../../contract/statuses';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on, type FakeResponse } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const CASE_ID = '10000000-0000-4000-8000-000000000001';
const lawyer: AdminLawyer = {
  id: '7a1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11',
  name: 'Noor',
  last_name: 'Bakker',
  full_name: 'Noor Bakker',
  email: 'noor.bakker@example.com',
  title: null,
  active: true,
  deactivated_at: null,
  two_factor_enabled: true,
  active_cases_count: 1,
};
const status = getStatus('lead');
const item: AdminCase = {
  id: CASE_ID,
  client_name: 'Kees Klant',
  client_email: 'kees@example.com',
  company_name: null,
  status: { slug: 'lead', display_name: status.displayName, order: status.order },
  lawyers: [],
  stand_ins: [],
  legal_hold: false,
  legal_hold_reason: null,
  needs_reassignment: false,
};

function setup(standIn: FakeResponse = { status: 201, body: { data: item } }) {
  const admin = makeUser('admin');
  const result = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: admin } }),
    on('GET', '/api/admin/lawyers', { status: 200, body: { data: [lawyer] } }),
    on('GET', '/api/admin/cases?page=1', {
      status: 200,
      body: { data: [item], meta: { current_page: 1, per_page: 50, has_more: false } },
    }),
    on('POST', `/api/admin/cases/${CASE_ID}/stand-ins`, standIn),
  );
  renderApp('/beheer/dossiers', { user: admin });
  return result;
}

describe('admin cases page: the forms of a case', () => {
  it('checks the stand-in form in the browser: each empty field says so under itself, with aria-invalid', async () => {
    const { calls } = setup();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Vervanging' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: /Vervanging voor het dossier van Kees Klant/ });
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    for (const field of [
      within(form).getByRole('combobox', { name: 'Jurist' }),
      within(form).getByLabelText('Van'),
      within(form).getByLabelText('Tot en met'),
    ]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Dit veld is verplicht.');
    }
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  }, 30_000);

  it("puts the server's 422 error under its field", async () => {
    setup({
      status: 422,
      body: {
        message: 'Een vervanging duurt hoogstens een jaar.',
        errors: { until: ['Een vervanging duurt hoogstens een jaar.'] },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Vervanging' }, { timeout: 15_000 }));
    const form = screen.getByRole('form', { name: /Vervanging voor het dossier van Kees Klant/ });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Jurist' }), 'Noor Bakker');
    await user.type(within(form).getByLabelText('Van'), '2026-12-01');
    await user.type(within(form).getByLabelText('Tot en met'), '2026-12-20');
    await user.click(within(form).getByRole('button', { name: 'Opslaan' }));
    const until = within(form).getByLabelText('Tot en met');
    await waitFor(() => expect(until).toHaveAccessibleDescription('Een vervanging duurt hoogstens een jaar.'));
    expect(until).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Van')).not.toHaveAttribute('aria-invalid');
  }, 30_000);
});

describe("admin cases page: the client's data export", () => {
  const accepted = {
    id: '10000000-0000-4000-8000-0000000000e1',
    status: 'pending',
    requested_by: 'admin',
    requested_at: '2026-11-27T10:00:00.000Z',
    ready_at: null,
    expires_at: null,
    download_url: null,
    next_request_at: '2026-11-28T00:00:00.000Z',
  };

  function render(answer: FakeResponse) {
    const admin = makeUser('admin');
    const result = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/lawyers', { status: 200, body: { data: [lawyer] } }),
      on('GET', '/api/admin/cases?page=1', {
        status: 200,
        body: { data: [item], meta: { current_page: 1, per_page: 50, has_more: false } },
      }),
      on('POST', `/api/admin/cases/${CASE_ID}/data-export`, answer),
    );
    renderApp('/beheer/dossiers', { user: admin });
    return result;
  }

  it('asks to confirm, starts the export and says the link goes to the client; cancelling sends nothing', async () => {
    const { calls } = render({ status: 202, body: { data: accepted } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Gegevensexport voor cliënt maken' }, { timeout: 15_000 }),
    );
    let confirm = screen.getByRole('form', { name: 'Gegevensexport voor Kees Klant' });
    expect(within(confirm).getByText(/De downloadlink gaat per e-mail naar de cliënt/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    expect(screen.queryByRole('form', { name: 'Gegevensexport voor Kees Klant' })).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Gegevensexport voor cliënt maken' }));
    confirm = screen.getByRole('form', { name: 'Gegevensexport voor Kees Klant' });
    await user.click(within(confirm).getByRole('button', { name: 'Ja, maak de export' }));
    expect(
      await screen.findByText('De export wordt gemaakt. De cliënt krijgt de downloadlink per e-mail.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/admin/cases/${CASE_ID}/data-export`,
    ]);
    expect(screen.queryByRole('form', { name: 'Gegevensexport voor Kees Klant' })).toBeNull();
  }, 30_000);

  it('says so when an export was already made today (429)', async () => {
    render({
      status: 429,
      body: { message: 'Je kunt één keer per dag je gegevens opvragen. Probeer het morgen opnieuw.' },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Gegevensexport voor cliënt maken' }, { timeout: 15_000 }),
    );
    const confirm = screen.getByRole('form', { name: 'Gegevensexport voor Kees Klant' });
    await user.click(within(confirm).getByRole('button', { name: 'Ja, maak de export' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent(
      'Voor deze cliënt is vandaag al een export gemaakt. Een nieuwe kan morgen.',
    );
  }, 30_000);
});

describe('admin cases page: paging', () => {
  it("pages with the shared pager: 'Volgende' loads page 2, 'Vorige' is off on page 1", async () => {
    const admin = makeUser('admin');
    const second: AdminCase = { ...item, id: '10000000-0000-4000-8000-000000000002', client_name: 'Anna Pagina' };
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/lawyers', { status: 200, body: { data: [lawyer] } }),
      on('GET', '/api/admin/cases?page=1', {
        status: 200,
        body: { data: [item], meta: { current_page: 1, per_page: 50, has_more: true } },
      }),
      on('GET', '/api/admin/cases?page=2', {
        status: 200,
        body: { data: [second], meta: { current_page: 2, per_page: 50, has_more: false } },
      }),
    );
    renderApp('/beheer/dossiers', { user: admin });
    const user = userEvent.setup();
    const pager = await screen.findByRole('navigation', { name: 'Pagina 1' }, { timeout: 15_000 });
    expect(within(pager).getByRole('button', { name: 'Vorige' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByText('Anna Pagina')).toBeInTheDocument();
    const next = screen.getByRole('navigation', { name: 'Pagina 2' });
    expect(within(next).getByRole('button', { name: 'Volgende' })).toBeDisabled();
    expect(calls.some((c) => c.path === '/api/admin/cases?page=2')).toBe(true);
  }, 30_000);
});
