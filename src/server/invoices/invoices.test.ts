import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../contract/invoices';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { cases, invoicePayments, invoices, outbox } from '../infra/db/schema';
import { runExclusive } from '../infra/jobs/scheduler';
import { withEvents } from '../domain-events';
import { destroyExpiredFiles } from '../archive/retention';
import { createMollie } from '../payments/mollie';
import { refundAfterWithdrawal } from '../payments/payments';
import {
  createCaseAt,
  createTestContext,
  createTestLawyer,
  bearer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { startMolliePeer, type MolliePeer } from '../infra/testing/mollie-peer';
import { pdfText } from '../infra/testing/pdf-text';
import { invoiceRemindersJob } from './reminders';

const DAY = 86_400_000;
const ADDRESS = { street: 'Coolsingel', houseNumber: '40', postcode: '3011 AD', city: 'Rotterdam' };
const LINE = {
  description: 'Juridische bijstand beëindiging arbeidsovereenkomst',
  quantity: 1,
  unit_price_cents: 75_000,
};

/** The employer's KvK number, which an invoice to the employer needs (NLCIUS BR-NL-10). */
const KVK = '87654321';

let ctx: TestContext;
let peer: MolliePeer;

beforeAll(async () => {
  peer = await startMolliePeer();
  ctx = await createTestContext({
    mollie: { apiKey: peer.apiKey, endpoint: peer.url },
    publicUrl: 'http://portal.test',
  });
});
afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

async function readyCase(options: { employer?: boolean } = {}) {
  return createCaseAt(ctx, 'ready-for-invoicing', {
    offer: 'start',
    employer: options.employer,
    client: { ...ADDRESS },
  });
}

async function draft(setup: Awaited<ReturnType<typeof readyCase>>, body: Record<string, unknown>) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${setup.caseId}/invoices`,
    headers: setup.lawyer,
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ data: Invoice }>().data;
}

async function issue(setup: Awaited<ReturnType<typeof readyCase>>, id: string) {
  const answer = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${id}/issue`, headers: setup.lawyer });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ data: Invoice }>().data;
}

describe('invoices', () => {
  it('makes a draft, issues it with a number, dates and reference, and never changes it after', async () => {
    const setup = await readyCase();
    const created = await draft(setup, {
      recipient: 'client',
      lines: [LINE, { description: 'Kopieerkosten', quantity: 3, unit_price_cents: 50, vat_rate: 21 }],
    });
    expect(created).toMatchObject({
      status: 'draft',
      number: null,
      recipient: 'client',
      subtotal_cents: 75_150,
      vat_cents: 15_782, // 21 % of 751,50 = 157,815 → 157,82 (rounded once, half up)
      total_cents: 90_932,
    });
    // The client does not see a draft.
    const clientList = await ctx.app.inject({ url: `/api/cases/${setup.caseId}/invoices`, headers: setup.client });
    expect(clientList.json<{ data: Invoice[] }>().data).toEqual([]);

    const issued = await issue(setup, created.id);
    const today = amsterdamDay(ctx.clock.now());
    expect(issued.status).toBe('open');
    expect(issued.number).toMatch(new RegExp(`^${today.slice(0, 4)}-\\d{4}$`));
    expect(issued.issue_date).toBe(today);
    expect(issued.due_date).toBe(amsterdamDay(new Date(ctx.clock.now().getTime() + 14 * DAY)));
    expect(issued.reference).toMatch(/^Opdracht [0-9A-F]{8} – Start onbezorgd$/);
    expect(issued.service_period?.to).toBe(today);
    expect(issued.recipient_details.address_lines).toEqual(['Coolsingel 40', '3011 AD Rotterdam']);
    expect(issued.can_pay).toBe(false); // the lawyer reads it
    expect(issued.bank_transfer).toMatchObject({ amount_cents: 90_932, reference: issued.number });

    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/invoices/${created.id}`,
      headers: setup.lawyer,
      payload: { lines: [LINE] },
    });
    expect(patch.statusCode).toBe(409);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${created.id}/issue`,
      headers: setup.lawyer,
    });
    expect(again.statusCode).toBe(409);
    // The database refuses a change or a deletion whatever the code does.
    await expect(ctx.db.update(invoices).set({ totalCents: 1 }).where(eq(invoices.id, created.id))).rejects.toThrow();
    await expect(ctx.db.delete(invoices).where(eq(invoices.id, created.id))).rejects.toThrow();
    const [row] = await ctx.db.select().from(invoices).where(eq(invoices.id, created.id));
    expect(row?.totalCents).toBe(90_932);

    // The client sees it, with the payment button (Mollie is set).
    const client = await ctx.app.inject({ url: `/api/invoices/${created.id}`, headers: setup.client });
    expect(client.json<{ data: Invoice }>().data).toMatchObject({ status: 'open', can_pay: true });
  });

  it('answers 401, 403 and 404 in that order, before looking at the body', async () => {
    const setup = await readyCase();
    const other = await readyCase();
    const created = await draft(setup, { recipient: 'client', lines: [LINE] });
    const url = `/api/cases/${setup.caseId}/invoices`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url, headers: setup.client, payload: {} })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url, headers: other.lawyer, payload: {} })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url, headers: setup.lawyer, payload: {} })).statusCode).toBe(422);
    const badVatId = await ctx.app.inject({
      method: 'POST',
      url,
      headers: setup.lawyer,
      payload: { recipient: 'employer', employer_vat_id: 'NL 1234', lines: [LINE] },
    });
    expect(badVatId.statusCode).toBe(422);
    expect(badVatId.json<{ errors: Record<string, string[]> }>().errors.employer_vat_id?.[0]).toMatch(
      /^Vul een geldig btw-nummer in/,
    );
    for (const headers of [other.lawyer, other.client, setup.client])
      expect((await ctx.app.inject({ url: `/api/invoices/${created.id}`, headers })).statusCode).toBe(404);
    const stranger = await createTestLawyer(ctx);
    const strangerHeaders = bearer(await tokenFor(ctx, stranger.id));
    expect(
      (await ctx.app.inject({ url: `/api/invoices/${created.id}/pdf`, headers: strangerHeaders })).statusCode,
    ).toBe(404);
  });

  it('credits an issued invoice with a credit note of its own number and negative totals', async () => {
    const setup = await readyCase();
    const issued = await issue(setup, (await draft(setup, { recipient: 'client', lines: [LINE] })).id);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${issued.id}/credit`,
      headers: setup.lawyer,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const note = answer.json<{ data: Invoice }>().data;
    expect(note.number).not.toBe(issued.number);
    expect(note).toMatchObject({
      credits: issued.id,
      subtotal_cents: -75_000,
      vat_cents: -15_750,
      total_cents: -90_750,
    });
    expect(Number(note.number?.slice(5))).toBe(Number(issued.number?.slice(5)) + 1);
    const original = await ctx.app.inject({ url: `/api/invoices/${issued.id}`, headers: setup.lawyer });
    expect(original.json<{ data: Invoice }>().data).toMatchObject({ status: 'credited', credited_by: note.id });
    const twice = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${issued.id}/credit`,
      headers: setup.lawyer,
    });
    expect(twice.statusCode).toBe(409);
  });

  it("names the credited invoice by number in the accountant's CSV, also when the period leaves it out", async () => {
    const setup = await readyCase();
    const issued = await issue(setup, (await draft(setup, { recipient: 'client', lines: [LINE] })).id);
    ctx.clock.advance(2 * DAY);
    const lawyer = bearer(await tokenFor(ctx, setup.lawyerId));
    const answer = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${issued.id}/credit`, headers: lawyer });
    expect(answer.statusCode, answer.body).toBe(201);
    const note = answer.json<{ data: Invoice }>().data;
    const { createTestAdmin } = await import('../infra/testing/harness');
    const admin = bearer((await createTestAdmin(ctx)).token);
    const csv = await ctx.app.inject({ url: `/api/admin/invoices.csv?from=${note.issue_date}`, headers: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines.filter((line) => line.startsWith(`${issued.number};`))).toEqual([]);
    const noteLine = lines.find((line) => line.startsWith(`${note.number};`));
    expect(noteLine?.split(';').at(-1)).toBe(issued.number);
  });

  it("writes the employer's UBL e-invoice (NLCIUS) whose totals equal the PDF's", async () => {
    const setup = await readyCase({ employer: true });
    const created = await draft(setup, {
      recipient: 'employer',
      employer_vat_id: 'NL999999999B01',
      employer_kvk: '87654321',
      lines: [
        { description: 'Bijdrage in de kosten van juridische bijstand', quantity: 1, unit_price_cents: 150_000 },
        { description: 'Griffierecht', quantity: 1, unit_price_cents: 8_650, vat_rate: 0 },
      ],
    });
    const issued = await issue(setup, created.id);
    const ubl = await ctx.app.inject({ url: `/api/invoices/${issued.id}/ubl`, headers: setup.lawyer });
    expect(ubl.statusCode).toBe(200);
    const xml = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(ubl.body) as {
      Invoice: Record<string, unknown> & {
        LegalMonetaryTotal: Record<string, { '#text': number }>;
        TaxTotal: { TaxAmount: { '#text': number } };
        AccountingCustomerParty: { Party: { PartyTaxScheme: { CompanyID: string } } };
      };
    };
    const doc = xml.Invoice;
    expect(doc.CustomizationID).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0');
    expect(doc.ID).toBe(issued.number);
    expect(doc.AccountingCustomerParty.Party.PartyTaxScheme.CompanyID).toBe('NL999999999B01');
    const ublTotals = {
      subtotal: Math.round(doc.LegalMonetaryTotal.TaxExclusiveAmount!['#text'] * 100),
      vat: Math.round(doc.TaxTotal.TaxAmount['#text'] * 100),
      total: Math.round(doc.LegalMonetaryTotal.PayableAmount!['#text'] * 100),
    };
    expect(ublTotals).toEqual({ subtotal: 158_650, vat: 31_500, total: 190_150 });
    const pdf = await ctx.app.inject({ url: `/api/invoices/${issued.id}/pdf`, headers: setup.lawyer });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const words = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('Subtotaal (excl. btw): € 1.586,50');
    expect(words).toContain('Btw 21 % over € 1.500,00: € 315,00');
    expect(words).toContain('Totaal (incl. btw): € 1.901,50');
    expect(words).toContain(issued.number ?? 'no number');
    // Without the employer's KvK number the invoice is not issued: its e-invoice needs it.
    const withoutKvk = await draft(setup, { recipient: 'employer', lines: [LINE] });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${withoutKvk.id}/issue`,
      headers: setup.lawyer,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.employer_kvk?.[0]).toMatch(
      /^Vul het KvK-nummer van de werkgever in/,
    );
    // A client invoice has no UBL.
    const clientCase = await readyCase();
    const clientInvoice = await issue(clientCase, (await draft(clientCase, { recipient: 'client', lines: [LINE] })).id);
    expect(
      (await ctx.app.inject({ url: `/api/invoices/${clientInvoice.id}/ubl`, headers: clientCase.lawyer })).statusCode,
    ).toBe(404);
  });

  it('gives 20 invoices issued in parallel 20 consecutive numbers', async () => {
    const setup = await readyCase();
    const drafts = [];
    for (let i = 0; i < 20; i += 1) drafts.push(await draft(setup, { recipient: 'client', lines: [LINE] }));
    const answers = await Promise.all(
      drafts.map((d) => ctx.app.inject({ method: 'POST', url: `/api/invoices/${d.id}/issue`, headers: setup.lawyer })),
    );
    const numbers = answers
      .map((a) => a.json<{ data: Invoice }>().data.number ?? '')
      .map((n) => Number(n.slice(5)))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers[19]! - numbers[0]!).toBe(19);
  });
});

describe('payments through the Mollie stand-in', () => {
  async function openInvoice() {
    const setup = await readyCase();
    const issued = await issue(setup, (await draft(setup, { recipient: 'client', lines: [LINE] })).id);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/invoices/${issued.id}/payment`,
      headers: setup.client,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const checkout = answer.json<{ data: { checkout_url: string } }>().data.checkout_url;
    expect(checkout).toMatch(new RegExp(`^${peer.url}/checkout/tr_`));
    const paymentId = checkout.split('/').pop() ?? '';
    const stored = peer.payments.get(paymentId);
    expect(stored).toMatchObject({
      amount: { currency: 'EUR', value: '907.50' },
      description: `Factuur ${issued.number}`,
      redirectUrl: `http://portal.test/facturen/${issued.id}`,
      webhookUrl: 'http://portal.test/api/payments/mollie/webhook',
      metadata: { invoice_id: issued.id },
    });
    return { setup, issued, paymentId };
  }
  const webhook = (id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/mollie/webhook',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `id=${id}`,
    });
  const statusOf = async (id: string) => (await ctx.db.select().from(invoices).where(eq(invoices.id, id)))[0];

  it("reads 'Voldaan' once paid: receipt, timeline, and the lawyer's task; a second call changes nothing", async () => {
    const { setup, issued, paymentId } = await openInvoice();
    peer.payments.get(paymentId)!.status = 'paid';
    peer.payments.get(paymentId)!.paidAt = ctx.clock.now().toISOString();
    expect((await webhook(paymentId)).statusCode).toBe(200);
    const answer = await ctx.app.inject({ url: `/api/invoices/${issued.id}`, headers: setup.client });
    const paid = answer.json<{ data: Invoice }>().data;
    expect(paid).toMatchObject({ status: 'paid', can_pay: false, bank_transfer: null });
    expect(paid.paid_at).not.toBeNull();
    expect((await webhook(paymentId)).statusCode).toBe(200);
    const mails = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} IN ('invoice_paid', 'invoice_task')`);
    const mine = mails.filter((m) => (m.payload as { number?: string }).number === issued.number);
    expect(mine.map((m) => m.kind).sort()).toEqual(['invoice_paid', 'invoice_task']);
    const timeline = await ctx.app.inject({ url: `/api/cases/${setup.caseId}/timeline`, headers: setup.client });
    expect(timeline.body).toContain('invoice.paid');
    const list = await ctx.app.inject({ url: `/api/cases/${setup.caseId}/invoices`, headers: setup.lawyer });
    expect(list.json<{ meta: { tasks: string[] } }>().meta.tasks).toContain('close_case');
  });

  it.each(['failed', 'expired', 'canceled'] as const)('leaves the invoice open when the payment %s', async (status) => {
    const { issued, paymentId } = await openInvoice();
    peer.payments.get(paymentId)!.status = status;
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await statusOf(issued.id))?.status).toBe('open');
    const [payment] = await ctx.db.select().from(invoicePayments).where(eq(invoicePayments.id, paymentId));
    expect(payment?.status).toBe(status);
  });

  it('changes nothing for a forged call whose payment Mollie reports open, nor for an unknown id', async () => {
    const { issued, paymentId } = await openInvoice();
    expect((await webhook(paymentId)).statusCode).toBe(200);
    expect((await statusOf(issued.id))?.status).toBe('open');
    expect((await webhook('tr_doesnotexist')).statusCode).toBe(200);
    expect((await webhook('<script>')).statusCode).toBe(200);
  });

  it('pays through the checkout page: the stand-in calls the webhook and sends the browser back', async () => {
    const { paymentId, issued } = await openInvoice();
    const page = await fetch(`${peer.url}/checkout/${paymentId}`);
    expect(await page.text()).toContain('Kies de uitkomst van de betaling');
    const chosen = await fetch(`${peer.url}/checkout/${paymentId}`, {
      method: 'POST',
      body: new URLSearchParams({ status: 'paid' }),
      redirect: 'manual',
    });
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe(`http://portal.test/facturen/${issued.id}`);
  });

  it('refunds in full after a withdrawal without the request to start at once', async () => {
    const { issued, paymentId } = await openInvoice();
    peer.payments.get(paymentId)!.status = 'paid';
    await webhook(paymentId);
    const mollie = createMollie(ctx.config)!;
    const refunded = await refundAfterWithdrawal(ctx.db, mollie, {
      caseId: issued.case_id,
      startConsent: false,
      now: ctx.clock.now(),
    });
    expect(refunded).toBe(90_750);
    expect(peer.payments.get(paymentId)!.refunds.map((r) => r.amount.value)).toEqual(['907.50']);
    expect((await statusOf(issued.id))?.refundedCents).toBe(90_750);
    // With the request to start at once, nothing goes back by itself.
    expect(
      await refundAfterWithdrawal(ctx.db, mollie, { caseId: issued.case_id, startConsent: true, now: ctx.clock.now() }),
    ).toBe(0);
  });
});

describe('reminders and the fourteen-day letter', () => {
  it('sends the reminder after the due date and the letter 14 days later, with the collection costs', async () => {
    const setup = await readyCase();
    const issued = await issue(setup, (await draft(setup, { recipient: 'client', lines: [LINE] })).id);
    const start = ctx.clock.now();
    const job = invoiceRemindersJob(() => ctx.clock.now(), ctx.config.firm);
    const kinds = async () =>
      (await ctx.db.select().from(outbox).where(eq(outbox.recipientId, setup.id)))
        .map((m) => m.kind)
        .filter((k) => k.startsWith('invoice_'));
    // On the due date itself: nothing yet.
    ctx.clock.set(new Date(start.getTime() + 14 * DAY));
    await runExclusive(ctx.db, job, withEvents);
    expect(await kinds()).toEqual([]);
    ctx.clock.set(new Date(start.getTime() + 15 * DAY));
    await runExclusive(ctx.db, job, withEvents);
    expect(await kinds()).toEqual(['invoice_reminder']);
    ctx.clock.set(new Date(start.getTime() + 28 * DAY));
    await runExclusive(ctx.db, job, withEvents);
    expect(await kinds()).toEqual(['invoice_reminder']);
    ctx.clock.set(new Date(start.getTime() + 29 * DAY + 2 * 3_600_000));
    await runExclusive(ctx.db, job, withEvents);
    expect((await kinds()).sort()).toEqual(['invoice_letter', 'invoice_reminder']);
    const [letterMail] = await ctx.db
      .select()
      .from(outbox)
      .where(sql`${outbox.kind} = 'invoice_letter' AND ${outbox.recipientId} = ${setup.id}`);
    expect(letterMail?.payload).toMatchObject({ number: issued.number, amount: '€ 907,50', costs: '€ 136,13' });
    // The mail carries the letter itself as a PDF, the same as the portal's.
    const mailed = await ctx.smtp.waitForMail(setup.email, {
      matching: (mail) => mail.subject.startsWith('Veertiendagenbrief'),
    });
    expect(mailed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`veertiendagenbrief-${issued.number}.pdf`, 'application/pdf'],
    ]);
    const attached = (await pdfText(mailed.attachments[0]!.content)).replace(/\s+/g, ' ');
    expect(attached).toContain('€ 136,13');
    expect(attached).toContain('6:96 lid 6');
    const client = bearer(await tokenFor(ctx, setup.id)); // a session of the letter's day
    const letter = await ctx.app.inject({ url: `/api/invoices/${issued.id}/letter`, headers: client });
    expect(letter.statusCode).toBe(200);
    const words = (await pdfText(letter.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('€ 136,13');
    expect(words).toContain('6:96 lid 6');
    // The portal adds no costs: the invoice's amount stays.
    const view = await ctx.app.inject({ url: `/api/invoices/${issued.id}`, headers: client });
    expect(view.json<{ data: Invoice }>().data).toMatchObject({
      total_cents: 90_750,
      status: 'overdue',
      letter_available: true,
    });
    ctx.clock.set(start);
  });
});

describe("the lawyer's invoice tasks in the case list", () => {
  type TaskList = { data: { task: string; case_id: string; client_name: string }[] };
  const tasksOf = async (headers: Record<string, string>) => {
    const answer = await ctx.app.inject({ url: '/api/invoices/tasks', headers });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TaskList>().data;
  };

  it('counts an overdue employer invoice and a paid case for their lawyers, until the case is completed', async () => {
    const employerCase = await readyCase({ employer: true });
    await issue(
      employerCase,
      (await draft(employerCase, { recipient: 'employer', employer_kvk: KVK, lines: [LINE] })).id,
    );
    const paidCase = await readyCase();
    const paid = await issue(paidCase, (await draft(paidCase, { recipient: 'client', lines: [LINE] })).id);
    expect(await tasksOf(employerCase.lawyer)).toEqual([]);
    expect(await tasksOf(paidCase.lawyer)).toEqual([]);

    await ctx.db.update(invoices).set({ status: 'paid', paidAt: ctx.clock.now() }).where(eq(invoices.id, paid.id));
    expect(await tasksOf(paidCase.lawyer)).toEqual([
      { task: 'close_case', case_id: paidCase.caseId, client_name: expect.any(String) as string },
    ]);
    // Past the due date, the employer's invoice is the lawyer's to follow up; nobody else's.
    const start = ctx.clock.now();
    ctx.clock.set(new Date(start.getTime() + 15 * DAY));
    try {
      const lawyer = bearer(await tokenFor(ctx, employerCase.lawyerId));
      expect((await tasksOf(lawyer)).map((t) => [t.task, t.case_id])).toEqual([
        ['chase_employer', employerCase.caseId],
      ]);
      const list = await ctx.app.inject({ url: `/api/cases/${employerCase.caseId}/invoices`, headers: lawyer });
      expect(list.json<{ meta: { tasks: string[] } }>().meta.tasks).toEqual(['chase_employer']);
      expect((await tasksOf(bearer(await tokenFor(ctx, paidCase.lawyerId)))).map((t) => t.task)).toEqual([
        'close_case',
      ]);
    } finally {
      ctx.clock.set(start);
    }

    // Once the case is completed, the task is done.
    await ctx.db.update(cases).set({ statusSlug: 'completed' }).where(eq(cases.id, paidCase.caseId));
    expect(await tasksOf(paidCase.lawyer)).toEqual([]);
    const list = await ctx.app.inject({ url: `/api/cases/${paidCase.caseId}/invoices`, headers: paidCase.lawyer });
    expect(list.json<{ meta: { tasks: string[] } }>().meta.tasks).toEqual([]);
    // The client and the admin have no invoice tasks.
    expect((await ctx.app.inject({ url: '/api/invoices/tasks', headers: paidCase.client })).statusCode).toBe(403);
  });
});

describe('the books', () => {
  it('lists, totals and exports for the admin; keeps invoices when the file is destroyed', async () => {
    const setup = await readyCase({ employer: true });
    const issued = await issue(
      setup,
      (await draft(setup, { recipient: 'employer', employer_kvk: KVK, lines: [LINE] })).id,
    );
    const admin = await ctx.app.inject({ url: '/api/admin/invoices?status=open', headers: setup.lawyer });
    expect(admin.statusCode).toBe(403);
    const { createTestAdmin } = await import('../infra/testing/harness');
    const { token } = await createTestAdmin(ctx);
    const today = amsterdamDay(ctx.clock.now());
    const list = await ctx.app.inject({ url: `/api/admin/invoices?from=${today}&to=${today}`, headers: bearer(token) });
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json<{ data: Invoice[]; totals: { count: number; total_cents: number } }>();
    expect(body.data.some((i) => i.id === issued.id)).toBe(true);
    expect(body.totals.total_cents).toBe(body.data.reduce((sum, i) => sum + i.total_cents, 0));
    const csv = await ctx.app.inject({ url: '/api/admin/invoices.csv', headers: bearer(token) });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${issued.number};`);
    expect(csv.body).toContain('907,50');
    const zip = await ctx.app.inject({ url: `/api/admin/invoices/export.zip?from=${today}`, headers: bearer(token) });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from(`factuur-${issued.number}.xml`))).toBe(true);

    // The file is destroyed years later: the invoice stays (seven years, whatever happens to the account).
    await ctx.db
      .update(cases)
      .set({ statusSlug: 'completed', completedAt: new Date(ctx.clock.now().getTime() - 6 * 365 * DAY) })
      .where(eq(cases.id, setup.caseId));
    await destroyExpiredFiles(ctx.db, ctx.storage, ctx.clock.now(), 5);
    expect(await ctx.db.select().from(cases).where(eq(cases.id, setup.caseId))).toEqual([]);
    const [kept] = await ctx.db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(kept).toMatchObject({ number: issued.number, totalCents: 90_750 });
  }, 180_000); // the zip prints every invoice of the day as a PDF
});
