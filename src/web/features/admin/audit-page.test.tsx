import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

describe('admin audit page', () => {
  it('shows when something happened as the rest of the app does (dd-mm-yyyy HH:MM)', async () => {
    const admin = makeUser('admin');
    const at = '2026-11-27T09:27:05.000Z';
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/audit?page=1', {
        status: 200,
        body: {
          data: [
            {
              id: 1,
              created_at: at,
              actor_id: admin.id,
              actor_name: 'Beheerder',
              action: 'case.assigned',
              subject_type: 'case',
              subject_id: '10000000-0000-4000-8000-000000000001',
              data: {},
            },
          ],
          meta: { current_page: 1, per_page: 50, has_more: false },
        },
      }),
    );
    renderApp('/beheer/audit', { user: admin });
    const row = (await screen.findByText('case.assigned', {}, { timeout: 15_000 })).closest('tr')!;
    const time = within(row).getByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    // The same text as the timeline's for the same moment (lib/format.ts), not Intl's '27-11-2026, 10:27:05'.
    expect(time).toHaveTextContent(formatDateTime(at, 'nl-NL'));
    expect(time).toHaveAttribute('datetime', at);
  }, 20_000);

  it('shows actions in words and filters by the names of lawyer and client, not by ids', async () => {
    const admin = makeUser('admin');
    const line = (id: number, action: string) => ({
      id,
      created_at: '2026-11-27T09:27:05.000Z',
      actor_id: null,
      actor_name: 'Sanne Jansen',
      action,
      subject_type: 'document',
      subject_id: '10000000-0000-4000-8000-000000000001',
      data: { version: 1 },
    });
    const page = (rows: unknown[]) => ({
      status: 200,
      body: { data: rows, meta: { current_page: 1, per_page: 50, has_more: false } },
    });
    const fake = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/audit?page=1', page([line(1, 'document.rejected'), line(2, 'case.stand_in_added')])),
      on(
        'GET',
        '/api/admin/audit?lawyer=Sanne&client=%C3%89mile&action=document.rejected&page=1',
        page([line(1, 'document.rejected')]),
      ),
    );
    renderApp('/beheer/audit', { user: admin });
    const table = await screen.findByRole('table', {}, { timeout: 15_000 });
    expect(within(table).getByText('Document afgekeurd')).toBeInTheDocument();
    expect(within(table).getByText('Vervanging vastgelegd')).toBeInTheDocument();
    expect(within(table).queryByText('document.rejected')).toBeNull();
    expect(screen.queryByLabelText(/\(id\)/)).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Jurist (naam)'), 'Sanne');
    await user.type(screen.getByLabelText('Cliënt (naam)'), 'Émile');
    await user.selectOptions(screen.getByLabelText('Actie'), 'Document afgekeurd');
    await user.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() =>
      expect(fake.calls.map((c) => c.path)).toContain(
        '/api/admin/audit?lawyer=Sanne&client=%C3%89mile&action=document.rejected&page=1',
      ),
    );
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('Vervanging vastgelegd')).toBeNull());
  }, 30_000);
});
