import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CaseClientView } from '../../../contract/cases';
import type { OfferSlug } from '../../../contract/offers';
import type { StatusSlug } from '../../../contract/statuses';
import { installFakeFetch, on, type FakeRequest } from '../../test/fake-fetch';
import { makeClientCaseView, makeUser, offerRef, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-000000000001';

const caseView = (slug: StatusSlug, offer: OfferSlug | null): CaseClientView =>
  makeClientCaseView(CASE_ID, slug, { offer: offerRef(offer) });

const client = makeUser('client');

function setup(initial: CaseClientView) {
  let current = initial;
  const api = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', '/api/cases/mine', () => ({ status: 200, body: { data: current } })),
    on('PATCH', `/api/cases/${CASE_ID}/offer`, (request) => {
      const offer = (request.body as { offer: OfferSlug }).offer;
      current = caseView('offer-chosen', offer);
      return { status: 200, body: { data: current } };
    }),
  );
  renderApp('/offerte', { user: client });
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
    expect(within(dialog).getByText('14 dagen herroepingsrecht na ondertekening.')).toBeInTheDocument();
    expect(within(dialog).getByText(/maximaal €495 eigen bijdrage/)).toBeInTheDocument();
    expect(offerCalls(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(offerCalls(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Kies Start onbezorgd' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, kies Start onbezorgd' }),
    );
    await waitFor(() => expect(offerCalls(calls).map((c) => c.body)).toEqual([{ offer: 'start' }]));
    expect(
      await screen.findByText('Je hebt Start onbezorgd opgevraagd. Houd je mail goed in de gaten.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("marks 'No cure no pay' as English on the Dutch page, and no Dutch price", async () => {
    const user = userEvent.setup();
    setup(caseView('almost-client', null));
    const price = await screen.findByText('No cure no pay');
    expect(price).toHaveAttribute('lang', 'en');
    expect(screen.getByText('€750,-')).not.toHaveAttribute('lang');
    await user.click(screen.getByRole('button', { name: 'Kies Compleet onbezorgd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pakket kiezen' });
    expect(within(dialog).getByText('No cure no pay')).toHaveAttribute('lang', 'en');
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
