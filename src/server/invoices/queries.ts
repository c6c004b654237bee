import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type {
  Invoice,
  InvoiceLineInput,
  InvoiceListResponse,
  InvoiceProposal,
  InvoiceRecipient,
  InvoiceStatus,
  InvoiceTask,
  InvoiceTaskCase,
  VatRate,
} from '../../contract/invoices';
import { DEFAULT_VAT_RATE, PAYMENT_TERM_DAYS, isPayable } from '../../contract/invoices';
import { OFFER_DISPLAY_NAMES, type OfferSlug } from '../../contract/offers';
import { getDisplayName } from '../../contract/rules/display-name';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { getInvoiceTotals, lineTotal } from '../../contract/rules/invoice-totals';
import type { Config } from '../infra/config/config';
import { lawyerMayUseCase, type CaseRow } from '../cases/access';
import type { Db } from '../infra/db/client';
import { preparedQuery } from '../infra/db/prepared';
import {
  cases,
  contactPersons,
  invoiceCounters,
  invoiceLines,
  invoices,
  settlementVersions,
  users,
  type InvoicePartyRecord,
} from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { AppError } from '../infra/errors/errors';

/**
 * Invoices (art. 35a Wet OB): drafts a lawyer edits, issuing with a gap-free number per calendar
 * year, credit notes, and the answer shapes. An issued invoice never changes (the database refuses
 * it too, migration 0028); `overdue` is an open invoice after its due date, computed on reading.
 */

export type InvoiceRow = typeof invoices.$inferSelect;
export type LineRow = typeof invoiceLines.$inferSelect;
export type Firm = Config['firm'];

/** Translation keys of the refusals (errors.invoices.*). */
export const INVOICE_ERRORS = {
  issued: 'errors.invoices.issued',
  notPayable: 'errors.invoices.notPayable',
  notCreditable: 'errors.invoices.notCreditable',
  notYet: 'errors.invoices.notYet',
  employerMissing: 'errors.invoices.employerMissing',
  employerKvkMissing: 'errors.invoices.employerKvkMissing',
  clientAddressMissing: 'errors.invoices.clientAddressMissing',
  noMollie: 'errors.invoices.noMollie',
  refundTooHigh: 'errors.invoices.refundTooHigh',
  noWithdrawal: 'errors.invoices.noWithdrawal',
} as const;

/** The package prices excluding VAT, for the proposed draft (the lawyer edits them when agreed otherwise). */
export const PACKAGE_PRICES_CENTS: Record<OfferSlug, number | null> = {
  start: 75_000,
  complete: null,
  extreme: 525_000,
};
/** The line's text: the service, never the story of the case. */
export const SERVICE_DESCRIPTION = 'Juridische bijstand beëindiging arbeidsovereenkomst';
export const LEGAL_COSTS_DESCRIPTION = 'Bijdrage in de kosten van juridische bijstand (vaststellingsovereenkomst)';

const plusDays = (day: string, days: number) => {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
export { plusDays };

/**
 * May a lawyer prepare an invoice now: at 'Klaar voor facturatie' or later, or earlier for a
 * fixed-price package once the engagement letter is signed (paid in advance).
 */
export function mayPrepareInvoice(caseRow: Pick<CaseRow, 'statusSlug' | 'offer' | 'proposalSignedAt'>): boolean {
  if (caseRow.statusSlug === 'ready-for-invoicing' || caseRow.statusSlug === 'completed') return true;
  const fixedPrice = caseRow.offer !== null && PACKAGE_PRICES_CENTS[caseRow.offer] !== null;
  return fixedPrice && caseRow.proposalSignedAt !== null;
}

export function engagementReference(caseRow: Pick<CaseRow, 'id' | 'offer'>): string {
  const base = `Opdracht ${caseRow.id.slice(0, 8).toUpperCase()}`;
  return caseRow.offer ? `${base} – ${OFFER_DISPLAY_NAMES[caseRow.offer]}` : base;
}

// ---------------------------------------------------------------------------------------------
// Parties

/**
 * The recipient as the case holds it now: the client (name, address) or the employer (company, contact, and the VAT id
 * and KvK number the draft gives).
 */
export async function currentRecipient(
  db: Db,
  caseRow: CaseRow,
  recipient: InvoiceRecipient,
  employer: Pick<InvoiceRow, 'employerVatId' | 'employerKvk'>,
): Promise<InvoicePartyRecord> {
  if (recipient === 'employer') {
    const [contact] = await db
      .select()
      .from(contactPersons)
      .where(eq(contactPersons.caseId, caseRow.id))
      .orderBy(asc(contactPersons.position))
      .limit(1);
    const street = [caseRow.companyStreet, caseRow.companyHouseNumber].filter(Boolean).join(' ');
    const town = [caseRow.companyPostcode, caseRow.companyCity].filter(Boolean).join(' ');
    return {
      name: caseRow.companyName ?? '',
      address_lines: [street, town].filter((line) => line.length > 0),
      contact_name: contact
        ? getDisplayName({ name: contact.firstName, infix: contact.infix, last_name: contact.lastName })
        : null,
      vat_id: employer.employerVatId,
      kvk: employer.employerKvk,
      email: contact?.email ?? caseRow.contactEmail ?? null,
    };
  }
  const [client] = await db.select().from(users).where(eq(users.id, caseRow.clientId));
  const street = [client?.street, [client?.houseNumber, client?.houseNumberAddition].filter(Boolean).join('')]
    .filter(Boolean)
    .join(' ');
  const town = [client?.postcode, client?.city].filter(Boolean).join(' ');
  return {
    name: client ? getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName }) : '',
    address_lines: [street, town].filter((line) => line.length > 0),
    contact_name: null,
    vat_id: null,
    kvk: null,
    email: client?.email ?? null,
  };
}

export function sellerOf(firm: Firm): InvoicePartyRecord {
  return {
    name: firm.name,
    address_lines: firm.addressLines,
    contact_name: null,
    vat_id: firm.vatId,
    kvk: firm.kvk,
    email: null,
    iban: firm.iban,
  };
}

/** The firm's settings as an issued invoice printed them (its copied seller), for reading it without the settings. */
export function firmOf(seller: InvoicePartyRecord): Firm {
  return {
    name: seller.name,
    addressLines: seller.address_lines,
    kvk: seller.kvk ?? '',
    vatId: seller.vat_id ?? '',
    iban: seller.iban ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

export type ViewContext = {
  now: Date;
  firm: Firm;
  mollieEnabled: boolean;
  /** The reader is the client (the payment button is theirs). */
  readerIsClient: boolean;
  /** For a draft: the recipient as the case holds it now. */
  liveRecipient?: InvoicePartyRecord;
};

export function effectiveStatus(row: Pick<InvoiceRow, 'status' | 'dueDate'>, now: Date): InvoiceStatus {
  if (row.status === 'open' && row.dueDate && row.dueDate < amsterdamDay(now)) return 'overdue';
  return row.status;
}

const emptyParty: InvoicePartyRecord = {
  name: '',
  address_lines: [],
  contact_name: null,
  vat_id: null,
  kvk: null,
  email: null,
};

export function toInvoice(
  row: InvoiceRow,
  lines: LineRow[],
  ctx: ViewContext,
  links: { creditedBy: string | null },
): Invoice {
  const status = effectiveStatus(row, ctx.now);
  const totals = getInvoiceTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price_cents: l.unitPriceCents, vat_rate: l.vatRate })),
  );
  const party = row.recipientDetails ?? ctx.liveRecipient ?? emptyParty;
  const open = isPayable(status) && row.number !== null;
  return {
    id: row.id,
    case_id: row.caseId,
    status,
    number: row.number,
    recipient: row.recipient,
    recipient_details: {
      name: party.name,
      address_lines: party.address_lines,
      contact_name: party.contact_name,
      vat_id: party.vat_id ?? (row.recipient === 'employer' ? row.employerVatId : null),
      kvk: party.kvk ?? (row.recipient === 'employer' ? row.employerKvk : null),
      email: party.email,
    },
    lines: lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      vat_rate: l.vatRate as VatRate,
      total_cents: lineTotal({ quantity: l.quantity, unit_price_cents: l.unitPriceCents, vat_rate: l.vatRate }),
    })),
    vat_breakdown: totals.vat_breakdown.map((b) => ({ ...b, vat_rate: b.vat_rate as VatRate })),
    subtotal_cents: row.number ? row.subtotalCents : totals.subtotal_cents,
    vat_cents: row.number ? row.vatCents : totals.vat_cents,
    total_cents: row.number ? row.totalCents : totals.total_cents,
    created_at: row.createdAt.toISOString(),
    issued_at: row.issuedAt?.toISOString() ?? null,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    reference: row.reference,
    service_period: row.serviceFrom && row.serviceTo ? { from: row.serviceFrom, to: row.serviceTo } : null,
    paid_at: row.paidAt?.toISOString() ?? null,
    credits: row.credits,
    credited_by: links.creditedBy,
    refunded_cents: row.refundedCents,
    has_ubl: row.recipient === 'employer' && row.number !== null,
    can_pay: open && ctx.readerIsClient && ctx.mollieEnabled && row.recipient === 'client',
    bank_transfer:
      open && row.number
        ? {
            account_name: row.seller?.name ?? ctx.firm.name,
            iban: row.seller?.iban ?? ctx.firm.iban,
            amount_cents: row.totalCents,
            reference: row.number,
          }
        : null,
    reminder_sent_at: row.reminderSentAt?.toISOString() ?? null,
    letter_sent_at: row.letterSentAt?.toISOString() ?? null,
    letter_available: row.letterSentAt !== null,
  };
}

export async function linesOf(db: Db, invoiceIds: string[]): Promise<Map<string, LineRow[]>> {
  const map = new Map<string, LineRow[]>(invoiceIds.map((id) => [id, []]));
  if (invoiceIds.length === 0) return map;
  const rows = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  for (const row of rows) map.get(row.invoiceId)?.push(row);
  return map;
}

/** Rows to answers, with lines, the credit-note link and (drafts) the live recipient. */
export async function toInvoices(
  db: Db,
  rows: InvoiceRow[],
  ctx: Omit<ViewContext, 'liveRecipient'>,
  caseRow?: CaseRow,
): Promise<Invoice[]> {
  const lines = await linesOf(
    db,
    rows.map((r) => r.id),
  );
  const ids = rows.map((r) => r.id);
  const creditNotes =
    ids.length === 0
      ? []
      : await db
          .select({ id: invoices.id, credits: invoices.credits })
          .from(invoices)
          .where(inArray(invoices.credits, ids));
  const creditedBy = new Map(creditNotes.map((c) => [c.credits, c.id]));
  const answers: Invoice[] = [];
  for (const row of rows) {
    const liveRecipient =
      row.status === 'draft' && caseRow ? await currentRecipient(db, caseRow, row.recipient, row) : undefined;
    answers.push(
      toInvoice(
        row,
        lines.get(row.id) ?? [],
        { ...ctx, liveRecipient },
        { creditedBy: creditedBy.get(row.id) ?? null },
      ),
    );
  }
  return answers;
}

/** The lawyer's invoice tasks on a case (contract/invoices.ts INVOICE_TASKS). */
export function tasksOf(
  rows: Pick<InvoiceRow, 'status' | 'dueDate' | 'recipient'>[],
  caseRow: Pick<CaseRow, 'statusSlug'>,
  now: Date,
): InvoiceTask[] {
  const issued = rows.filter((r) => r.status !== 'draft');
  const tasks: InvoiceTask[] = [];
  if (
    caseRow.statusSlug !== 'completed' &&
    issued.length > 0 &&
    issued.some((r) => r.status === 'paid') &&
    issued.every((r) => r.status !== 'open')
  )
    tasks.push('close_case');
  if (issued.some((r) => r.recipient === 'employer' && effectiveStatus(r, now) === 'overdue'))
    tasks.push('chase_employer');
  return tasks;
}

const invoicesOfCase = preparedQuery((db) =>
  db
    .select()
    .from(invoices)
    .where(eq(invoices.caseId, sql.placeholder('caseId')))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .prepare('invoices_of_case'),
);

export async function listCaseInvoices(
  db: Db,
  caseRow: CaseRow,
  ctx: Omit<ViewContext, 'liveRecipient'>,
): Promise<InvoiceListResponse> {
  const rows = await invoicesOfCase(db).execute({ caseId: caseRow.id });
  const visible = ctx.readerIsClient ? rows.filter((r) => r.status !== 'draft') : rows;
  return {
    data: await toInvoices(db, visible, ctx, caseRow),
    meta: {
      can_create: !ctx.readerIsClient && mayPrepareInvoice(caseRow) && !caseRow.archivedAt,
      tasks: ctx.readerIsClient ? [] : tasksOf(rows, caseRow, ctx.now),
    },
  };
}

/**
 * The invoice tasks over every case the lawyer may use (assigned, or standing in today) that is neither completed
 * nor archived: the case list's task block (GET /api/invoices/tasks). One row per task and case, oldest case first.
 */
export async function listLawyerInvoiceTasks(db: Db, lawyerId: string, now: Date): Promise<InvoiceTaskCase[]> {
  const rows = await db
    .select({
      caseId: invoices.caseId,
      status: invoices.status,
      dueDate: invoices.dueDate,
      recipient: invoices.recipient,
      statusSlug: cases.statusSlug,
      createdAt: cases.createdAt,
      name: users.name,
      infix: users.infix,
      lastName: users.lastName,
    })
    .from(invoices)
    .innerJoin(cases, eq(cases.id, invoices.caseId))
    .leftJoin(users, eq(users.id, cases.clientId))
    .where(
      and(
        ne(invoices.status, 'draft'),
        ne(cases.statusSlug, 'completed'),
        isNull(cases.archivedAt),
        lawyerMayUseCase(lawyerId, now),
      ),
    )
    .orderBy(asc(cases.createdAt), asc(cases.id));
  const byCase = new Map<string, typeof rows>();
  for (const row of rows) byCase.set(row.caseId, [...(byCase.get(row.caseId) ?? []), row]);
  const answer: InvoiceTaskCase[] = [];
  for (const [caseId, caseRows] of byCase) {
    const first = caseRows[0]!;
    const clientName = getDisplayName({ name: first.name ?? '', infix: first.infix, last_name: first.lastName ?? '' });
    for (const task of tasksOf(caseRows, first, now)) answer.push({ task, case_id: caseId, client_name: clientName });
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The proposal

export async function proposeInvoices(db: Db, caseRow: CaseRow): Promise<InvoiceProposal[]> {
  const proposals: InvoiceProposal[] = [];
  const price = caseRow.offer ? PACKAGE_PRICES_CENTS[caseRow.offer] : null;
  if (price !== null && caseRow.offer)
    proposals.push({
      recipient: 'client',
      lines: [
        {
          description: `${SERVICE_DESCRIPTION} – ${OFFER_DISPLAY_NAMES[caseRow.offer]}`,
          quantity: 1,
          unit_price_cents: price,
          vat_rate: DEFAULT_VAT_RATE,
        },
      ],
    });
  // The signed agreement's contribution to the legal costs: the final version's terms.
  const [final] = await db
    .select({ terms: settlementVersions.terms })
    .from(settlementVersions)
    .where(and(eq(settlementVersions.caseId, caseRow.id), eq(settlementVersions.final, true)))
    .orderBy(desc(settlementVersions.number))
    .limit(1);
  const legalCosts = final?.terms.legal_costs_cents;
  if (typeof legalCosts === 'number' && Number.isInteger(legalCosts) && legalCosts > 0) {
    // The agreement names the amount the employer pays; the invoice states it including VAT.
    const base = Math.round((legalCosts * 100) / (100 + DEFAULT_VAT_RATE));
    proposals.push({
      recipient: 'employer',
      lines: [
        { description: LEGAL_COSTS_DESCRIPTION, quantity: 1, unit_price_cents: base, vat_rate: DEFAULT_VAT_RATE },
      ],
    });
  }
  if (proposals.length === 0)
    proposals.push({
      recipient: 'client',
      lines: [{ description: SERVICE_DESCRIPTION, quantity: 1, unit_price_cents: 0, vat_rate: DEFAULT_VAT_RATE }],
    });
  return proposals;
}

// ---------------------------------------------------------------------------------------------
// Changes

type LineInput = Required<Pick<InvoiceLineInput, 'description' | 'quantity' | 'unit_price_cents'>> & {
  vat_rate: VatRate;
};

async function writeLines(tx: Db, invoiceId: string, lines: LineInput[]) {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (lines.length === 0) return;
  await tx.insert(invoiceLines).values(
    lines.map((line, index) => ({
      invoiceId,
      position: index + 1,
      description: line.description,
      quantity: line.quantity,
      unitPriceCents: line.unit_price_cents,
      vatRate: line.vat_rate,
    })),
  );
}

function totalsOf(lines: LineInput[]) {
  return getInvoiceTotals(lines);
}

export async function createDraft(
  db: Db,
  input: {
    caseRow: CaseRow;
    lawyerId: string;
    recipient: InvoiceRecipient;
    lines: LineInput[];
    employerVatId: string | null;
    employerKvk: string | null;
    now: Date;
  },
): Promise<InvoiceRow> {
  if (!mayPrepareInvoice(input.caseRow)) throw new AppError('conflict', INVOICE_ERRORS.notYet);
  return withEvents(db, async (tx) => {
    const totals = totalsOf(input.lines);
    const [row] = await tx
      .insert(invoices)
      .values({
        caseId: input.caseRow.id,
        clientId: input.caseRow.clientId,
        recipient: input.recipient,
        employerVatId: input.recipient === 'employer' ? input.employerVatId : null,
        employerKvk: input.recipient === 'employer' ? input.employerKvk : null,
        subtotalCents: totals.subtotal_cents,
        vatCents: totals.vat_cents,
        totalCents: totals.total_cents,
        createdBy: input.lawyerId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!row) throw new Error('unreachable');
    await writeLines(tx, row.id, input.lines);
    await emit(tx, {
      actorId: input.lawyerId,
      action: 'invoice.drafted',
      subjectType: 'invoice',
      subjectId: row.id,
      caseId: row.caseId,
      data: { case_id: row.caseId, recipient: row.recipient },
      at: input.now,
    });
    return row;
  });
}

async function lockInvoice(tx: Db, id: string): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!row) throw new AppError('not_found', 'errors.server.notFound');
  return row;
}

export async function updateDraft(
  db: Db,
  input: {
    invoiceId: string;
    recipient?: InvoiceRecipient;
    lines?: LineInput[];
    employerVatId?: string | null;
    employerKvk?: string | null;
    now: Date;
  },
): Promise<InvoiceRow> {
  return withEvents(db, async (tx) => {
    const row = await lockInvoice(tx, input.invoiceId);
    if (row.status !== 'draft') throw new AppError('conflict', INVOICE_ERRORS.issued);
    if (input.lines) await writeLines(tx, row.id, input.lines);
    const lines = (await linesOf(tx, [row.id])).get(row.id) ?? [];
    const totals = totalsOf(
      lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unit_price_cents: l.unitPriceCents,
        vat_rate: l.vatRate as VatRate,
      })),
    );
    const recipient = input.recipient ?? row.recipient;
    const vatId = input.employerVatId === undefined ? row.employerVatId : input.employerVatId;
    const kvk = input.employerKvk === undefined ? row.employerKvk : input.employerKvk;
    const [updated] = await tx
      .update(invoices)
      .set({
        recipient,
        employerVatId: recipient === 'employer' ? vatId : null,
        employerKvk: recipient === 'employer' ? kvk : null,
        subtotalCents: totals.subtotal_cents,
        vatCents: totals.vat_cents,
        totalCents: totals.total_cents,
        updatedAt: input.now,
      })
      .where(eq(invoices.id, row.id))
      .returning();
    if (!updated) throw new Error('unreachable');
    return updated;
  });
}

/**
 * The next number of the year, in the caller's transaction: one statement that creates or bumps
 * the year's counter row and holds its lock until commit, so parallel issuers (on any instance)
 * queue there and a rolled-back issue gives its number back. No gaps, no doubles.
 */
async function nextNumber(tx: Db, year: number): Promise<{ number: string; sequence: number }> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!counter) throw new Error('unreachable');
  return { number: `${year}-${String(counter.lastNumber).padStart(4, '0')}`, sequence: counter.lastNumber };
}

/** Gives a locked draft its number, dates and the printed parties, in the caller's transaction. */
async function numberInvoice(
  tx: Db,
  row: InvoiceRow,
  input: {
    status: 'open' | 'credited';
    recipientDetails: InvoicePartyRecord;
    seller: InvoicePartyRecord;
    reference: string;
    serviceFrom: string;
    now: Date;
  },
): Promise<InvoiceRow> {
  const issueDate = amsterdamDay(input.now);
  const year = Number(issueDate.slice(0, 4));
  const { number, sequence } = await nextNumber(tx, year);
  const lines = (await linesOf(tx, [row.id])).get(row.id) ?? [];
  const totals = getInvoiceTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price_cents: l.unitPriceCents, vat_rate: l.vatRate })),
  );
  const [issued] = await tx
    .update(invoices)
    .set({
      status: input.status,
      number,
      year,
      sequence,
      recipientDetails: input.recipientDetails,
      seller: input.seller,
      subtotalCents: totals.subtotal_cents,
      vatCents: totals.vat_cents,
      totalCents: totals.total_cents,
      issuedAt: input.now,
      issueDate,
      dueDate: plusDays(issueDate, PAYMENT_TERM_DAYS),
      reference: input.reference,
      serviceFrom: input.serviceFrom <= issueDate ? input.serviceFrom : issueDate,
      serviceTo: issueDate,
      updatedAt: input.now,
    })
    .where(and(eq(invoices.id, row.id), eq(invoices.status, 'draft')))
    .returning();
  if (!issued) throw new AppError('conflict', INVOICE_ERRORS.issued);
  return issued;
}

export async function issueInvoice(
  db: Db,
  input: { invoiceId: string; caseRow: CaseRow; lawyerId: string; firm: Firm; now: Date },
): Promise<InvoiceRow> {
  return withEvents(db, async (tx) => {
    const row = await lockInvoice(tx, input.invoiceId);
    if (row.status !== 'draft') throw new AppError('conflict', INVOICE_ERRORS.issued);
    const recipientDetails = await currentRecipient(tx, input.caseRow, row.recipient, row);
    if (row.recipient === 'employer' && (!recipientDetails.name || recipientDetails.address_lines.length === 0))
      throw new AppError('validation', INVOICE_ERRORS.employerMissing, { recipient: [INVOICE_ERRORS.employerMissing] });
    if (row.recipient === 'employer' && !recipientDetails.kvk)
      throw new AppError('validation', INVOICE_ERRORS.employerKvkMissing, {
        employer_kvk: [INVOICE_ERRORS.employerKvkMissing],
      });
    if (row.recipient === 'client' && recipientDetails.address_lines.length === 0)
      throw new AppError('validation', INVOICE_ERRORS.clientAddressMissing, {
        recipient: [INVOICE_ERRORS.clientAddressMissing],
      });
    const serviceFrom = amsterdamDay(input.caseRow.proposalSignedAt ?? input.caseRow.createdAt);
    const issued = await numberInvoice(tx, row, {
      status: 'open',
      recipientDetails,
      seller: sellerOf(input.firm),
      reference: engagementReference(input.caseRow),
      serviceFrom,
      now: input.now,
    });
    await emit(tx, {
      actorId: input.lawyerId,
      action: 'invoice.issued',
      subjectType: 'invoice',
      subjectId: issued.id,
      caseId: issued.caseId,
      data: {
        case_id: issued.caseId,
        number: issued.number,
        total_cents: issued.totalCents,
        recipient: issued.recipient,
      },
      at: input.now,
    });
    return issued;
  });
}

/**
 * A credit note for an issued invoice: its own number, the same lines with negative prices (so
 * negative totals), `credits` the original, which becomes 'credited'. Once per invoice.
 */
export async function creditInvoice(
  db: Db,
  input: { invoiceId: string; lawyerId: string; firm: Firm; now: Date },
): Promise<InvoiceRow> {
  return withEvents(db, async (tx) => {
    const original = await lockInvoice(tx, input.invoiceId);
    const creditable =
      original.credits === null && (original.status === 'open' || original.status === 'paid') && original.number;
    if (!creditable) throw new AppError('conflict', INVOICE_ERRORS.notCreditable);
    const lines = (await linesOf(tx, [original.id])).get(original.id) ?? [];
    const [note] = await tx
      .insert(invoices)
      .values({
        caseId: original.caseId,
        clientId: original.clientId,
        recipient: original.recipient,
        employerVatId: original.employerVatId,
        employerKvk: original.employerKvk,
        credits: original.id,
        createdBy: input.lawyerId,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning();
    if (!note) throw new Error('unreachable');
    await writeLines(
      tx,
      note.id,
      lines.map((l) => ({
        description: l.description,
        quantity: l.quantity,
        unit_price_cents: -l.unitPriceCents,
        vat_rate: l.vatRate as VatRate,
      })),
    );
    const issued = await numberInvoice(tx, note, {
      status: 'credited',
      recipientDetails: original.recipientDetails ?? emptyParty,
      seller: sellerOf(input.firm),
      reference: `Creditnota bij factuur ${original.number}`,
      serviceFrom: original.serviceFrom ?? amsterdamDay(input.now),
      now: input.now,
    });
    await tx.update(invoices).set({ status: 'credited', updatedAt: input.now }).where(eq(invoices.id, original.id));
    await emit(tx, {
      actorId: input.lawyerId,
      action: 'invoice.credited',
      subjectType: 'invoice',
      subjectId: original.id,
      caseId: original.caseId,
      data: { case_id: original.caseId, number: original.number, credit_note: issued.number },
      at: input.now,
    });
    return issued;
  });
}

/**
 * The invoice a reader may see: a client their own issued invoices, a lawyer those of a case they
 * may use; else null.
 */
export async function findInvoiceFor(
  db: Db,
  invoiceId: string,
  reader: { role: 'client' | 'lawyer'; userId: string },
  lawyerMayUse: (caseId: string) => Promise<CaseRow | null>,
): Promise<{ row: InvoiceRow; caseRow: CaseRow | null } | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return null;
  if (reader.role === 'client') {
    if (row.clientId !== reader.userId || row.status === 'draft') return null;
    const [caseRow] = await db.select().from(cases).where(eq(cases.id, row.caseId));
    return { row, caseRow: caseRow ?? null };
  }
  const caseRow = await lawyerMayUse(row.caseId);
  return caseRow ? { row, caseRow } : null;
}
