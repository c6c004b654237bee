import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settlement } from '../../../contract/settlement';
import { applyLiveEvent } from '../../lib/live-events';
import { queryClient } from '../../lib/query-client';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { makeLawyerCaseView, makeSettlement, makeSettlementVersion, makeUser, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const CASE_ID = '20000000-0000-4000-8000-0000000000bb';
const PATH = `/dossiers/${CASE_ID}/vaststellingsovereenkomst`;
const lawyer = makeUser('lawyer');

const terms = {
  start_date: '2019-01-01',
  monthly_salary_cents: 400_000,
  holiday_allowance_percent: 8,
  notice_months: null,
  agreement_date: '2026-03-02',
  end_date: '2027-01-31',
  severance_cents: 1_800_000,
  initiative: 'employer' as const,
  urgent_reason_excluded: true,
  cooling_off_clause: true,
  employee_ill: false,
  final_discharge: true,
};
const first = makeSettlementVersion(1, {
  from: 'employer',
  dated: '2026-02-20',
  reply_by: '2026-03-05',
  terms,
  text: 'Artikel 1. De vergoeding bedraagt 18.000 euro.',
});
const wwCheck = {
  fictitious_notice_end: '2026-05-31',
  ww_start_date: '2027-02-01',
  notice_months: 3,
  items: [
    { key: 'initiative' as const, result: 'ok' as const, text: 'Het initiatief ligt bij de werkgever.' },
    {
      key: 'legal_costs' as const,
      result: 'warning' as const,
      text: 'De vergoeding voor juridische kosten wordt alleen betaald als je tekent.',
    },
  ],
};

/** The FormData of the last request to `path` (multipart goes through fetch without progress). */
function formOf(fetchMock: ReturnType<typeof installFakeFetch>['fetchMock'], path: string): FormData {
  const call = [...fetchMock.mock.calls].reverse().find(([input]) => String(input).endsWith(path));
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error(`no multipart request to ${path}`);
  return body;
}

function setup(settlement: () => Settlement, ...routes: FakeRoute[]) {
  return installFakeFetch(
    ...routes,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: lawyer } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', `/api/cases/${CASE_ID}`, {
      status: 200,
      body: { data: makeLawyerCaseView(CASE_ID, 'negotiation-phase') },
    }),
    on('GET', `/api/cases/${CASE_ID}/settlement`, () => ({ status: 200, body: { data: settlement() } })),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the lawyer's tab 'Vaststellingsovereenkomst'", () => {
  it('is a tab of the case; with no version yet it says so and offers the form', async () => {
    setup(() => makeSettlement());
    renderApp(PATH, { user: lawyer });
    const tabs = await screen.findByRole('navigation', { name: 'Onderdelen van het dossier' });
    expect(within(tabs).getByRole('link', { name: 'Vaststellingsovereenkomst' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(
      await screen.findByText('Nog geen versies. Voeg het eerste voorstel toe zodra het binnen is.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Vaststellingsovereenkomst' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'WW-check' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Nieuwe versie toevoegen' }));
    const form = await screen.findByRole('form', { name: 'Nieuwe versie' });
    expect(within(form).getByRole('radio', { name: 'Werkgever' })).toBeChecked();
    expect(within(form).getByLabelText('Vakantiegeld (%)')).toHaveValue('8');
    expect(within(form).getByLabelText(/Datum ontvangen of verstuurd/)).toHaveValue('2026-03-02');
  }, 20_000);

  it('adds a counter-offer from the terms of the newest version, pasted text and a note, as multipart', async () => {
    let settlement = makeSettlement({ versions: [first] });
    const second = makeSettlementVersion(2, {
      from: 'us',
      dated: '2026-03-02',
      terms: { ...terms, severance_cents: 2_450_000 },
    });
    const { fetchMock } = setup(
      () => settlement,
      on('POST', `/api/cases/${CASE_ID}/settlement/versions`, () => {
        settlement = makeSettlement({ versions: [second, first] });
        return { status: 201, body: { data: second } };
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe versie toevoegen' }));
    const form = await screen.findByRole('form', { name: 'Nieuwe versie' });
    expect(within(form).getByRole('radio', { name: 'Wij' })).toBeChecked();
    expect(within(form).getByLabelText('Vergoeding')).toHaveValue('18000');
    expect(within(form).getByLabelText('Initiatief')).toHaveValue('employer');
    await user.type(within(form).getByLabelText('Reageren uiterlijk op'), '2026-03-09');
    await user.clear(within(form).getByLabelText('Vergoeding'));
    await user.type(within(form).getByLabelText('Vergoeding'), '24.500');
    await user.selectOptions(within(form).getByLabelText('Concurrentiebeding'), 'dropped');
    await user.type(within(form).getByLabelText('Wat dit voor je betekent'), 'Ons tegenvoorstel: € 6.500 meer.');
    // Neither a file nor text: refused before sending.
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    expect(await within(form).findByText('Kies een bestand of plak de tekst.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(within(form).getByLabelText('Tekst')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(form).getByLabelText('Tekst'), 'Artikel 1. De vergoeding bedraagt 24.500 euro.');
    // An amount that cannot be read: said under its field, which gets the focus; nothing is sent.
    const severance = within(form).getByLabelText('Vergoeding');
    await user.clear(severance);
    await user.type(severance, 'veel');
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    await waitFor(() =>
      expect(severance).toHaveAccessibleDescription(
        expect.stringContaining("Vul een bedrag in euro's in, bijvoorbeeld 3.250,00."),
      ),
    );
    expect(severance).toHaveFocus();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.clear(severance);
    await user.type(severance, '24.500');
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    expect(await screen.findByText('Versie 2 is toegevoegd.')).toBeInTheDocument();
    const sent = formOf(fetchMock, '/settlement/versions');
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'terms'))).toEqual({
      from: 'us',
      dated: '2026-03-02',
      reply_by: '2026-03-09',
      note: 'Ons tegenvoorstel: € 6.500 meer.',
      text: 'Artikel 1. De vergoeding bedraagt 24.500 euro.',
    });
    expect(JSON.parse(String(sent.get('terms')))).toEqual({
      ...terms,
      severance_cents: 2_450_000,
      non_compete: 'dropped',
    });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(
      within(screen.getAllByRole('article')[0]!).getByText('Vergoeding € 18.000 → € 24.500 (+ € 6.500)'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Nieuwe versie' })).toBeNull();
  }, 30_000);

  it('sends an uploaded .docx as the file and puts a refusal of the server on its field', async () => {
    const { fetchMock } = setup(
      () => makeSettlement({ versions: [first] }),
      on('POST', `/api/cases/${CASE_ID}/settlement/versions`, {
        status: 422,
        body: {
          message: 'De tekst van dit bestand kon niet worden gelezen.',
          errors: {
            file: [
              'De tekst van dit bestand kon niet worden gelezen. Gebruik een .docx- of .pdf-bestand, of plak de tekst.',
            ],
          },
        },
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    await user.click(await screen.findByRole('button', { name: 'Nieuwe versie toevoegen' }));
    const form = await screen.findByRole('form', { name: 'Nieuwe versie' });
    await user.upload(
      within(form).getByLabelText('Bestand (.docx of .pdf)'),
      new File(['PK'], 'tegenvoorstel.docx', {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
    );
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    const input = within(form).getByLabelText('Bestand (.docx of .pdf)');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(/De tekst van dit bestand kon niet worden gelezen/);
    const sent = formOf(fetchMock, '/settlement/versions');
    expect((sent.get('file') as File).name).toBe('tegenvoorstel.docx');
    expect(sent.has('text')).toBe(false);
  }, 30_000);

  it("marks a version 'definitief', shows its WW check with a word per line and approves it", async () => {
    let settlement = makeSettlement({ versions: [first] });
    const final = { ...first, final: true, final_at: '2026-03-02T09:00:00.000Z' };
    const { calls } = setup(
      () => settlement,
      on('POST', `/api/settlement-versions/${first.id}/final`, () => {
        settlement = makeSettlement({
          versions: [final],
          check: {
            version_id: first.id,
            result: wwCheck,
            missing: [],
            agreement_date: '2026-03-02',
            from_signed: false,
            approved_at: null,
          },
        });
        return { status: 200, body: { data: final } };
      }),
      on('POST', `/api/cases/${CASE_ID}/settlement/ww-check/approve`, () => {
        settlement = {
          ...settlement,
          check: {
            version_id: first.id,
            result: wwCheck,
            missing: [],
            agreement_date: '2026-03-02',
            from_signed: false,
            approved_at: '2026-03-02T09:00:00.000Z',
          },
        };
        return { status: 200, body: { data: settlement } };
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    await user.click(await screen.findByRole('button', { name: 'Markeer als definitief' }));
    expect(await screen.findByText('Versie 1 is definitief.')).toBeInTheDocument();
    const check = (await screen.findByRole('heading', { level: 3, name: 'WW-check' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(check).getByText('WW-check van versie 1 (definitief).')).toBeInTheDocument();
    expect(
      within(check)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'In ordeHet initiatief ligt bij de werkgever.',
      'Let opDe vergoeding voor juridische kosten wordt alleen betaald als je tekent.',
    ]);
    expect(
      within(check).getByText('Fictieve opzegtermijn tot en met 31-05-2026; WW vanaf 01-02-2027.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markeer als definitief' })).toBeNull();
    await user.click(within(check).getByRole('button', { name: 'WW-check akkoord' }));
    expect(await within(check).findByText('WW-check akkoord gegeven op 02-03-2026.')).toBeInTheDocument();
    expect(within(check).queryByRole('button', { name: 'WW-check akkoord' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/settlement-versions/${first.id}/final`,
      `/api/cases/${CASE_ID}/settlement/ww-check/approve`,
    ]);
    // The signed agreement can be recorded now.
    expect(screen.getByRole('heading', { level: 3, name: 'Getekende overeenkomst' })).toBeInTheDocument();
  }, 30_000);

  it('refuses an end before the agreement date before sending, and sends the CAO mark', async () => {
    let settlement = makeSettlement({ versions: [first] });
    const second = makeSettlementVersion(2, { from: 'us', dated: '2026-03-02', terms });
    const { fetchMock } = setup(
      () => settlement,
      on('POST', `/api/cases/${CASE_ID}/settlement/versions`, () => {
        settlement = makeSettlement({ versions: [second, first] });
        return { status: 201, body: { data: second } };
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    // The calculator is one link away.
    expect(await screen.findByRole('link', { name: 'Transitievergoeding berekenen' })).toHaveAttribute(
      'href',
      '/transitievergoeding',
    );
    await user.click(await screen.findByRole('button', { name: 'Nieuwe versie toevoegen' }));
    const form = await screen.findByRole('form', { name: 'Nieuwe versie' });
    await user.type(within(form).getByLabelText('Tekst'), 'Artikel 1. De vergoeding bedraagt 18.000 euro.');
    const end = within(form).getByLabelText('Einddatum');
    await user.clear(end);
    await user.type(end, '2026-03-01');
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    await waitFor(() =>
      expect(end).toHaveAccessibleDescription(
        expect.stringContaining('De einddatum ligt vóór de datum van de overeenkomst.'),
      ),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.clear(end);
    await user.type(end, '2027-01-31');
    await user.type(within(form).getByLabelText('Opzegtermijn'), '1');
    const cao = within(form).getByLabelText('Opzegtermijn verkort bij cao');
    expect(cao).toHaveAccessibleDescription(
      'Alleen een cao mag de wettelijke opzegtermijn van de werkgever verkorten (art. 7:672 lid 5 BW).',
    );
    await user.selectOptions(cao, 'true');
    await user.click(within(form).getByRole('button', { name: 'Versie opslaan' }));
    expect(await screen.findByText('Versie 2 is toegevoegd.')).toBeInTheDocument();
    expect(JSON.parse(String(formOf(fetchMock, '/settlement/versions').get('terms')))).toEqual({
      ...terms,
      notice_months: 1,
      notice_shortened_by_cao: true,
    });
  }, 30_000);

  it('says that the WW check counts from the signed agreement’s date once it is recorded', async () => {
    setup(() =>
      makeSettlement({
        versions: [{ ...first, final: true }],
        check: {
          version_id: first.id,
          result: wwCheck,
          missing: [],
          agreement_date: '2026-03-09',
          from_signed: true,
          approved_at: '2026-03-02T09:00:00.000Z',
        },
      }),
    );
    renderApp(PATH, { user: lawyer });
    expect(
      await screen.findByText('Gerekend vanaf de dagtekening van de getekende overeenkomst: 09-03-2026.'),
    ).toBeInTheDocument();
  }, 20_000);

  it('names the terms the WW check still needs', async () => {
    setup(() =>
      makeSettlement({
        versions: [{ ...first, final: true }],
        check: {
          version_id: first.id,
          result: null,
          missing: ['start_date', 'initiative'],
          agreement_date: null,
          from_signed: false,
          approved_at: null,
        },
      }),
    );
    renderApp(PATH, { user: lawyer });
    expect(
      await screen.findByText(/Voor de WW-check ontbreekt nog: Datum in dienst, Initiatief\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'WW-check akkoord' })).toBeNull();
  }, 20_000);

  it('records the signed agreement and then counts the bedenktijd down; no more versions', async () => {
    const final = {
      ...first,
      final: true,
      final_at: '2026-03-01T09:00:00.000Z',
      responses: [
        { response: 'question' as const, text: 'Wat betekent finale kwijting?', at: '2026-02-25T10:00:00.000Z' },
      ],
    };
    const before = makeSettlement({
      versions: [final],
      check: {
        version_id: first.id,
        result: wwCheck,
        missing: [],
        agreement_date: '2026-03-02',
        from_signed: false,
        approved_at: '2026-03-01T10:00:00.000Z',
      },
    });
    let settlement = before;
    const { fetchMock } = setup(
      () => settlement,
      on('POST', `/api/cases/${CASE_ID}/settlement/signed`, () => {
        settlement = {
          ...before,
          signed: {
            dated: '2026-03-02',
            agreed_on: '2026-02-28',
            cooling_off_clause: false,
            dissolved_within_six_months: false,
            file: { filename: 'getekend.pdf' },
            recorded_at: '2026-03-02T09:00:00.000Z',
            version: 1,
            correctable: true,
          },
          cooling_off_ends_on: '2026-03-21',
          cooling_off_running: true,
        };
        return { status: 201, body: { data: settlement } };
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    expect(
      await screen.findByText('Cliënt stelde op 25-02-2026 een vraag: Wat betekent finale kwijting?'),
    ).toBeInTheDocument();
    const section = (await screen.findByRole('heading', { level: 3, name: 'Getekende overeenkomst' })).closest(
      'section',
    ) as HTMLElement;
    // The version states the bedenktijd, so the box starts ticked.
    const clause = within(section).getByRole('checkbox', { name: 'De overeenkomst noemt de bedenktijd' });
    expect(clause).toBeChecked();
    await user.click(within(section).getByRole('button', { name: 'Getekende overeenkomst vastleggen' }));
    expect(await within(section).findByText('Kies het getekende bestand.')).toBeInTheDocument();
    const fileField = within(section).getByLabelText('Getekend bestand');
    expect(fileField).toHaveAttribute('aria-invalid', 'true');
    expect(fileField).toHaveFocus();
    const dated = within(section).getByLabelText('Dagtekening');
    await user.clear(dated);
    await user.click(within(section).getByRole('button', { name: 'Getekende overeenkomst vastleggen' }));
    await waitFor(() => expect(dated).toHaveAccessibleDescription('Dit veld is verplicht.'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/settlement/signed'))).toBe(false);
    await user.type(dated, '2026-03-02');
    await user.upload(
      within(section).getByLabelText('Getekend bestand'),
      new File(['%PDF-1.4'], 'getekend.pdf', { type: 'application/pdf' }),
    );
    await user.clear(within(section).getByLabelText('Datum waarop overeenstemming is bereikt'));
    await user.type(within(section).getByLabelText('Datum waarop overeenstemming is bereikt'), '2026-02-28');
    await user.click(clause);
    await user.click(within(section).getByRole('button', { name: 'Getekende overeenkomst vastleggen' }));
    expect(await screen.findByText('De getekende overeenkomst is vastgelegd.')).toBeInTheDocument();
    const sent = formOf(fetchMock, '/settlement/signed');
    expect((sent.get('file') as File).name).toBe('getekend.pdf');
    expect(Object.fromEntries([...sent.entries()].filter(([name]) => name !== 'file'))).toEqual({
      dated: '2026-03-02',
      agreed_on: '2026-02-28',
      cooling_off_clause: 'false',
      dissolved_within_six_months: 'false',
    });

    const countdown = (await screen.findByRole('heading', { level: 3, name: 'Bedenktijd' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(countdown).getByText('De bedenktijd loopt tot en met 21 maart 2026.')).toBeInTheDocument();
    expect(within(countdown).getByText('Nog 19 dagen.')).toBeInTheDocument();
    expect(within(section).getByText('De bedenktijd staat niet in de overeenkomst (21 dagen).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuwe versie toevoegen' })).toBeNull();
    expect(screen.getByText(/er kunnen geen versies meer bij/)).toBeInTheDocument();
  }, 30_000);

  it('corrects the record with its version while the bedenktijd runs, and offers no correction after it', async () => {
    const final = { ...first, final: true, final_at: '2026-03-01T09:00:00.000Z' };
    const signed = {
      dated: '2026-03-02',
      agreed_on: '2026-03-02',
      cooling_off_clause: true,
      dissolved_within_six_months: false,
      file: { filename: 'getekend.pdf' },
      recorded_at: '2026-03-02T09:00:00.000Z',
      version: 3,
      correctable: true,
    };
    let settlement = makeSettlement({
      versions: [final],
      signed,
      cooling_off_ends_on: '2026-03-16',
      cooling_off_running: true,
    });
    const { fetchMock } = setup(
      () => settlement,
      on('POST', `/api/cases/${CASE_ID}/settlement/signed`, () => {
        settlement = { ...settlement, signed: { ...signed, version: 4 } };
        return { status: 201, body: { data: settlement } };
      }),
    );
    const user = userEvent.setup();
    renderApp(PATH, { user: lawyer });
    const section = (await screen.findByRole('heading', { level: 3, name: 'Getekende overeenkomst' })).closest(
      'section',
    ) as HTMLElement;
    await user.click(within(section).getByRole('button', { name: 'Corrigeren' }));
    await user.upload(
      within(section).getByLabelText('Getekend bestand'),
      new File(['%PDF-1.4'], 'gecorrigeerd.pdf', { type: 'application/pdf' }),
    );
    await user.click(within(section).getByRole('button', { name: 'Getekende overeenkomst vastleggen' }));
    expect(await screen.findByText('De getekende overeenkomst is vastgelegd.')).toBeInTheDocument();
    expect(formOf(fetchMock, '/settlement/signed').get('version')).toBe('3');

    settlement = { ...settlement, signed: { ...signed, correctable: false }, cooling_off_running: false };
    await act(async () => applyLiveEvent(queryClient, 'case_changed', { case_id: CASE_ID }));
    expect(await within(section).findByText(/Deze vastlegging is definitief/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Corrigeren' })).toBeNull();
  }, 30_000);

  it('shows no button on a closed case: no new version, no definitief, no check approval, no signed form', async () => {
    setup(() =>
      makeSettlement({
        versions: [{ ...first, final: true, final_at: '2026-03-01T09:00:00.000Z' }],
        check: {
          version_id: first.id,
          result: wwCheck,
          missing: [],
          agreement_date: '2026-03-02',
          from_signed: false,
          approved_at: null,
        },
        closed: true,
      }),
    );
    renderApp(PATH, { user: lawyer });
    expect(
      await screen.findByText('Dit dossier is afgesloten: de vaststellingsovereenkomst verandert niet meer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'WW-check' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuwe versie toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Markeer als definitief' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'WW-check akkoord' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Getekende overeenkomst' })).toBeNull();
  }, 30_000);

  it("shows the task 'Bedenktijd verstreken: dossier voltooien' once it has passed", async () => {
    setup(() =>
      makeSettlement({
        versions: [{ ...first, final: true }],
        signed: {
          dated: '2026-02-10',
          agreed_on: '2026-02-10',
          cooling_off_clause: true,
          dissolved_within_six_months: false,
          file: null,
          recorded_at: '2026-02-10T09:00:00.000Z',
          version: 1,
          correctable: true,
        },
        cooling_off_ends_on: '2026-02-24',
        cooling_off_running: false,
        complete_task: true,
      }),
    );
    renderApp(PATH, { user: lawyer });
    expect(await screen.findByText('Bedenktijd verstreken: dossier voltooien')).toBeInTheDocument();
    expect(screen.getByText('De bedenktijd is verstreken op 24 februari 2026.')).toBeInTheDocument();
  }, 20_000);
});
