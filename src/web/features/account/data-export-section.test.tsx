import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DataExport } from '../../../contract/data-export';
import { makeUser, site } from '../../test/fixtures';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { renderApp } from '../../test/render-app';

const ID = '5f0c6a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f';
const exportOf = (over: Partial<DataExport>): DataExport => ({
  id: ID,
  status: 'pending',
  requested_by: 'client',
  requested_at: '2026-12-08T09:00:00.000Z',
  ready_at: null,
  expires_at: null,
  download_url: null,
  next_request_at: '2026-12-08T23:00:00.000Z',
  ...over,
});

function api(initial: DataExport | null, post: () => { status: number; body: unknown }) {
  const client = makeUser('client');
  let current = initial;
  const fake = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('GET', '/api/user/mail-preferences', {
      status: 200,
      body: { data: { phase_changes: true, reminders: true, uploads: true } },
    }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', '/api/push-subscriptions', { status: 200, body: { data: [] } }),
    on('GET', '/api/user/export', () => ({ status: 200, body: { data: current } })),
    on('POST', '/api/user/export', () => {
      const answer = post();
      if (answer.status === 202) current = (answer.body as { data: DataExport }).data;
      return answer;
    }),
  );
  return { client, ...fake };
}

describe("'Download mijn gegevens' on /instellingen", () => {
  it('asks for the data with one button, then says it is being prepared and when to ask again', async () => {
    const { client, calls } = api(null, () => ({ status: 202, body: { data: exportOf({}) } }));
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    expect(await screen.findByRole('heading', { level: 2, name: 'Download mijn gegevens' })).toBeInTheDocument();
    expect(screen.getByText(/De downloadlink werkt 24 uur/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mijn gegevens opvragen' }));
    expect(
      await screen.findByText('Je gegevens worden voorbereid. Je krijgt een e-mail zodra ze klaarstaan.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mijn gegevens opvragen' })).toBeNull();
    expect(
      screen.getByText(
        /Je kunt één keer per dag je gegevens opvragen\. Een nieuwe aanvraag kan vanaf \d{2}-\d{2}-2026/,
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/user/export')).toHaveLength(1);
  }, 20_000);

  it('shows the download link while it is valid, with its end', async () => {
    const url = `/files/exports/${ID}?v=1&expires=1765270800&signature=abc`;
    const { client } = api(
      exportOf({
        status: 'ready',
        ready_at: '2026-12-08T09:05:00.000Z',
        expires_at: '2026-12-09T09:05:00.000Z',
        download_url: url,
      }),
      () => ({ status: 500, body: {} }),
    );
    renderApp('/instellingen', { user: client });
    // A button: the zip is fetched with the session's token (the link alone is refused).
    expect(await screen.findByRole('button', { name: 'Download mijn gegevens (zip)' })).toBeInTheDocument();
    expect(screen.getByText('Je gegevens staan klaar.')).toBeInTheDocument();
    expect(screen.getByText(/De downloadlink werkt tot 09-12-2026 10:05\./)).toBeInTheDocument();
  });

  it('offers a new request after an expired export of a prior day; shows the once-a-day 429', async () => {
    const { client } = api(
      exportOf({ status: 'expired', next_request_at: null, requested_at: '2026-12-01T09:00:00.000Z' }),
      () => ({
        status: 429,
        body: { message: 'Je kunt één keer per dag je gegevens opvragen. Probeer het morgen opnieuw.' },
      }),
    );
    const user = userEvent.setup();
    renderApp('/instellingen', { user: client });
    expect(await screen.findByText('Je vorige download is verlopen en verwijderd.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Mijn gegevens opvragen' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Je kunt één keer per dag je gegevens opvragen. Probeer het morgen opnieuw.',
      ),
    );
  }, 20_000);
});
