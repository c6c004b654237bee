import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CaseLawyerView } from '../../../contract/cases';
import type { OfferSlug } from '../../../contract/offers';
import { STATUSES, type StatusSlug } from '../../../contract/statuses';
import { caseDetailQueryKeys } from '../../lib/case-detail-query';
import { installFakeFetch, on, type FakeRequest } from '../../test/fake-fetch';
import { emptyPage, makeLawyerCaseView, makeUser, offerRef, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-000000000002';
const lawyer = makeUser('lawyer');

const lawyerView = (slug: StatusSlug, offer: OfferSlug | null, signedAt: string | null = null): CaseLawyerView =>
  makeLawyerCaseView(CASE_ID, slug, { offer: offerRef(offer), proposal_signed_at: signedAt });

/** The catalogue as a firm might have renamed it: the screen follows GET /api/statuses. */
const catalogue = STATUSES.map((s) => ({
  slug: s.slug,
  display_name: s.slug === 'proposal' ? 'Wachten op tekenen' : s.displayName,
  order: s.order,
}));

function setup(initial: CaseLawyerView, { failStatus = false } = {}) {
  let current = initial;
  const api = installFakeFetch(
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/statuses', { status: 200, body: { data: catalogue } }),
    on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    // The timeline (any page): no events yet.
    (request) =>
      request.method === 'GET' && request.path.startsWith(`/api/cases/${CASE_ID}/timeline`)
        ? {
            status: 200,
            body: emptyPage(),
          }
        : undefined,
    on('GET', `/api/cases/${CASE_ID}`, () => ({ status: 200, body: { data: current } })),
    on('PATCH', `/api/cases/${CASE_ID}/status`, (request) => {
      if (failStatus) return { status: 500, body: { message: 'Server Error' } };
      current = lawyerView((request.body as { status: StatusSlug }).status, current.offer?.slug ?? null);
      return { status: 200, body: { ok: true, data: current } };
    }),
    on('PATCH', `/api/cases/${CASE_ID}/offer`, (request) => {
      const offer = (request.body as { offer: OfferSlug }).offer;
      current = lawyerView('offer-chosen', offer);
      return { status: 200, body: { data: current } };
    }),
  );
  const view = renderApp(`/dossiers/${CASE_ID}`, { user: lawyer });
  return { ...api, ...view };
}

const offerCalls = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PATCH' && c.path.endsWith('/offer'));
const statusCalls = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PATCH' && c.path.endsWith('/status'));
const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const cachedView = async () =>
  (await import('../../lib/query-client')).queryClient.getQueryData(caseDetailQueryKeys.detail(CASE_ID));
const shown = (select: HTMLElement) => (select as HTMLSelectElement).selectedOptions[0]?.textContent;

describe('case detail: the package and the statuses', () => {
  it('lets the lawyer change the package before signing, after a confirm dialog with price and terms', async () => {
    const user = userEvent.setup();
    const { calls } = setup(lawyerView('proposal', 'start'));
    const group = await screen.findByRole('group', { name: 'Pakket wijzigen' });
    expect(within(group).queryByRole('button', { name: 'Start onbezorgd' })).not.toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Compleet onbezorgd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pakket van het dossier wijzigen' });
    expect(within(dialog).getByText('No cure no pay')).toBeInTheDocument();
    expect(within(dialog).getByText(/Een verstuurde opdrachtbevestiging vervalt/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Voorwaarden' })).toBeInTheDocument();
    expect(offerCalls(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, kies Compleet onbezorgd' }));
    await waitFor(() => expect(offerCalls(calls).map((c) => c.body)).toEqual([{ offer: 'complete' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Start onbezorgd' })).toBeInTheDocument();
  });

  it('offers no package change once the letter is signed, and says why', async () => {
    setup(lawyerView('reviewing-documents', 'complete', '2026-11-19T10:00:00.000Z'));
    expect(await screen.findByText('Het pakket ligt vast: de opdrachtbevestiging is getekend.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Pakket wijzigen' })).not.toBeInTheDocument();
  });

  it('reads the statuses through GET /api/statuses (cache key allStatuses)', async () => {
    const { calls } = setup(lawyerView('reviewing-documents', 'complete', '2026-11-19T10:00:00.000Z'));
    await screen.findByRole('combobox', { name: 'Status' });
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/statuses')).toHaveLength(1));
    const { queryClient } = await import('../../lib/query-client');
    await waitFor(() => expect(queryClient.getQueryData(['allStatuses'])).toEqual(catalogue));
  });

  it('status dropdown: label, heading and the statuses the offer allows; a choice shows at once, is sent', async () => {
    const user = userEvent.setup();
    const { calls } = setup(lawyerView('check', 'start'));
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toBeEnabled();
    expect(within(select).getByRole('group', { name: 'Status veranderen' })).toBeInTheDocument();
    await waitFor(() =>
      expect(optionTexts(select)).toEqual(['Documenten bestuderen', 'Controles', 'Klaar voor ondertekening']),
    );
    expect(shown(select)).toBe('Controles');
    await user.selectOptions(select, 'Klaar voor ondertekening');
    expect(shown(select)).toBe('Klaar voor ondertekening');
    await waitFor(() => expect(statusCalls(calls).map((c) => c.body)).toEqual([{ status: 'ready-for-signing' }]));
    await waitFor(async () => expect(await cachedView()).toMatchObject({ status: { slug: 'ready-for-signing' } }));
    // Choosing the shown status again sends nothing.
    await user.selectOptions(select, 'Klaar voor ondertekening');
    expect(statusCalls(calls)).toHaveLength(1);
  });

  it('status dropdown: complete adds only Onderhandelingen, and the statuses follow the catalogue', async () => {
    setup(lawyerView('reviewing-documents', 'complete', '2026-11-19T10:00:00.000Z'));
    const select = await screen.findByRole('combobox', { name: 'Status' });
    await waitFor(() =>
      expect(optionTexts(select)).toEqual(['Documenten bestuderen', 'Onderhandelingen', 'Klaar voor ondertekening']),
    );
  });

  it('status dropdown: disabled at a status outside the allowed ones, which it still shows', async () => {
    setup(lawyerView('proposal', 'start'));
    const select = await screen.findByRole('combobox', { name: 'Status' });
    expect(select).toBeDisabled();
    await waitFor(() => expect(shown(select)).toBe('Wacht op handtekening'));
    const disabled = within(select)
      .getAllByRole('option')
      .filter((option) => (option as HTMLOptionElement).disabled);
    expect(disabled.map((option) => option.textContent)).toEqual(['Wacht op handtekening']);
  });

  it('status dropdown: a failed save is only logged and the screen keeps the new value', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { calls } = setup(lawyerView('reviewing-documents', 'start'), { failStatus: true });
    const select = await screen.findByRole('combobox', { name: 'Status' });
    await user.selectOptions(select, 'Controles');
    await waitFor(() => expect(statusCalls(calls)).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error updating status', expect.anything()));
    expect(shown(select)).toBe('Controles');
    logged.mockRestore();
  });
});
