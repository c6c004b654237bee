import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STATUSES } from '../../../contract/statuses';
import { installFakeFetch, on } from '../../test/fake-fetch';
import { makeLawyerCaseView, makeUser, offerRef, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-000000000007';
const catalogue = STATUSES.map((s) => ({ slug: s.slug, display_name: s.displayName, order: s.order }));

function setup(answer: { status: number; body: unknown }) {
  const lawyer = makeUser('lawyer');
  const fake = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/statuses', { status: 200, body: { data: catalogue } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', `/api/cases/${CASE_ID}`, {
      status: 200,
      body: { data: makeLawyerCaseView(CASE_ID, 'check', { offer: offerRef('complete') }) },
    }),
    on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    on('GET', `/api/cases/${CASE_ID}/timeline?page=1`, {
      status: 200,
      body: {
        data: [],
        links: { first: null, last: null, prev: null, next: null },
        meta: { current_page: 1, from: null, last_page: 1, links: [], path: '', per_page: 20, to: null, total: 0 },
      },
    }),
    on('POST', `/api/cases/${CASE_ID}/data-export`, () => answer),
  );
  renderApp(`/dossiers/${CASE_ID}`, { user: lawyer });
  return fake;
}

const accepted = {
  id: '5f0c6a8e-1d2b-4c3d-8e9f-0a1b2c3d4e5f',
  status: 'pending',
  requested_by: 'lawyer',
  requested_at: '2026-12-08T09:00:00.000Z',
  ready_at: null,
  expires_at: null,
  download_url: null,
  next_request_at: '2026-12-08T23:00:00.000Z',
};

describe("the lawyer's data export for a client who asked by mail", () => {
  it('starts it from the case and says the link goes to the client', async () => {
    const { calls } = setup({ status: 202, body: { data: accepted } });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Gegevensexport voor cliënt maken' }, { timeout: 15_000 }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'De export wordt gemaakt. De cliënt krijgt de downloadlink per e-mail.',
    );
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.path === `/api/cases/${CASE_ID}/data-export`)).toHaveLength(1);
  }, 20_000);

  it('explains a refusal because one was already made today', async () => {
    setup({
      status: 429,
      body: { message: 'Je kunt één keer per dag je gegevens opvragen. Probeer het morgen opnieuw.' },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Gegevensexport voor cliënt maken' }, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText('Voor deze cliënt is vandaag al een export gemaakt. Een nieuwe kan morgen.'),
    ).toHaveAttribute('role', 'alert');
  }, 20_000);
});
