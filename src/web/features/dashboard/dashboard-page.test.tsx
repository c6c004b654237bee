import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseClientView } from '../../../contract/cases';
import type { Lawyer } from '../../../contract/lawyers';
import type { StatusSlug } from '../../../contract/statuses';
import { STATUSES } from '../../../contract/statuses';
import type { Stepper, StepContent } from '../../../contract/stepper';
import {
  emptyPage,
  makeClientCaseView,
  makeSettlement,
  makeSettlementVersion,
  makeUser,
  site,
} from '../../test/fixtures';
import { installFakeFetch, on, type FakeRoute } from '../../test/fake-fetch';
import { resetFirstPageForTests } from '../../lib/first-page';
import { queryClient } from '../../lib/query-client';
import { settlementQueryKeys } from '../../lib/settlement-query';
import { renderApp } from '../../test/render-app';

const client = makeUser('client', { name: 'Eva' });
const CASE_ID = '20000000-0000-4000-8000-000000000000';

function lawyer(n: number, overrides: Partial<Lawyer> = {}): Lawyer {
  return {
    id: `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    avatar: null,
    name: `Jurist${n}`,
    last_name: 'Test',
    full_name: `Jurist${n} Test`,
    title: null,
    email: `jurist${n}@example.com`,
    phone_number: null,
    postcode: null,
    house_number: null,
    street: null,
    city: null,
    quote: null,
    answers: [],
    questions: [],
    availability: [{ day: 'monday', start_time: '09:00', end_time: '17:00' }],
    ...overrides,
  };
}

const caseView = (slug: StatusSlug, lawyers: Lawyer[]): CaseClientView =>
  makeClientCaseView(CASE_ID, slug, { lawyers });

const content = (title: string, buttons: StepContent['buttons'] = []): StepContent => ({
  subtitle: 'Stap',
  colour: 'red',
  title,
  description: `${title} uitleg`,
  buttons,
});

function stepper(current: StatusSlug, flags: Partial<Omit<Stepper, 'stepper'>> = {}): Stepper {
  const currentOrder = STATUSES.find((s) => s.slug === current)?.order ?? 1;
  return {
    profile_complete: false,
    company_details_complete: false,
    documents_complete: false,
    feedback: false,
    ...flags,
    stepper: STATUSES.map((s) => ({
      slug: s.slug,
      display_name: s.displayName,
      order: s.order,
      is_current: s.slug === current,
      is_complete: s.order < currentOrder,
      articles: [],
      content_incomplete:
        s.slug === 'lead'
          ? content('Vul je gegevens aan', [
              { action: 'personal-data', label: 'Persoonlijke gegevens' },
              { action: 'employer-data', label: 'Gegevens werkgever' },
              { action: 'documents', label: 'Documenten' },
            ])
          : s.slug === 'ready-for-invoicing'
            ? content('Bijna klaar', [{ action: 'feedback', label: 'Deel je ervaring' }])
            : content(`Titel ${s.slug}`),
      content_complete:
        s.slug === 'ready-for-invoicing'
          ? content('Bedankt', [{ action: 'review', label: 'Schrijf een review' }])
          : content(`Klaar ${s.slug}`),
    })),
  };
}

/** The case's invoices (the card of open invoices): none. */
const noInvoices = on('GET', `/api/cases/${CASE_ID}/invoices`, {
  status: 200,
  body: { data: [], meta: { can_create: false, tasks: [] } },
});

function setup(view: CaseClientView, steps: Stepper | (() => Stepper), ...routes: FakeRoute[]) {
  return installFakeFetch(
    ...routes,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: client } }),
    on('GET', '/api/cases/mine', { status: 200, body: { data: view } }),
    on('GET', '/api/client-questions', { status: 200, body: { data: [] } }),
    on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
    noInvoices,
    on('GET', `/api/cases/${CASE_ID}/timeline?page=1`, {
      status: 200,
      body: emptyPage(),
    }),
    on('GET', `/api/cases/${CASE_ID}/status-stepper?lang=nl-NL`, () => ({
      status: 200,
      body: { data: typeof steps === 'function' ? steps() : steps },
    })),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    // No first conversation booked, none to book with a lawyer yet.
    on('GET', `/api/cases/${CASE_ID}/appointment`, {
      status: 200,
      body: { data: null, lawyer: null, mode: 'video', notice_hours: 24, callback_requested_at: null },
    }),
  );
}

describe('the client dashboard', () => {
  it("lists every open action under 'Wat moet ik nog doen?'; the next step never says nothing is needed", async () => {
    const docs = [
      {
        id: '00000000-0000-4000-8000-0000000000d1',
        title: 'Arbeidscontract',
        filename: 'a.pdf',
        mandatory: true,
        status: 'Rejected' as const,
        visible: true,
        message: 'Onleesbaar',
        uploaded_at: null,
        uploaded_by: null,
        rejected_by: null,
        approved_by: null,
        extension: 'pdf',
        locked: false,
        temporary_url: null,
        expires_at_unix_time: null,
      },
      {
        id: '00000000-0000-4000-8000-0000000000d2',
        title: 'Loonstrook',
        filename: null,
        mandatory: true,
        status: 'Not Uploaded' as const,
        visible: true,
        message: null,
        uploaded_at: null,
        uploaded_by: null,
        rejected_by: null,
        approved_by: null,
        extension: null,
        locked: false,
        temporary_url: null,
        expires_at_unix_time: null,
      },
    ];
    setup({ ...caseView('negotiation-phase', []), documents: docs }, stepper('negotiation-phase'));
    renderApp('/', { user: client });
    const list = (await screen.findByRole('heading', { name: 'Wat moet ik nog doen?' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!list) throw new Error('no to-do list');
    expect(
      within(list).getByRole('link', {
        name: /Upload een nieuwe versie van 'Arbeidscontract'.*Reden van afkeuring: Onleesbaar/,
      }),
    ).toHaveAttribute('href', '/documenten');
    expect(within(list).getByRole('link', { name: /Upload 'Loonstrook'/ })).toHaveAttribute('href', '/documenten');
    expect(within(list).getByRole('link', { name: /Vul de gegevens van je werkgever aan/ })).toHaveAttribute(
      'href',
      '/mijn-verhaal/werkgever-gegevens',
    );
    expect(screen.getByText(/Er staan nog \d+ acties voor je open/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Wat is er gebeurd' })).toBeInTheDocument();
  }, 20_000);

  it('unlocks the next button once the previous part is complete and sends the welcome button there', async () => {
    setup(caseView('lead', []), stepper('lead', { profile_complete: true }));
    renderApp('/', { user: client });
    const block = (
      await screen.findByRole('heading', { level: 2, name: 'Vul je gegevens aan' }, { timeout: 5000 })
    ).closest('section');
    if (!block) throw new Error('no next-step block');
    expect(within(block).getByRole('link', { name: /Persoonlijke gegevens.*afgerond/ })).toHaveAttribute(
      'href',
      '/mijn-verhaal',
    );
    expect(within(block).getByRole('link', { name: 'Gegevens werkgever' })).toHaveAttribute(
      'href',
      '/mijn-verhaal/werkgever-gegevens',
    );
    expect(within(block).getByRole('button', { name: /Documenten/ })).toBeDisabled();
    expect(screen.getByRole('heading', { name: 'Welkom, Eva!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vul de gegevens van je werkgever in' })).toHaveAttribute(
      'href',
      '/mijn-verhaal/werkgever-gegevens',
    );
    expect(screen.getByText('Er is nog geen arbeidsrechtjurist toegewezen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Jouw stappenplan' })).toBeInTheDocument();
  });

  it("leaves a phase 'Start' skips out of 'Jouw stappenplan': negotiation is never shown as done", async () => {
    setup({ ...caseView('check', []), offer: { slug: 'start', display_name: 'Start onbezorgd' } }, stepper('check'));
    renderApp('/', { user: client });
    const plan = (await screen.findByRole('heading', { name: 'Jouw stappenplan' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!plan) throw new Error('no stepper');
    const items = within(plan).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).not.toContainEqual(expect.stringMatching(/Onderhandel/));
    expect(within(plan).getByText('Klaar reviewing-documents')).toBeInTheDocument();
    expect(items.find((item) => item.getAttribute('aria-current') === 'step')).toHaveTextContent(
      'Controle van de afspraken',
    );
    expect(items).toHaveLength(STATUSES.length - 1);
  }, 20_000);

  it('links to the transition payment calculator', async () => {
    setup(caseView('offer-chosen', []), stepper('offer-chosen'));
    renderApp('/', { user: client });
    expect(await screen.findByRole('link', { name: 'Transitievergoeding berekenen' })).toHaveAttribute(
      'href',
      '/transitievergoeding',
    );
    expect(
      screen.getByText(/Wil je weten op welke wettelijke transitievergoeding je recht hebt\?/),
    ).toBeInTheDocument();
  });

  it('hides the welcome block after lead and promises a lawyer within 24 hours once a package is chosen', async () => {
    setup(caseView('offer-chosen', []), stepper('offer-chosen'));
    renderApp('/', { user: client });
    expect(await screen.findByText(/Binnen 24 uur nadat je een pakket hebt gekozen/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Welkom/ })).not.toBeInTheDocument();
  });

  it('shows the lawyer sheet with defaults, cycles between lawyers and closes on Escape', async () => {
    setup(
      caseView('check', [lawyer(1), lawyer(2, { title: 'Senior jurist', quote: 'Samen sterk.' })]),
      stepper('check'),
    );
    const user = userEvent.setup();
    renderApp('/', { user: client });
    await user.click(await screen.findByRole('button', { name: 'Bekijk profielen' }));
    const sheet = await screen.findByRole('dialog', { name: 'Jurist1 Test' });
    expect(within(sheet).getByText('Arbeidsrechtjurist')).toBeInTheDocument();
    expect(within(sheet).getByText('“We helpen je graag verder.”')).toBeInTheDocument();
    expect(within(sheet).getByText('Maandag').nextSibling).toHaveTextContent('09:00 - 17:00');
    expect(within(sheet).getByText('Dinsdag').nextSibling).toHaveTextContent('Niet beschikbaar');
    await user.click(within(sheet).getByRole('button', { name: 'Volgende jurist' }));
    expect(await screen.findByRole('dialog', { name: 'Jurist2 Test' })).toBeInTheDocument();
    expect(screen.getByText('Senior jurist')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jurist 1 van 2: Jurist1 Test' }));
    expect(await screen.findByRole('dialog', { name: 'Jurist1 Test' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for feedback text, reports a failed submit, and then thanks the client and invites a review', async () => {
    let hasFeedback = false;
    let fail = true;
    const { calls } = setup(
      caseView('ready-for-invoicing', [lawyer(1)]),
      () => stepper('ready-for-invoicing', { feedback: hasFeedback }),
      (request) => {
        if (request.method !== 'POST' || !request.path.endsWith('/feedback')) return undefined;
        if (fail) return { status: 500, body: { message: 'boom' } };
        hasFeedback = true;
        return {
          status: 201,
          body: {
            data: {
              id: '40000000-0000-4000-8000-000000000000',
              user: { full_name: 'Eva', email: 'eva@example.com' },
              case: { id: CASE_ID },
              text: 'Top',
              read_by_lawyer: false,
              last_updated_at: '2026-11-22T10:00:00.000Z',
              created_at: '2026-11-22T10:00:00.000Z',
            },
          },
        };
      },
    );
    const user = userEvent.setup();
    renderApp('/', { user: client });
    await user.click(await screen.findByRole('button', { name: 'Deel je ervaring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deel je ervaring' });
    await user.click(within(dialog).getByRole('button', { name: 'Verstuur' }));
    expect(await within(dialog).findByText('Feedback kan niet leeg zijn.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Jouw feedback'), 'Top');
    await user.click(within(dialog).getByRole('button', { name: 'Verstuur' }));
    expect(
      await within(dialog).findByText('Je feedback kon niet worden verstuurd. Probeer het opnieuw.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Verstuur' }));
    const thanks = await screen.findByRole('dialog', { name: 'Bedankt voor je feedback!' });
    expect(within(thanks).getByRole('link', { name: /Schrijf een review/ })).toHaveAttribute('href', site.review_url);
    expect(calls.find((c) => c.method === 'POST')?.path).toBe(`/api/cases/${CASE_ID}/lawyers/${lawyer(1).id}/feedback`);
    await user.click(within(thanks).getByRole('button', { name: 'Overslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const review = await screen.findByRole('link', { name: /Schrijf een review/ });
    expect(review).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: 'Deel je ervaring' })).not.toBeInTheDocument();
  });
});

describe('the bedenktijd on the client dashboard', () => {
  const signed = makeSettlement({
    versions: [makeSettlementVersion(1, { final: true })],
    signed: {
      dated: '2026-03-02',
      agreed_on: '2026-03-02',
      cooling_off_clause: true,
      dissolved_within_six_months: false,
      file: { filename: 'getekend.pdf' },
      recorded_at: '2026-03-02T10:00:00.000Z',
      version: 1,
      correctable: true,
    },
    cooling_off_ends_on: '2026-03-16',
    cooling_off_running: true,
  });

  it('says until when the signed agreement can be dissolved, with the dissolution letter and key dates', async () => {
    const { calls } = setup(
      caseView('ready-for-signing', [lawyer(1)]),
      stepper('ready-for-signing'),
      on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: signed } }),
      on('GET', `/api/cases/${CASE_ID}/settlement/dissolution-letter`, { status: 200, body: {} }),
      on('GET', `/api/cases/${CASE_ID}/key-dates.ics`, { status: 200, body: {} }),
    );
    const createObjectURL = vi.fn(() => 'blob:file');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    renderApp('/', { user: client });
    const block = (await screen.findByRole('heading', { name: 'Bedenktijd' }, { timeout: 15_000 })).closest('section');
    if (!block) throw new Error('no bedenktijd block');
    expect(
      within(block).getByText(
        'Je kunt de vaststellingsovereenkomst tot en met 16 maart 2026 zonder opgave van redenen ontbinden.',
      ),
    ).toBeInTheDocument();
    // Signed: the next step and the step list show the phase's signed text, never 'before you sign'.
    expect(screen.getAllByText('Klaar ready-for-signing').length).toBeGreaterThan(0);
    expect(screen.queryByText('Titel ready-for-signing')).toBeNull();
    await user.click(within(block).getByRole('button', { name: 'Ontbindingsverklaring downloaden (pdf)' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/api/cases/${CASE_ID}/settlement/dissolution-letter`)).toBe(true),
    );
    await user.click(within(block).getByRole('button', { name: 'Zet de belangrijke data in je agenda' }));
    await waitFor(() => expect(calls.some((c) => c.path === `/api/cases/${CASE_ID}/key-dates.ics`)).toBe(true));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(2));
  }, 20_000);

  it('says nothing of it once the bedenktijd is over', async () => {
    setup(
      caseView('ready-for-signing', [lawyer(1)]),
      stepper('ready-for-signing'),
      on('GET', `/api/cases/${CASE_ID}/settlement`, {
        status: 200,
        body: { data: { ...signed, cooling_off_running: false } },
      }),
    );
    renderApp('/', { user: client });
    await screen.findByRole('heading', { name: 'Jouw stappenplan' }, { timeout: 15_000 });
    await waitFor(() =>
      expect(queryClient.getQueryData(settlementQueryKeys.summary(CASE_ID))).toMatchObject({
        cooling_off_running: false,
      }),
    );
    expect(screen.queryByRole('heading', { name: 'Bedenktijd' })).toBeNull();
    expect(screen.queryByText(/zonder opgave van redenen ontbinden/)).toBeNull();
  }, 20_000);
});

describe('the client dashboard never contradicts itself', () => {
  /** The firm's subtitles number the phases in their order ('Stap 9' at ready-for-signing). */
  const numbered = (current: StatusSlug): Stepper => {
    const steps = stepper(current);
    return {
      ...steps,
      stepper: steps.stepper.map((s) => ({
        ...s,
        content_incomplete: { ...s.content_incomplete, subtitle: `Stap ${s.order}` },
        content_complete: { ...s.content_complete, subtitle: `Stap ${s.order}` },
      })),
    };
  };

  it("numbers the next step as 'Jouw stappenplan' counts: 'Compleet' skips checks, so 'Stap 8', not 9", async () => {
    setup(
      { ...caseView('ready-for-signing', []), offer: { slug: 'complete', display_name: 'Compleet onbezorgd' } },
      numbered('ready-for-signing'),
    );
    renderApp('/', { user: client });
    const block = (
      await screen.findByRole('heading', { level: 2, name: 'Titel ready-for-signing' }, { timeout: 15_000 })
    ).closest('section');
    if (!block) throw new Error('no next-step block');
    expect(within(block).getByText('Stap 8')).toBeInTheDocument();
    const plan = screen.getByRole('heading', { name: 'Jouw stappenplan' }).closest('section');
    if (!plan) throw new Error('no stepper');
    const current = within(plan)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveTextContent(/^8/);
  }, 20_000);

  it("never calls a passed 'Dossier aanvullen' complete while the server says a document is open", async () => {
    // Negotiating, one mandatory document rejected since: the server reports the passed phase as not complete.
    const steps = stepper('negotiation-phase', { profile_complete: true, company_details_complete: true });
    setup(caseView('negotiation-phase', []), {
      ...steps,
      stepper: steps.stepper.map((s) => (s.slug === 'incomplete-case-file' ? { ...s, is_complete: false } : s)),
    });
    renderApp('/', { user: client });
    const plan = (await screen.findByRole('heading', { name: 'Jouw stappenplan' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!plan) throw new Error('no stepper');
    const item = (title: string) =>
      within(plan)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(title));
    const open = item('Dossier aanvullen');
    expect(open).toHaveTextContent('Titel incomplete-case-file');
    expect(open).not.toHaveTextContent('Klaar incomplete-case-file');
    expect(open).toHaveTextContent('nog niet compleet');
    expect(open).not.toHaveTextContent('afgerond');
    // The other passed phases keep their check and 'complete' text; the later ones are still to come.
    expect(item('Documenten bestuderen')).toHaveTextContent(/Klaar reviewing-documents.*afgerond/);
    expect(item('Afronden')).toHaveTextContent('nog te gaan');
  }, 20_000);

  it("names steps for the client: 'Aanmelding' and 'Gegevens compleet', never 'Lead' or 'Bijna cliënt'", async () => {
    setup(caseView('lead', []), stepper('lead'));
    renderApp('/', { user: client });
    const plan = (await screen.findByRole('heading', { name: 'Jouw stappenplan' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!plan) throw new Error('no stepper');
    const text = within(plan)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    expect(text[0]).toContain('Aanmelding');
    expect(text[1]).toContain('Gegevens compleet');
    expect(text.join(' ')).not.toMatch(/Lead|Bijna cliënt/);
  }, 20_000);

  it("at 'Lead' offers no upload under 'Wat moet ik nog doen?' while the step buttons lock the documents", async () => {
    const missing = {
      id: '00000000-0000-4000-8000-0000000000d2',
      title: 'Loonstrook',
      filename: null,
      mandatory: true,
      status: 'Not Uploaded' as const,
      visible: true,
      message: null,
      uploaded_at: null,
      uploaded_by: null,
      rejected_by: null,
      approved_by: null,
      extension: null,
      locked: false,
      temporary_url: null,
      expires_at_unix_time: null,
    };
    setup({ ...caseView('lead', []), documents: [missing] }, stepper('lead'));
    renderApp('/', { user: client });
    const list = (await screen.findByRole('heading', { name: 'Wat moet ik nog doen?' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!list) throw new Error('no to-do list');
    const block = screen.getByRole('heading', { level: 2, name: 'Vul je gegevens aan' }).closest('section');
    if (!block) throw new Error('no next-step block');
    expect(within(block).getByRole('button', { name: /Documenten/ })).toBeDisabled();
    expect(within(list).queryByRole('link', { name: /Loonstrook/ })).toBeNull();
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).not.toContain('/documenten');
  }, 20_000);

  it("shows the last five events under 'Wat is er gebeurd', 'Toon meer' for the rest, in client steps", async () => {
    const events = Array.from({ length: 8 }, (_, i) => ({
      id: 100 - i,
      at: `2026-11-2${Math.min(i, 7)}T10:00:00.000Z`,
      actor: null,
      kind: 'case.status_changed' as const,
      details: { from: 'lead', to: 'almost-client', title: null },
      text: 'Fase gewijzigd',
    }));
    const user = userEvent.setup();
    setup(
      caseView('almost-client', []),
      stepper('almost-client'),
      on('GET', `/api/cases/${CASE_ID}/timeline?page=1`, {
        status: 200,
        body: {
          data: events,
          links: { first: null, last: null, prev: null, next: null },
          meta: { current_page: 1, from: 1, last_page: 1, links: [], path: '', per_page: 20, to: 8, total: 8 },
        },
      }),
    );
    renderApp('/', { user: client });
    const history = (await screen.findByRole('heading', { name: 'Wat is er gebeurd' }, { timeout: 15_000 })).closest(
      'section',
    );
    if (!history) throw new Error('no history');
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(5));
    expect(within(history).getAllByRole('listitem')[0]).toHaveTextContent(
      'Fase gewijzigd van Aanmelding naar Gegevens compleet',
    );
    await user.click(within(history).getByRole('button', { name: 'Toon meer' }));
    expect(within(history).getAllByRole('listitem')).toHaveLength(8);
    expect(within(history).queryByRole('button', { name: 'Toon meer' })).toBeNull();
  }, 20_000);
});

describe('the client dashboard as the first page of a visit', () => {
  // On a busy machine the page's modules can take longer to load than the first page waits for its data.
  beforeEach(() => resetFirstPageForTests({ dataMaxMs: 15_000 }));

  it('shows the next step from the one dashboard request, without asking for its parts', async () => {
    // index.html's boot script has started the page's requests (here: already answered).
    window.__prefetchWaits = [Promise.resolve()];
    const view = caseView('almost-client', [lawyer(1)]);
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: client } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
      noInvoices,
      on('GET', '/api/cases/mine/dashboard?lang=nl-NL', {
        status: 200,
        body: {
          data: {
            case: view,
            stepper: stepper('almost-client'),
            timeline: emptyPage(),
            appointment: { data: null, lawyer: null, mode: 'video', notice_hours: 24, callback_requested_at: null },
            questions: [],
          },
        },
      }),
    );
    renderApp('/', { user: client });
    expect(await screen.findByText('Titel almost-client uitleg', {}, { timeout: 15_000 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Wat is er gebeurd' });
    const paths = calls.map((call) => call.path);
    expect(paths.filter((path) => path === '/api/cases/mine/dashboard?lang=nl-NL')).toHaveLength(1);
    // The fake fetch fails the test on any other case request (the parts the dashboard's answer holds).
  }, 20_000);
});

describe('the dashboard of a completed case: the account and the firm’s file', () => {
  // Each test starts as a new visit, whatever an earlier test's page did after it ended.
  beforeEach(() => resetFirstPageForTests({ dataMaxMs: 15_000 }));

  const completed = (overrides: Partial<CaseClientView> = {}): CaseClientView => ({
    ...caseView('completed', [lawyer(1)]),
    completed_at: '2026-03-10T14:00:00.000Z',
    ...overrides,
  });
  // The firm keeps files 7 years here (FILE_RETENTION_YEARS), so the text cannot come from a fixed 5.
  const retention = { account_until: '2026-09-10T14:00:00.000Z', file_until: '2033-03-10T14:00:00.000Z', years: 7 };
  const dashboardAnswer = (view: CaseClientView, withRetention: typeof retention | null) => ({
    status: 200,
    body: {
      data: {
        case: view,
        stepper: stepper('completed'),
        timeline: emptyPage(),
        appointment: { data: null, lawyer: null, mode: 'video', notice_hours: 24, callback_requested_at: null },
        questions: [],
        retention: withRetention,
      },
    },
  });

  it('says when the account goes, until when the firm keeps the file, and why', async () => {
    const view = completed();
    setup(
      view,
      stepper('completed'),
      on('GET', '/api/cases/mine/dashboard?lang=nl-NL', dashboardAnswer(view, retention)),
    );
    renderApp('/', { user: client });
    const dates = (await screen.findByRole('heading', { name: 'Je opdracht' }, { timeout: 15_000 })).closest(
      'section',
    )!;
    expect(
      await within(dates).findByText(
        'Op 10-09-2026 verwijderen we je account, zes maanden na de afronding. Dat doen we voor je privacy: ' +
          'daarna kun je niet meer inloggen. Download vóór die datum wat je wilt bewaren.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dates).getByText(
        'Je dossier bewaren wij als advocatenkantoor nog tot 10-03-2033 (7 jaar na de afronding), omdat de regels ' +
          'voor advocaten dat vragen. Niemand kan het dan nog wijzigen; daarna vernietigen we het.',
      ),
    ).toBeInTheDocument();
    // No longer the old sentence that the documents go with the account.
    expect(within(dates).queryByText(/Je account en documenten worden/)).toBeNull();
  }, 20_000);

  it('takes the dates from the one dashboard request on the first page of a visit', async () => {
    window.__prefetchWaits = [Promise.resolve()];
    const view = completed();
    const { calls } = installFakeFetch(
      on('GET', '/api/site', { status: 200, body: { data: site } }),
      on('GET', '/api/user', { status: 200, body: { data: client } }),
      on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
      on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
      noInvoices,
      on('GET', '/api/cases/mine/dashboard?lang=nl-NL', dashboardAnswer(view, retention)),
    );
    renderApp('/', { user: client });
    expect(
      await screen.findByText(/nog tot 10-03-2033 \(7 jaar na de afronding\)/, {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/cases/mine/dashboard?lang=nl-NL')).toHaveLength(1);
  }, 20_000);

  it('asks nothing more and keeps the deletion date alone on a legal hold', async () => {
    setup(completed({ legal_hold: true }), stepper('completed'));
    renderApp('/', { user: client });
    const dates = (await screen.findByRole('heading', { name: 'Je opdracht' }, { timeout: 15_000 })).closest(
      'section',
    )!;
    expect(await within(dates).findByText(/op 10-09-2026 automatisch verwijderd/)).toBeInTheDocument();
    expect(within(dates).queryByText(/advocatenkantoor/)).toBeNull();
  }, 20_000);
});
