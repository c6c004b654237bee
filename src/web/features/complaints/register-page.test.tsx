import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RegisterComplaint } from '../../../contract/complaints';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { landingRoutes } from '../../test/layout-routes';
import { renderApp } from '../../test/render-app';

const officer = makeUser('admin');
const complaint: RegisterComplaint = {
  id: '00000000-0000-4000-8000-000000000101',
  text: 'Mijn jurist belde niet terug',
  status: 'received',
  answer_by: '2026-12-25',
  outcome: null,
  created_at: '2026-11-27T10:00:00.000Z',
  closed_at: null,
  files: [{ id: '00000000-0000-4000-8000-000000000102', filename: 'belgeschiedenis.pdf', size_bytes: 4096 }],
  client_name: 'Kees de Vries',
  case_id: null,
  lawyer_names: ['Sanne Jansen'],
  handling: null,
  officer_name: null,
};

describe('/beheer/klachten', () => {
  it("shows the officer a complaint's documents and downloads one", async () => {
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/admin/admins', {
        status: 200,
        body: { data: [{ id: officer.id, name: 'Olga Klacht', email: 'olga@example.com', complaints_officer: true }] },
      }),
      on('GET', '/api/admin/complaints', { status: 200, body: { data: [complaint] } }),
      on('POST', `/api/complaint-files/${complaint.files[0]!.id}/download`, { status: 200, body: {} }),
      ...landingRoutes(officer),
    );
    const createObjectURL = vi.fn(() => 'blob:klacht');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp('/beheer/klachten', { user: officer });
    const item = (await screen.findByText('Mijn jurist belde niet terug', undefined, { timeout: 15_000 })).closest(
      'li',
    ) as HTMLElement;
    expect(within(item).getByText('Bijgevoegde documenten')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'belgeschiedenis.pdf downloaden' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/complaint-files/${complaint.files[0]!.id}/download`,
    ]);
  }, 30_000);
});
