import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ArchiveDetail, ArchivedCase, FileDestruction } from '../../../contract/archive';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const CASE = '20000000-0000-4000-8000-000000000042';
const archived: ArchivedCase = {
  case_id: CASE,
  client_name: 'Karin Bakker',
  company_name: 'Bakker BV',
  completed_at: '2026-01-15T10:00:00.000Z',
  archived_at: '2026-07-16T02:00:00.000Z',
  destroy_on: '2031-01-15',
  legal_hold: false,
  lawyers: ['Sanne Jansen'],
};
const held: ArchivedCase = {
  ...archived,
  case_id: '20000000-0000-4000-8000-000000000043',
  client_name: 'Piet de Vries',
  company_name: null,
  legal_hold: true,
};
const detail: ArchiveDetail = {
  ...archived,
  legal_hold_reason: null,
  counts: { documents: 2, messages: 7, settlement_versions: 3, appointments: 1 },
  documents: [
    {
      id: '40000000-0000-4000-8000-000000000001',
      title: 'Arbeidsovereenkomst',
      filename: 'arbeidsovereenkomst.pdf',
      uploaded_at: '2025-11-02T09:00:00.000Z',
      size_bytes: 245_000,
    },
  ],
};
const destruction: FileDestruction = {
  case_id: '20000000-0000-4000-8000-000000000007',
  client_initials: 'J.d.J.',
  completed_at: '2020-03-01T10:00:00.000Z',
  archived_at: '2020-09-02T02:00:00.000Z',
  destroyed_at: '2025-03-02T02:00:00.000Z',
  counts: { documents: 4, messages: 12 },
};

const base = (admin: ReturnType<typeof makeUser>) => [
  on('GET', '/api/site', { status: 200, body: { data: site } }),
  on('GET', '/api/user', { status: 200, body: { data: admin } }),
];

describe('admin archive page', () => {
  it("lists archived cases under 'Archief' with their dates, searches by name, lists the destroyed files", async () => {
    const admin = makeUser('admin');
    const { calls } = installFakeFetch(
      ...base(admin),
      on('GET', '/api/admin/archive', { status: 200, body: { data: [archived, held] } }),
      on('GET', '/api/admin/archive?q=bakker', { status: 200, body: { data: [archived] } }),
      on('GET', '/api/admin/destructions', { status: 200, body: { data: [destruction] } }),
    );
    const user = userEvent.setup();
    renderApp('/beheer/archief', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archief' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Archief' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('table', { name: 'Archief' });
    const row = within(table).getByRole('link', { name: 'Karin Bakker' }).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Karin Bakker' })).toHaveAttribute('href', `/beheer/archief/${CASE}`);
    expect(within(row).getByText('Bakker BV')).toBeInTheDocument();
    expect(within(row).getByText('15-01-2026')).toBeInTheDocument();
    expect(within(row).getByText('16-07-2026')).toBeInTheDocument();
    expect(within(row).getByText('15-01-2031')).toBeInTheDocument();
    const heldRow = within(table).getByRole('link', { name: 'Piet de Vries' }).closest('tr')!;
    expect(within(heldRow).getByText('Niet vernietigd: bewaarplicht')).toBeInTheDocument();
    // Read-only: no button in the list but the search.
    expect(within(table).queryByRole('button')).toBeNull();

    await user.type(screen.getByRole('searchbox', { name: 'Zoek op naam van de cliënt of het bedrijf' }), ' bakker ');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/admin/archive?q=bakker'));
    await waitFor(() => expect(screen.queryByText('Piet de Vries')).toBeNull());

    const destroyed = await screen.findByRole('table', { name: 'Vernietigde dossiers' });
    expect(screen.getByRole('heading', { level: 2, name: 'Vernietigde dossiers' })).toBeInTheDocument();
    const record = within(destroyed).getByText(destruction.case_id).closest('tr')!;
    expect(within(record).getByText('J.d.J.')).toBeInTheDocument();
    expect(within(record).getByText('01-03-2020')).toBeInTheDocument();
    expect(within(record).getByText('02-03-2025')).toBeInTheDocument();
    expect(within(record).getByText('Documenten: 4')).toBeInTheDocument();
    expect(within(record).getByText('Berichten: 12')).toBeInTheDocument();
  }, 30_000);

  it('says so when the archive and the destruction records are empty, and when a search finds nothing', async () => {
    const admin = makeUser('admin');
    installFakeFetch(
      ...base(admin),
      on('GET', '/api/admin/archive', { status: 200, body: { data: [] } }),
      on('GET', '/api/admin/archive?q=nobody', { status: 200, body: { data: [] } }),
      on('GET', '/api/admin/destructions', { status: 200, body: { data: [] } }),
    );
    const user = userEvent.setup();
    renderApp('/beheer/archief', { user: admin });
    expect(await screen.findByText('Er staan nog geen dossiers in het archief.')).toBeInTheDocument();
    expect(await screen.findByText('Er zijn nog geen dossiers vernietigd.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Geen gearchiveerde dossiers gevonden voor deze zoekopdracht.')).toBeInTheDocument();
  }, 20_000);
});

describe("a lawyer's archive", () => {
  it("lists a lawyer's own archived cases, linked to /archief/{id}, without destruction records", async () => {
    const lawyer = makeUser('lawyer');
    const { calls } = installFakeFetch(
      ...base(lawyer),
      on('GET', '/api/admin/archive', { status: 200, body: { data: [archived] } }),
      on('GET', `/api/admin/archive/${CASE}`, { status: 200, body: { data: detail } }),
    );
    const user = userEvent.setup();
    renderApp('/archief', { user: lawyer });
    expect(await screen.findByRole('heading', { level: 1, name: 'Archief' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Archief' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/^Jouw dossiers waarvan het account van de cliënt is verwijderd/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Archief' });
    const link = within(table).getByRole('link', { name: 'Karin Bakker' });
    expect(link).toHaveAttribute('href', `/archief/${CASE}`);
    expect(screen.queryByRole('heading', { name: 'Vernietigde dossiers' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/admin/destructions');

    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Karin Bakker' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dossier downloaden (zip)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar het archief' })).toHaveAttribute('href', '/archief');
  }, 30_000);
});

describe('admin archived case page', () => {
  it("shows the file read-only and downloads it with 'Dossier downloaden (zip)'", async () => {
    const createObjectURL = vi.fn(() => 'blob:archief');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const admin = makeUser('admin');
    const { calls } = installFakeFetch(
      ...base(admin),
      on('GET', `/api/admin/archive/${CASE}`, { status: 200, body: { data: detail } }),
      on('GET', `/api/admin/archive/${CASE}/zip`, { status: 200, body: 'zip' }),
    );
    const user = userEvent.setup();
    renderApp(`/beheer/archief/${CASE}`, { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Karin Bakker' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar het archief' })).toHaveAttribute('href', '/beheer/archief');
    expect(screen.getByText('Sanne Jansen')).toBeInTheDocument();
    expect(screen.getByText('15-01-2031')).toBeInTheDocument();
    expect(screen.getByText('Versies van de vaststellingsovereenkomst').nextElementSibling).toHaveTextContent('3');
    expect(screen.getByText('Arbeidsovereenkomst')).toBeInTheDocument();
    expect(screen.getByText('arbeidsovereenkomst.pdf · 02-11-2025 · 245 kB')).toBeInTheDocument();
    // The one button: the download. Nothing to edit.
    const buttons = screen.getAllByRole('button').filter((button) => !button.closest('header, nav'));
    expect(buttons.map((button) => button.textContent)).toEqual(['Dossier downloaden (zip)']);
    await user.click(screen.getByRole('button', { name: 'Dossier downloaden (zip)' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain(`/api/admin/archive/${CASE}/zip`));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
  }, 20_000);

  it('says when the case is not in the archive (404)', async () => {
    const admin = makeUser('admin');
    installFakeFetch(
      ...base(admin),
      on('GET', `/api/admin/archive/${CASE}`, { status: 404, body: { message: 'Niet gevonden.' } }),
    );
    renderApp(`/beheer/archief/${CASE}`, { user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit dossier staat niet (meer) in het archief.');
    expect(screen.queryByRole('button', { name: 'Dossier downloaden (zip)' })).toBeNull();
  }, 20_000);
});
