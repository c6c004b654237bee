import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement, SettlementVersion } from '../../../contract/settlement';
import { session } from '../../lib/app-session';
import { applyLiveEvent } from '../../lib/live-events';
import { queryClient } from '../../lib/query-client';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { makeSettlement, makeSettlementVersion, makeUser, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-0000000000aa';
const client = makeUser('client', { case: { id: CASE_ID, title: 'Dossier', notes: null } });

const first = makeSettlementVersion(1, {
  from: 'employer',
  dated: '2026-02-20',
  reply_by: '2026-02-27',
  terms: { severance_cents: 1_800_000, end_date: '2027-01-31', final_discharge: true },
  text: 'Artikel 1. De vergoeding bedraagt 18.000 euro.',
});
const second = makeSettlementVersion(2, {
  from: 'us',
  dated: '2026-02-27',
  reply_by: '2026-03-05',
  note: 'We vragen een hogere vergoeding en een maand langer.',
  terms: { severance_cents: 2_450_000, end_date: '2027-02-28', final_discharge: true },
  text: 'Artikel 1. De vergoeding bedraagt 24.500 euro.',
});
const wwCheck = {
  fictitious_notice_end: '2026-05-31',
  ww_start_date: '2027-03-01',
  notice_months: 2,
  items: [
    { key: 'initiative' as const, result: 'ok' as const, text: 'Het initiatief ligt bij de werkgever.' },
    {
      key: 'cooling_off' as const,
      result: 'warning' as const,
      text: 'De bedenktijd staat er niet in: die wordt dan 21 dagen.',
    },
    {
      key: 'illness' as const,
      result: 'risk' as const,
      text: 'Je bent ziek bij het tekenen: dan kun je meestal geen WW krijgen.',
    },
  ],
};

function setup(settlement: () => Settlement, ...routes: FakeRoute[]) {
  return installFakeFetch(
    ...routes,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', `/api/cases/${CASE_ID}/settlement`, () => ({ status: 200, body: { data: settlement() } })),
  );
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Hoofdmenu' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

beforeEach(() => {
  // 2 March 2026, 10:00 in Amsterdam: only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the client's page /onderhandeling", () => {
  it("adds 'Onderhandeling' to the menu once a first version exists, live", async () => {
    let settlement = makeSettlement();
    setup(() => settlement);
    renderApp('/onderhandeling', { user: client });
    await screen.findByText('Er is nog geen voorstel. Je krijgt een e-mail zodra er een is.');
    await waitFor(() =>
      expect(queryClient.getQueryState(['cases', CASE_ID, 'settlement', 'summary'])?.status).toBe('success'),
    );
    expect(navLinks()).not.toContain('Onderhandeling');
    settlement = makeSettlement({ versions: [first] });
    await act(async () => applyLiveEvent(queryClient, 'case_changed', { case_id: CASE_ID }));
    await waitFor(() => expect(navLinks()).toContain('Onderhandeling'));
    expect(
      within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('link', { name: 'Onderhandeling' }),
    ).toHaveAttribute('href', '/onderhandeling');
  }, 20_000);

  it('shows the versions newest first: who, the date, the days left to reply, what changed and the note', async () => {
    setup(() => makeSettlement({ versions: [second, first] }));
    renderApp('/onderhandeling', { user: client });
    expect(await screen.findByRole('heading', { level: 1, name: 'Onderhandeling' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Tegenvoorstel van ons · Versie 2',
      'Voorstel van je werkgever · Versie 1',
    ]);
    const [newest, older] = cards as [HTMLElement, HTMLElement];
    expect(within(newest).getByText('Verstuurd op 27-02-2026')).toBeInTheDocument();
    // Our counter-offer: sent, the employer's answer awaited by the employer's deadline; nothing to accept.
    expect(
      within(newest).getByText(
        'Dit tegenvoorstel is naar je werkgever gestuurd. We wachten op het antwoord van je werkgever; je hoeft zelf ' +
          'niets te doen.',
      ),
    ).toBeInTheDocument();
    expect(within(newest).getByText('Je werkgever reageert uiterlijk op 05-03-2026.')).toBeInTheDocument();
    expect(within(newest).queryByText(/om te reageren/)).toBeNull();
    expect(within(newest).queryByRole('button', { name: 'Akkoord' })).toBeNull();
    expect(within(newest).getByRole('button', { name: 'Ik heb een vraag' })).toBeInTheDocument();
    expect(within(newest).getByRole('heading', { name: 'Wat dit voor je betekent' })).toBeInTheDocument();
    expect(within(newest).getByText('We vragen een hogere vergoeding en een maand langer.')).toBeInTheDocument();
    expect(within(newest).getByRole('heading', { name: 'Wat is er veranderd' })).toBeInTheDocument();
    expect(
      within(newest)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vergoeding € 18.000 → € 24.500 (+ € 6.500)', 'Einddatum 31-01-2027 → 28-02-2027']);
    // The first version lists its terms; an older version's deadline is not counted down.
    expect(within(older).getByText('Ontvangen op 20-02-2026')).toBeInTheDocument();
    expect(
      within(older)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Vergoeding € 18.000', 'Einddatum 31-01-2027', 'Finale kwijting ja']);
    expect(within(older).queryByText(/om te reageren/)).toBeNull();
    expect(within(older).queryByRole('button', { name: 'Akkoord' })).toBeNull();
  }, 20_000);

  it('opens a word redline whose insertions and deletions are marked by more than colour, with a legend', async () => {
    const { calls } = setup(
      () => makeSettlement({ versions: [second, first] }),
      on('GET', `/api/settlement-versions/${second.id}/redline`, {
        status: 200,
        body: {
          data: [
            { op: 'equal', text: 'Artikel 1. De vergoeding bedraagt ' },
            { op: 'delete', text: '18.000' },
            { op: 'insert', text: '24.500' },
            { op: 'equal', text: ' euro.' },
          ],
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/onderhandeling', { user: client });
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    const toggle = within(newest).getByRole('button', { name: 'Bekijk wat er in de tekst is veranderd' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(calls.some((c) => c.path.endsWith('/redline'))).toBe(false);
    await user.click(toggle);
    expect(await within(newest).findByText(/Zo lees je de wijzigingen/)).toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Verberg de tekst');
    const inserted = newest.querySelector('div ins:not(p ins)');
    const deleted = newest.querySelector('div del:not(p del)');
    expect(inserted).toHaveTextContent('[begin toevoeging:] 24.500 [einde toevoeging]');
    expect(deleted).toHaveTextContent('[begin verwijdering:] 18.000 [einde verwijdering]');
    expect(inserted?.querySelector('.sr-only')).not.toBeNull();
    expect(within(newest).getByText('onderstreept is toegevoegd').tagName).toBe('INS');
    expect(within(newest).getByText('doorgehaald is verwijderd').tagName).toBe('DEL');
  }, 20_000);

  it('shows the previous text and this one side by side when there are too many changes to mark', async () => {
    setup(
      () => makeSettlement({ versions: [second, first] }),
      on('GET', `/api/settlement-versions/${second.id}/redline`, {
        status: 200,
        body: {
          data: [
            { op: 'delete', text: 'Artikel 1. Oude tekst.' },
            { op: 'insert', text: 'Artikel 1. Heel andere tekst.' },
          ],
          meta: { too_many_changes: true, pending: false },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp('/onderhandeling', { user: client });
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    await user.click(within(newest).getByRole('button', { name: 'Bekijk wat er in de tekst is veranderd' }));
    expect(await within(newest).findByText(/Er zijn te veel wijzigingen om ze in de tekst aan te geven/)).toBeVisible();
    const [previous, current] = within(newest).getAllByRole('figure') as [HTMLElement, HTMLElement];
    expect(within(previous).getByText('Vorige versie')).toBeInTheDocument();
    expect(previous).toHaveTextContent('Artikel 1. Oude tekst.');
    expect(within(current).getByText('Deze versie')).toBeInTheDocument();
    expect(current).toHaveTextContent('Artikel 1. Heel andere tekst.');
    expect(newest.querySelector('div ins:not(p ins), div del:not(p del)')).toBeNull();
  }, 20_000);

  it('says the comparison is still being made while the server has none', async () => {
    setup(
      () => makeSettlement({ versions: [second, first] }),
      on('GET', `/api/settlement-versions/${second.id}/redline`, {
        status: 200,
        body: { data: [], meta: { too_many_changes: false, pending: true } },
      }),
    );
    const user = userEvent.setup();
    renderApp('/onderhandeling', { user: client });
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    await user.click(within(newest).getByRole('button', { name: 'Bekijk wat er in de tekst is veranderd' }));
    const pending = await within(newest).findByText(/De vergelijking met de vorige versie wordt nog gemaakt/);
    expect(pending).toHaveAttribute('role', 'status');
  }, 20_000);

  it("answers the employer's newest version with 'Akkoord' or a question that goes to the messages", async () => {
    const offer: SettlementVersion = { ...second, from: 'employer' };
    let settlement = makeSettlement({ versions: [offer, first] });
    const { calls } = setup(
      () => settlement,
      on('POST', `/api/settlement-versions/${offer.id}/response`, (request) => {
        const body = request.body as { response: 'agree' | 'question'; text?: string };
        const answered: SettlementVersion = {
          ...offer,
          responses: [
            ...settlement.versions[0]!.responses,
            { response: body.response, text: body.text ?? null, at: '2026-03-02T09:00:00.000Z' },
          ],
        };
        settlement = makeSettlement({ versions: [answered, first] });
        return { status: 200, body: { data: answered } };
      }),
      on('GET', `/api/cases/${CASE_ID}/messages`, { status: 200, body: { data: [], next_cursor: null } }),
    );
    const user = userEvent.setup();
    renderApp('/onderhandeling', { user: client });
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    await user.click(within(newest).getByRole('button', { name: 'Ik heb een vraag' }));
    const question = within(newest).getByLabelText('Je vraag');
    await waitFor(() => expect(question).toHaveFocus());
    await user.click(within(newest).getByRole('button', { name: 'Vraag versturen' }));
    expect(await within(newest).findByText('Schrijf je vraag.')).toBeInTheDocument();
    expect(question).toHaveAccessibleDescription(expect.stringContaining('Schrijf je vraag.'));
    expect(question).toHaveAttribute('aria-invalid', 'true');
    await user.type(question, 'Wat betekent finale kwijting?');
    await user.click(within(newest).getByRole('button', { name: 'Vraag versturen' }));
    expect(
      await within(newest).findByText('Je vraag is verstuurd. Je jurist antwoordt bij je berichten.'),
    ).toBeInTheDocument();
    expect(within(newest).getByRole('link', { name: 'Naar je berichten' })).toHaveAttribute('href', '/berichten');
    expect(await within(newest).findByText('Je hebt op 02-03-2026 een vraag gesteld.')).toBeInTheDocument();

    await user.click(within(newest).getByRole('button', { name: 'Akkoord' }));
    expect(await within(newest).findByText('Je jurist weet nu dat je akkoord bent.')).toBeInTheDocument();
    expect(
      await within(newest).findByText('Je hebt op 02-03-2026 laten weten dat je akkoord bent.'),
    ).toBeInTheDocument();
    expect(within(newest).queryByRole('button', { name: 'Akkoord' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { response: 'question', text: 'Wat betekent finale kwijting?' },
      { response: 'agree' },
    ]);
  }, 20_000);

  it('shows the approved WW check in plain words, one line per item with a word for its colour', async () => {
    const final = { ...second, final: true, final_at: '2026-03-01T10:00:00.000Z' };
    let approvedAt: string | null = null;
    setup(() =>
      makeSettlement({
        versions: [final, first],
        check: {
          version_id: final.id,
          result: wwCheck,
          missing: [],
          agreement_date: '2026-03-02',
          from_signed: false,
          approved_at: approvedAt,
        },
      }),
    );
    renderApp('/onderhandeling', { user: client });
    const section = (await screen.findByRole('heading', { level: 2, name: 'WW-check' })).closest(
      'section',
    ) as HTMLElement;
    // Not before the lawyer approved it.
    expect(
      within(section).getByText('Je jurist kijkt nog na of de definitieve versie veilig is voor je WW.'),
    ).toBeInTheDocument();
    expect(within(section).queryByRole('list')).toBeNull();
    approvedAt = '2026-03-01T15:00:00.000Z';
    await act(async () => applyLiveEvent(queryClient, 'case_changed', { case_id: CASE_ID }));
    const list = await within(section).findByRole('list', { name: 'WW-check' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'In ordeHet initiatief ligt bij de werkgever.',
      'Let opDe bedenktijd staat er niet in: die wordt dan 21 dagen.',
      'RisicoJe bent ziek bij het tekenen: dan kun je meestal geen WW krijgen.',
    ]);
    expect(within(section).getByText('Je WW kan ingaan op 01-03-2027.')).toBeInTheDocument();
    expect(within(section).getByText('Nagekeken door je jurist op 01-03-2026.')).toBeInTheDocument();
    expect(screen.getAllByText('Definitief').length).toBeGreaterThan(0);
  }, 20_000);

  it('says that the WW check counts from the signed agreement’s date once it is recorded', async () => {
    const final = { ...second, final: true, final_at: '2026-03-01T10:00:00.000Z' };
    setup(() =>
      makeSettlement({
        versions: [final, first],
        check: {
          version_id: final.id,
          result: wwCheck,
          missing: [],
          agreement_date: '2026-03-09',
          from_signed: true,
          approved_at: '2026-03-01T15:00:00.000Z',
        },
      }),
    );
    renderApp('/onderhandeling', { user: client });
    const section = (await screen.findByRole('heading', { level: 2, name: 'WW-check' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      await within(section).findByText('Gerekend vanaf de dagtekening van de getekende overeenkomst: 09-03-2026.'),
    ).toBeInTheDocument();
  }, 20_000);

  it('once signed: the bedenktijd counted down, the dissolution letter and key dates; no more answers', async () => {
    const final = { ...second, final: true, final_at: '2026-03-01T10:00:00.000Z' };
    const { calls } = setup(
      () =>
        makeSettlement({
          versions: [final, first],
          signed: {
            dated: '2026-03-02',
            agreed_on: '2026-03-02',
            cooling_off_clause: true,
            dissolved_within_six_months: false,
            file: { filename: 'getekend.pdf' },
            recorded_at: '2026-03-02T09:00:00.000Z',
            version: 1,
            correctable: true,
          },
          cooling_off_ends_on: '2026-03-16',
          cooling_off_running: true,
        }),
      on('GET', `/api/cases/${CASE_ID}/settlement/dissolution-letter`, { status: 200, body: {} }),
    );
    const createObjectURL = vi.fn(() => 'blob:letter');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp('/onderhandeling', { user: client });
    const block = (await screen.findByRole('heading', { name: 'Bedenktijd' })).closest('section') as HTMLElement;
    expect(
      within(block).getByText(
        'Je kunt de vaststellingsovereenkomst tot en met 16 maart 2026 zonder opgave van redenen ontbinden.',
      ),
    ).toBeInTheDocument();
    expect(within(block).getByText('Nog 14 dagen.')).toBeInTheDocument();
    await user.click(within(block).getByRole('button', { name: 'Ontbindingsverklaring downloaden (pdf)' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(calls.some((c) => c.path === `/api/cases/${CASE_ID}/settlement/dissolution-letter`)).toBe(true);
    expect(within(block).getByRole('button', { name: 'Zet de belangrijke data in je agenda' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Akkoord' })).toBeNull();
    expect(screen.queryByText(/om te reageren/)).toBeNull();
  }, 20_000);

  it('shows a new version as soon as it arrives, and says when there is none yet', async () => {
    let settlement = makeSettlement();
    setup(() => settlement);
    renderApp('/onderhandeling', { user: client });
    expect(
      await screen.findByText('Er is nog geen voorstel. Je krijgt een e-mail zodra er een is.'),
    ).toBeInTheDocument();
    settlement = makeSettlement({ versions: [first] });
    await act(async () => applyLiveEvent(queryClient, 'case_changed', { case_id: CASE_ID }));
    expect(
      await screen.findByRole('heading', { level: 3, name: /^Voorstel van je werkgever\s*·\s*Versie 1$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('De termijn om te reageren is verlopen (27-02-2026)')).toBeInTheDocument();
  }, 20_000);

  it('shows no answer buttons once the case is closed', async () => {
    setup(() => makeSettlement({ versions: [{ ...second, from: 'employer' }, first], closed: true }));
    renderApp('/onderhandeling', { user: client });
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    expect(within(newest).getByText('Ontvangen op 27-02-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Akkoord' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ik heb een vraag' })).toBeNull();
  }, 20_000);

  it('speaks English in the English app', async () => {
    session.dispatch({ type: 'settings', settings: { language: 'en-US' } });
    setup(
      () => makeSettlement({ versions: [second, first] }),
      on('PATCH', '/api/user', { status: 200, body: { data: { ...client, language: 'en-US' } } }),
    );
    renderApp('/onderhandeling', { user: { ...client, language: 'en-US' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Negotiation' })).toBeInTheDocument();
    const [newest] = (await screen.findAllByRole('article')) as [HTMLElement];
    expect(within(newest).getByRole('heading', { level: 3 })).toHaveTextContent('Counter-proposal from us · Version 2');
    expect(within(newest).getByText('Your employer is to reply by 05-03-2026.')).toBeInTheDocument();
    expect(within(newest).getByText('Severance € 18.000 → € 24.500 (+ € 6.500)')).toBeInTheDocument();
    expect(within(newest).queryByRole('button', { name: 'Agree' })).toBeNull();
    expect(within(newest).getByRole('button', { name: 'I have a question' })).toBeInTheDocument();
  }, 20_000);
});
