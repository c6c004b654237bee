import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminInvoice, Invoice, InvoiceListResponse } from '../../../contract/invoices';
import { installFakeFetch, on, type FakeRequest, type FakeRoute } from '../../test/fake-fetch';
import { makeLawyerCaseView, makeSettlement, makeUser, site } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { checkout } from './checkout';

const CASE_ID = '20000000-0000-4000-8000-0000000000cc';
const client = makeUser('client', { case: { id: CASE_ID, title: 'Dossier', notes: null } });
const lawyer = makeUser('lawyer');
const admin = makeUser('admin');

const id = (n: number) => `30000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function makeInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: id(n),
    case_id: CASE_ID,
    status: 'open',
    number: `2026-000${n}`,
    recipient: 'client',
    recipient_details: {
      name: 'Kees Klant',
      address_lines: ['Dorpsstraat 1', '1234 AB Utrecht'],
      contact_name: null,
      vat_id: null,
      kvk: null,
      email: 'kees@example.com',
    },
    lines: [
      {
        description: "Pakket 'Start onbezorgd'",
        quantity: 1,
        unit_price_cents: 102_030,
        vat_rate: 21,
        total_cents: 102_030,
      },
    ],
    vat_breakdown: [{ vat_rate: 21, base_cents: 102_030, vat_cents: 21_426 }],
    subtotal_cents: 102_030,
    vat_cents: 21_426,
    total_cents: 123_456,
    created_at: '2026-12-01T09:00:00.000Z',
    issued_at: '2026-12-01T09:00:00.000Z',
    issue_date: '2026-12-01',
    due_date: '2026-12-15',
    reference: 'Opdracht 2026-12',
    service_period: { from: '2026-11-01', to: '2026-12-01' },
    paid_at: null,
    credits: null,
    credited_by: null,
    refunded_cents: 0,
    has_ubl: false,
    can_pay: true,
    bank_transfer: {
      account_name: 'Onbezorgd Advocaten',
      iban: 'NL91ABNA0417164300',
      amount_cents: 123_456,
      reference: `2026-000${n}`,
    },
    reminder_sent_at: null,
    letter_sent_at: null,
    letter_available: false,
    ...overrides,
  };
}

const listOf = (data: Invoice[], meta: Partial<InvoiceListResponse['meta']> = {}): InvoiceListResponse => ({
  data,
  meta: { can_create: false, tasks: [], ...meta },
});

function setup(user: ReturnType<typeof makeUser>, ...routes: FakeRoute[]) {
  return installFakeFetch(
    ...routes,
    on('GET', '/api/site', { status: 200, body: { data: site } }),
    on('GET', '/api/user', { status: 200, body: { data: user } }),
    on('GET', '/api/messages/unread', { status: 200, body: { data: [], total: 0 } }),
    on('GET', `/api/cases/${CASE_ID}/settlement`, { status: 200, body: { data: makeSettlement() } }),
  );
}

const invoicesRoute = (answer: () => InvoiceListResponse) =>
  on('GET', `/api/cases/${CASE_ID}/invoices`, () => ({ status: 200, body: answer() }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-12-08T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the client's 'Facturen'", () => {
  it('shows each issued invoice with number, dates, amount and status in Dutch; a draft never', async () => {
    setup(
      client,
      invoicesRoute(() =>
        listOf([
          makeInvoice(3, { status: 'overdue', due_date: '2026-12-05' }),
          makeInvoice(2, { status: 'paid', paid_at: '2026-12-03T10:00:00.000Z', can_pay: false, bank_transfer: null }),
          makeInvoice(1, { status: 'credited', can_pay: false, bank_transfer: null }),
          makeInvoice(9, { status: 'draft', number: null, issue_date: null, due_date: null }),
        ]),
      ),
    );
    renderApp('/facturen', { user: client });
    const overdue = await screen.findByRole('article', { name: 'Factuur 2026-0003' });
    expect(within(overdue).getByText('Te laat')).toBeTruthy();
    expect(within(overdue).getByText('€ 1.234,56')).toBeTruthy();
    expect(within(overdue).getByText('01-12-2026')).toBeTruthy();
    expect(within(overdue).getByText('05-12-2026')).toBeTruthy();
    expect(within(overdue).getByText(/De vervaldatum is verstreken/)).toBeTruthy();
    expect(within(overdue).getByRole('button', { name: 'Betalen met iDEAL | Wero' })).toBeTruthy();
    const paid = screen.getByRole('article', { name: 'Factuur 2026-0002' });
    expect(within(paid).getByText('Voldaan op 03-12-2026')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: 'Betalen met iDEAL | Wero' })).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Factuur 2026-0001' })).getByText('Gecrediteerd')).toBeTruthy();
    expect(screen.queryByText('Conceptfactuur')).toBeNull();
    expect(screen.queryByText('Concept')).toBeNull();
    // The menu has the entry.
    expect(
      within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('link', { name: 'Facturen' }),
    ).toBeTruthy();
  });

  it("posts the payment and goes to Mollie's checkout", async () => {
    const assign = vi.spyOn(checkout, 'open').mockImplementation(() => undefined);
    const { calls } = setup(
      client,
      invoicesRoute(() => listOf([makeInvoice(1)])),
      on('POST', `/api/invoices/${id(1)}/payment`, {
        status: 201,
        body: { data: { checkout_url: 'https://checkout.example/pay/tr_1' } },
      }),
    );
    renderApp('/facturen', { user: client });
    await userEvent.click(await screen.findByRole('button', { name: 'Betalen met iDEAL | Wero' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/pay/tr_1'));
    expect(calls.filter((call) => call.path.endsWith('/payment'))).toHaveLength(1);
  });

  it('without online payments shows the bank details, no button; the letter when there is one', async () => {
    setup(
      client,
      invoicesRoute(() => listOf([makeInvoice(1, { status: 'overdue', can_pay: false, letter_available: true })])),
    );
    renderApp('/facturen', { user: client });
    const card = await screen.findByRole('article', { name: 'Factuur 2026-0001' });
    const transfer = within(card).getByRole('region', { name: 'Betalen per bankoverschrijving' });
    expect(within(transfer).getByText('NL91ABNA0417164300')).toBeTruthy();
    expect(within(transfer).getByText('€ 1.234,56')).toBeTruthy();
    expect(within(transfer).getByText('2026-0001')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Betalen met iDEAL | Wero' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Veertiendagenbrief downloaden (pdf)' })).toBeTruthy();
  });

  it('back from the checkout: a kind word while the payment is on its way, then Voldaan', async () => {
    let invoice = makeInvoice(1);
    let asked = 0;
    setup(
      client,
      on('GET', `/api/cases/${CASE_ID}/invoices`, () => {
        asked += 1;
        if (asked >= 2) invoice = { ...invoice, status: 'paid', paid_at: '2026-12-08T09:00:05.000Z', can_pay: false };
        return { status: 200, body: listOf([invoice]) };
      }),
    );
    renderApp(`/facturen/${id(1)}`, { user: client });
    await screen.findByText(/We wachten nog op de bevestiging van je betaling voor factuur 2026-0001/);
    await screen.findByText('Dank je wel! Je betaling voor factuur 2026-0001 is binnen.', undefined, {
      timeout: 5_000,
    });
    const card = screen.getByRole('article', { name: 'Factuur 2026-0001' });
    expect(within(card).getByText('Voldaan op 08-12-2026')).toBeTruthy();
  });
});

describe("the lawyer's tab 'Facturen'", () => {
  const tab = `/dossiers/${CASE_ID}/facturen`;
  const lawyerRoutes = (list: () => InvoiceListResponse, ...routes: FakeRoute[]) =>
    setup(
      lawyer,
      ...routes,
      invoicesRoute(list),
      on('GET', `/api/cases/${CASE_ID}`, {
        status: 200,
        body: { data: makeLawyerCaseView(CASE_ID, 'ready-for-invoicing') },
      }),
      on('GET', `/api/cases/${CASE_ID}/invoices/proposal`, {
        status: 200,
        body: {
          data: [
            {
              recipient: 'client',
              lines: [
                {
                  description: 'Juridische bijstand beëindiging arbeidsovereenkomst',
                  quantity: 1,
                  unit_price_cents: 75_000,
                  vat_rate: 21,
                },
              ],
            },
          ],
        },
      }),
    );

  it('makes a draft from the proposal, with the lines as typed in euros and 21 % by default', async () => {
    const created: FakeRequest[] = [];
    let list = listOf([], { can_create: true });
    lawyerRoutes(
      () => list,
      on('POST', `/api/cases/${CASE_ID}/invoices`, (request) => {
        created.push(request);
        const draft = makeInvoice(5, { status: 'draft', number: null, issue_date: null, due_date: null });
        list = listOf([draft], { can_create: true });
        return { status: 201, body: { data: draft } };
      }),
    );
    renderApp(tab, { user: lawyer });
    await userEvent.click(await screen.findByRole('button', { name: 'Concept maken voor De cliënt' }));
    const form = screen.getByRole('form', { name: 'Nieuwe conceptfactuur' });
    expect((within(form).getByLabelText(/Prijs per stuk/) as HTMLInputElement).value).toBe('750');
    await userEvent.click(within(form).getByRole('button', { name: 'Regel toevoegen' }));
    const second = within(form).getByRole('group', { name: 'Regel 2' });
    await userEvent.type(within(second).getByLabelText(/Omschrijving/), 'Eigen bijdrage');
    await userEvent.clear(within(second).getByLabelText(/Aantal/));
    await userEvent.type(within(second).getByLabelText(/Aantal/), '2');
    await userEvent.type(within(second).getByLabelText(/Prijs per stuk/), 'twaalf');
    await userEvent.click(within(form).getByRole('button', { name: 'Concept opslaan' }));
    expect(await within(second).findByText('Vul een bedrag in euro in, zoals 750 of 1.234,56.')).toBeTruthy();
    expect(created).toHaveLength(0);
    await userEvent.clear(within(second).getByLabelText(/Prijs per stuk/));
    await userEvent.type(within(second).getByLabelText(/Prijs per stuk/), '247,50');
    await userEvent.click(within(form).getByRole('button', { name: 'Concept opslaan' }));
    await screen.findByText('De conceptfactuur is opgeslagen.');
    expect(created[0]?.body).toEqual({
      recipient: 'client',
      lines: [
        {
          description: 'Juridische bijstand beëindiging arbeidsovereenkomst',
          quantity: 1,
          unit_price_cents: 75_000,
          vat_rate: 21,
        },
        { description: 'Eigen bijdrage', quantity: 2, unit_price_cents: 24_750, vat_rate: 21 },
      ],
    });
    expect(await screen.findByRole('article', { name: 'Conceptfactuur' })).toBeTruthy();
  });

  it("asks the employer's KvK number and VAT id for an employer invoice, checked as the server does", async () => {
    const created: FakeRequest[] = [];
    let list = listOf([], { can_create: true });
    lawyerRoutes(
      () => list,
      on('POST', `/api/cases/${CASE_ID}/invoices`, (request) => {
        created.push(request);
        const draft = makeInvoice(6, { status: 'draft', number: null, recipient: 'employer', issue_date: null });
        list = listOf([draft], { can_create: true });
        return { status: 201, body: { data: draft } };
      }),
    );
    renderApp(tab, { user: lawyer });
    await userEvent.click(await screen.findByRole('button', { name: 'Lege conceptfactuur' }));
    const form = screen.getByRole('form', { name: 'Nieuwe conceptfactuur' });
    // Only an invoice to the employer has the field.
    expect(within(form).queryByLabelText(/Btw-nummer van de werkgever/)).toBeNull();
    await userEvent.click(within(form).getByRole('radio', { name: 'De werkgever' }));
    const vatId = within(form).getByLabelText(/Btw-nummer van de werkgever/);
    await userEvent.type(vatId, 'NL 1234');
    const line = within(form).getByRole('group', { name: 'Regel 1' });
    await userEvent.type(within(line).getByLabelText(/Omschrijving/), 'Bijdrage in de kosten van juridische bijstand');
    await userEvent.type(within(line).getByLabelText(/Prijs per stuk/), '1.500');
    await userEvent.click(within(form).getByRole('button', { name: 'Concept opslaan' }));
    expect(await within(form).findByText(/^Vul een geldig btw-nummer in/)).toBeTruthy();
    expect(created).toHaveLength(0);
    await userEvent.clear(vatId);
    await userEvent.type(vatId, 'nl999999999b01');
    const kvk = within(form).getByLabelText(/KvK-nummer van de werkgever/);
    await userEvent.type(kvk, '1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Concept opslaan' }));
    expect(await within(form).findByText('Vul een KvK-nummer van 8 cijfers in.')).toBeTruthy();
    expect(created).toHaveLength(0);
    await userEvent.clear(kvk);
    await userEvent.type(kvk, '87654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Concept opslaan' }));
    await screen.findByText('De conceptfactuur is opgeslagen.');
    expect(created[0]?.body).toEqual({
      recipient: 'employer',
      employer_vat_id: 'NL999999999B01',
      employer_kvk: '87654321',
      lines: [
        {
          description: 'Bijdrage in de kosten van juridische bijstand',
          quantity: 1,
          unit_price_cents: 150_000,
          vat_rate: 21,
        },
      ],
    });
  });

  it('issues a draft only after the confirm, and shows the totals the server computed', async () => {
    const issued: FakeRequest[] = [];
    let draft = makeInvoice(5, { status: 'draft', number: null, issue_date: null, due_date: null });
    lawyerRoutes(
      () => listOf([draft]),
      on('POST', `/api/invoices/${id(5)}/issue`, (request) => {
        issued.push(request);
        draft = makeInvoice(5, { number: '2026-0005' });
        return { status: 200, body: { data: draft } };
      }),
    );
    renderApp(tab, { user: lawyer });
    const card = await screen.findByRole('article', { name: 'Conceptfactuur' });
    expect(within(card).getByText('Btw 21 % over € 1.020,30')).toBeTruthy();
    expect(within(card).getByText('€ 214,26')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Factuur uitreiken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Factuur uitreiken?' });
    expect(issued).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, factuur uitreiken' }));
    await screen.findByText('Factuur 2026-0005 is uitgereikt.');
    expect(issued).toHaveLength(1);
    const open = await screen.findByRole('article', { name: 'Factuur 2026-0005' });
    expect(within(open).getByRole('button', { name: 'Crediteren' })).toBeTruthy();
    expect(within(open).queryByRole('button', { name: 'Bewerken' })).toBeNull();
  });

  it('refunds the part the lawyer enters after a withdrawal, with the refusal under the field', async () => {
    const refunds: FakeRequest[] = [];
    let invoice = makeInvoice(7, {
      status: 'paid',
      paid_at: '2026-12-03T10:00:00.000Z',
      can_pay: false,
      bank_transfer: null,
    });
    setup(
      lawyer,
      on('POST', `/api/invoices/${id(7)}/refund`, (request) => {
        refunds.push(request);
        const cents = (request.body as { amount_cents: number }).amount_cents;
        if (cents > invoice.total_cents - invoice.refunded_cents) {
          const text = 'Dit bedrag is hoger dan wat via iDEAL | Wero is betaald en nog niet is terugbetaald.';
          return { status: 422, body: { message: text, errors: { amount_cents: [text] } } };
        }
        invoice = { ...invoice, refunded_cents: invoice.refunded_cents + cents };
        return { status: 200, body: { data: invoice } };
      }),
      invoicesRoute(() => listOf([invoice])),
      // The client withdrew: the case is back before 'Wacht op handtekening'.
      on('GET', `/api/cases/${CASE_ID}`, {
        status: 200,
        body: { data: makeLawyerCaseView(CASE_ID, 'offer-chosen') },
      }),
    );
    renderApp(`/dossiers/${CASE_ID}/facturen`, { user: lawyer });
    const card = await screen.findByRole('article', { name: 'Factuur 2026-0007' });
    const form = await within(card).findByRole('form', { name: 'Terugbetalen na herroeping' });
    expect(within(form).getByText(/hoogstens € 1\.234,56/)).toBeTruthy();
    const amount = within(form).getByLabelText(/Terug te betalen bedrag in euro/) as HTMLInputElement;
    expect(amount.value).toBe('1234,56');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2.000');
    await userEvent.click(within(form).getByRole('button', { name: 'Terugbetalen' }));
    expect(await within(form).findByText(/^Dit bedrag is hoger dan wat via iDEAL/)).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '400');
    await userEvent.click(within(form).getByRole('button', { name: 'Terugbetalen' }));
    await screen.findByText('€ 400,00 is terugbetaald via Mollie.', { selector: '[role="status"] *, [role="status"]' });
    expect(refunds.map((request) => request.body)).toEqual([{ amount_cents: 200_000 }, { amount_cents: 40_000 }]);
    // What is left may still go back.
    const left = await within(card).findByRole('form', { name: 'Terugbetalen na herroeping' });
    expect(within(left).getByText(/hoogstens € 834,56/)).toBeTruthy();
  });

  it("shows the lawyer's task once every invoice is paid", async () => {
    lawyerRoutes(() =>
      listOf([makeInvoice(1, { status: 'paid', paid_at: '2026-12-03T10:00:00.000Z' })], { tasks: ['close_case'] }),
    );
    renderApp(tab, { user: lawyer });
    expect(
      await screen.findByText(/^Alle facturen zijn voldaan: rond het dossier af met 'Factuur voldaan/),
    ).toBeTruthy();
  });
});

describe("the admin's 'Facturen'", () => {
  it('filters by period and status, totals them, and offers the CSV and the zip', async () => {
    const row: AdminInvoice = { ...makeInvoice(1), client_name: 'Kees Klant' };
    const { calls } = setup(admin, (request) =>
      request.method === 'GET' && request.path.startsWith('/api/admin/invoices?')
        ? {
            status: 200,
            body: {
              data: [row],
              totals: {
                count: 1,
                subtotal_cents: 102_030,
                vat_cents: 21_426,
                total_cents: 123_456,
                outstanding_cents: 123_456,
              },
              meta: { current_page: 1, last_page: 1, per_page: 50, total: 1 },
            },
          }
        : undefined,
    );
    renderApp('/beheer/facturen', { user: admin });
    const table = await screen.findByRole('table', { name: 'Facturen' });
    expect(within(table).getByText('2026-0001')).toBeTruthy();
    expect(within(table).getByText('Kees Klant')).toBeTruthy();
    expect(within(table).getByText('Open')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Totaal van 1 factuur' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Vanaf'), '2026-12-01');
    await userEvent.type(screen.getByLabelText('Tot en met'), '2026-12-31');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Te laat');
    await userEvent.click(screen.getByRole('button', { name: 'Filteren' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/admin/invoices?status=overdue&from=2026-12-01&to=2026-12-31&page=1',
      ),
    );
    expect(screen.getByRole('button', { name: 'Exporteren voor de boekhouder (CSV)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Alle pdf- en UBL-bestanden (zip)' })).toBeTruthy();
    expect(
      within(screen.getByRole('navigation', { name: 'Hoofdmenu' })).getByRole('link', { name: 'Facturen' }),
    ).toBeTruthy();
  });
});
