import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const FAILED = '6f1c1a52-3a0e-4a43-9d55-2f1c0a8e9b11';
const mail = {
  id: FAILED,
  kind: 'phase_changed',
  status: 'failed',
  to: 'k***@example.com',
  attempts: 9,
  next_attempt_at: null,
  last_error_code: '550',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('admin outbox page', () => {
  it("lists failed mails under 'Uitgaande mail' in the menu and sends one again", async () => {
    const admin = makeUser('admin');
    let retried = false;
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/outbox?page=1', () => ({
        status: 200,
        body: { data: retried ? [] : [mail], meta: { current_page: 1, per_page: 50, has_more: false } },
      })),
      on('POST', `/api/admin/outbox/${FAILED}/retry`, () => {
        retried = true;
        return { status: 204 };
      }),
    );
    const user = userEvent.setup();
    renderApp('/beheer/outbox', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Uitgaande mail' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Hoofdmenu' });
    expect(within(nav).getByRole('link', { name: 'Uitgaande mail' })).toHaveAttribute('aria-current', 'page');
    const row = (await screen.findByText('k***@example.com')).closest('tr')!;
    expect(within(row).getByText('Mislukt')).toBeInTheDocument();
    expect(within(row).getByText('550')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Opnieuw versturen (mail ${FAILED})` }));
    expect(await screen.findByText('De mail wordt opnieuw verstuurd.')).toBeInTheDocument();
    expect(await screen.findByText('Er staan geen mails in de wachtrij.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/admin/outbox/${FAILED}/retry`]);
  }, 20_000);

  it('shows the answer when the mail was sent in the meantime', async () => {
    const admin = makeUser('admin');
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/outbox?page=1', {
        status: 200,
        body: { data: [mail], meta: { current_page: 1, per_page: 50, has_more: false } },
      }),
      on('POST', `/api/admin/outbox/${FAILED}/retry`, { status: 409, body: { message: 'Deze mail is al verstuurd.' } }),
    );
    const user = userEvent.setup();
    renderApp('/beheer/outbox', { user: admin });
    await user.click(await screen.findByRole('button', { name: /Opnieuw versturen/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deze mail is al verstuurd.');
  });

  it('shows when a mail was made and its next try as the rest of the app does (dd-mm-yyyy HH:MM)', async () => {
    const admin = makeUser('admin');
    const next = '2026-11-27T09:27:00.000Z';
    installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: admin } }),
      on('GET', '/api/admin/outbox?page=1', {
        status: 200,
        body: {
          data: [{ ...mail, status: 'pending', next_attempt_at: next }],
          meta: { current_page: 1, per_page: 50, has_more: false },
        },
      }),
    );
    renderApp('/beheer/outbox', { user: admin });
    const row = (await screen.findByText('k***@example.com')).closest('tr')!;
    const times = within(row).getAllByText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
    // The same text as the timeline's for the same moment (lib/format.ts), not Intl's '20-11-2026, 11:00:00'.
    expect(times.map((time) => time.textContent)).toEqual([
      formatDateTime(mail.created_at, 'nl-NL'),
      formatDateTime(next, 'nl-NL'),
    ]);
    expect(times.map((time) => time.getAttribute('datetime'))).toEqual([mail.created_at, next]);
  });
});
