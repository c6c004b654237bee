import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseClientView } from '../../../contract/cases';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../../contract/offers';
import { getStatus, type StatusSlug } from '../../../contract/statuses';
import { installFakeFetch, on, type FakeRequest } from '../../test/fake-fetch';
import { makeUser, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-000000000001';

function caseView(slug: StatusSlug, offer: OfferSlug | null): CaseClientView {
  const status = getStatus(slug);
  return {
    id: CASE_ID,
    title: 'Dossier',
    appointment_start_time: null,
    appointment_end_time: null,
    company_name: null,
    company_street: null,
    company_house_number: null,
    company_postcode: null,
    company_city: null,
    contact_email: null,
    contact_phone_number: null,
    last_updated_at: '2026-11-20T10:00:00.000Z',
    proposal_signed_at: null,
    minimal_achievement: null,
    proposal_document_id: null,
    proposal_sent_at: null,
    proposal_sha256: null,
    completed_at: null,
    status: { slug, display_name: status.displayName, order: status.order, articles: [] },
    offer: offer ? { slug: offer, display_name: OFFER_DISPLAY_NAMES[offer] } : null,
    documents: [],
    contact_persons: [],
    lawyers: [],
    typeform: {},
    questions: [],
  };
}

function setup(initial: CaseClientView) {
  let current = initial;
  const api = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/cases/mine', () => ({ status: 200, body: { data: current } })),
    on('PATCH', `/api/cases/${CASE_ID}/offer`, (request) => {
      const offer = (request.body as { offer: OfferSlug }).offer;
      current = caseView('offer-chosen', offer);
      return { status: 200, body: { data: current } };
    }),
  );
  renderApp('/offerte', { user: makeUser('client') });
  return api;
}

const offerCalls = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PATCH' && c.path.endsWith('/offer'));

describe('offer page: confirm before choosing', () => {
  it('shows the package, its price and its conditions, and sends nothing until confirmed', async () => {
    const user = userEvent.setup();
    const { calls } = setup(caseView('almost-client', null));
    await user.click(await screen.findByRole('button', { name: 'Kies Start onbezorgd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pakket kiezen' });
    expect(within(dialog).getByText('Start onbezorgd')).toBeInTheDocument();
    expect(within(dialog).getByText('€750,-')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Voorwaarden' })).toBeInTheDocument();
    expect(within(dialog).getByText('7 dagen bedenktijd.')).toBeInTheDocument();
    expect(within(dialog).getByText(/maximaal €495 eigen bijdrage/)).toBeInTheDocument();
    expect(offerCalls(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(offerCalls(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Kies Start onbezorgd' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, kies Start onbezorgd' }));
    await waitFor(() => expect(offerCalls(calls).map((c) => c.body)).toEqual([{ offer: 'start' }]));
    expect(await screen.findByText('Je hebt Start onbezorgd opgevraagd. Houd je mail goed in de gaten.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('confirms an upgrade the same way, with the new package and its price', async () => {
    const user = userEvent.setup();
    const { calls } = setup(caseView('offer-chosen', 'start'));
    await user.click(await screen.findByRole('button', { name: 'Overstappen naar Extreem onbezorgd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overstappen naar een ander pakket' });
    expect(within(dialog).getByText('€5.250,-')).toBeInTheDocument();
    expect(offerCalls(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, kies Extreem onbezorgd' }));
    await waitFor(() => expect(offerCalls(calls).map((c) => c.body)).toEqual([{ offer: 'extreme' }]));
  });
});
