import { z } from 'zod';
import { CalendarDateSchema } from './calendar-date';
import { text } from './text';
import { validationKey } from './validation-messages';

/**
 * Invoices and payments: the firm's invoices to the client or the employer (art. 35a Wet OB),
 * credit notes, payment with iDEAL | Wero through Mollie, reminders, and the admin's books.
 * Money is integer cents, dates 'YYYY-MM-DD' (Europe/Amsterdam), moments ISO 8601.
 *
 * Routes (another person's invoice answers 404; order 401, 403, 404, 409, 422):
 * - GET  /api/cases/{id}/invoices            client and the case's lawyers  InvoiceListResponse
 * - GET  /api/cases/{id}/invoices/proposal   a lawyer of the case           InvoiceProposalResponse
 * - POST /api/cases/{id}/invoices            a lawyer of the case           201 InvoiceResponse (draft)
 * - GET  /api/invoices/tasks                 a lawyer: the tasks over their cases InvoiceTaskListResponse
 * - GET  /api/invoices/{id}                  client (not a draft) and lawyers InvoiceResponse
 * - PATCH /api/invoices/{id}                 a lawyer; a draft only, else 409 InvoiceResponse
 * - DELETE: none; an invoice is never deleted (a draft neither: it stays a draft)
 * - POST /api/invoices/{id}/issue            a lawyer; a draft only, else 409 InvoiceResponse
 * - POST /api/invoices/{id}/credit           a lawyer; 201 InvoiceResponse (the credit note)
 * - POST /api/invoices/{id}/refund           a lawyer; RefundRequest; InvoiceResponse
 * - GET  /api/invoices/{id}/pdf              application/pdf (issued, or a lawyer's draft preview)
 * - GET  /api/invoices/{id}/ubl              application/xml (issued employer invoice; else 404)
 * - GET  /api/invoices/{id}/letter           application/pdf, the fourteen-day letter once sent
 * - POST /api/invoices/{id}/payment          the client; PaymentResponse; 409 when not payable
 * - POST /api/payments/mollie/webhook        form-encoded `id`; always 200
 * - GET  /api/admin/invoices                 admin; AdminInvoiceListResponse
 * - GET  /api/admin/invoices.csv             admin; text/csv (Dutch: ';' and decimal comma)
 * - GET  /api/admin/invoices/export.zip      admin; application/zip (every PDF and UBL)
 */

// ---------------------------------------------------------------------------------------------
// Statuses, recipients, VAT rates

/**
 * `draft` (concept), `open`, `overdue` (te laat: open after its due date), `paid` (voldaan),
 * `credited` (gecrediteerd: an invoice a credit note cancels, and the credit note itself).
 */
export const INVOICE_STATUSES = ['draft', 'open', 'overdue', 'paid', 'credited'] as const;
export const InvoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof InvoiceStatusSchema>;

export const INVOICE_RECIPIENTS = ['client', 'employer'] as const;
export const InvoiceRecipientSchema = z.enum(INVOICE_RECIPIENTS);
export type InvoiceRecipient = z.infer<typeof InvoiceRecipientSchema>;

/** The Dutch VAT rates a line may carry, in percent (21 % is the default for legal services). */
export const VAT_RATES = [21, 9, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];
export const DEFAULT_VAT_RATE: VatRate = 21;
export const VatRateSchema = z.union([z.literal(21), z.literal(9), z.literal(0)]);

/** Days between the issue date and the due date. */
export const PAYMENT_TERM_DAYS = 14;

// ---------------------------------------------------------------------------------------------
// Requests

export const MAX_INVOICE_LINES = 50;
export const MAX_LINE_DESCRIPTION = 200;
export const MAX_QUANTITY = 10_000;
/** € 1.000.000 per unit: above it a typing error is more likely than a price. */
export const MAX_UNIT_PRICE_CENTS = 100_000_000;

export const InvoiceLineInputSchema = z
  .object({
    description: text().trim().min(1).max(MAX_LINE_DESCRIPTION),
    quantity: z.number().int().min(1).max(MAX_QUANTITY),
    /** Price of one unit in cents, excluding VAT. */
    unit_price_cents: z.number().int().min(0).max(MAX_UNIT_PRICE_CENTS),
    vat_rate: VatRateSchema.default(DEFAULT_VAT_RATE),
  })
  .strict();
export type InvoiceLineInput = z.input<typeof InvoiceLineInputSchema>;

const LinesSchema = z.array(InvoiceLineInputSchema).min(1).max(MAX_INVOICE_LINES);

/** The employer's VAT id when given ('NL123456789B01' or another EU form); printed on an employer invoice. */
export const EmployerVatIdSchema = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}[A-Z0-9]{2,13}$/, validationKey('vatId'))
  .nullable()
  .optional();

/**
 * The employer's KvK number (8 digits): printed on an employer invoice and its e-invoice, which names a Dutch buyer by
 * it (NLCIUS BR-NL-10). Issuing an invoice to the employer without it answers 422.
 */
export const EmployerKvkSchema = text()
  .trim()
  .regex(/^\d{8}$/, validationKey('kvk'))
  .nullable()
  .optional();

/** `POST /api/cases/{id}/invoices` (a lawyer of the case): a draft. */
export const CreateInvoiceRequestSchema = z
  .object({
    recipient: InvoiceRecipientSchema,
    lines: LinesSchema,
    employer_vat_id: EmployerVatIdSchema,
    employer_kvk: EmployerKvkSchema,
  })
  .strict();
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequestSchema>;

/** `PATCH /api/invoices/{id}` (a draft only; an issued invoice answers 409). */
export const UpdateInvoiceRequestSchema = z
  .object({
    recipient: InvoiceRecipientSchema.optional(),
    lines: LinesSchema.optional(),
    employer_vat_id: EmployerVatIdSchema,
    employer_kvk: EmployerKvkSchema,
  })
  .strict();
export type UpdateInvoiceRequest = z.input<typeof UpdateInvoiceRequestSchema>;

/**
 * `POST /api/invoices/{id}/refund` (a lawyer of the case): after a withdrawal in which the client
 * asked the firm to start at once, the part of what was paid through Mollie that goes back.
 */
export const RefundRequestSchema = z
  .object({ amount_cents: z.number().int().min(1).max(MAX_UNIT_PRICE_CENTS) })
  .strict();
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Answers

export const InvoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  /** Excluding VAT; negative on a credit note. */
  unit_price_cents: z.number().int(),
  vat_rate: VatRateSchema,
  /** quantity × unit price, excluding VAT. */
  total_cents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

/** VAT per rate over the whole invoice, rounded once, half up (away from zero on a credit note). */
export const VatBreakdownSchema = z.object({
  vat_rate: VatRateSchema,
  base_cents: z.number().int(),
  vat_cents: z.number().int(),
});
export type VatBreakdown = z.infer<typeof VatBreakdownSchema>;

/** Who the invoice is addressed to, copied onto the invoice at issue (it never changes after). */
export const InvoicePartySchema = z.object({
  name: z.string(),
  /** Address lines (street and number, postcode and town); empty when not known. */
  address_lines: z.array(z.string()),
  /** The employer's contact person of the case (employer invoices). */
  contact_name: z.string().nullable(),
  /** The employer's VAT id when given. */
  vat_id: z.string().nullable(),
  kvk: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof InvoicePartySchema>;

/** What the client reads to pay by bank transfer (always on an open invoice; alone when Mollie is not set). */
export const BankTransferSchema = z.object({
  account_name: z.string(),
  iban: z.string(),
  amount_cents: z.number().int(),
  /** The invoice number, to state as the payment reference. */
  reference: z.string(),
});
export type BankTransfer = z.infer<typeof BankTransferSchema>;

export const InvoiceSchema = z.object({
  id: z.string().uuid(),
  case_id: z.string().uuid(),
  status: InvoiceStatusSchema,
  /** 'YYYY-NNNN' from issue on; null for a draft. */
  number: z.string().nullable(),
  recipient: InvoiceRecipientSchema,
  /** The addressee: as it stands now for a draft, as printed for an issued invoice. */
  recipient_details: InvoicePartySchema,
  lines: z.array(InvoiceLineSchema),
  vat_breakdown: z.array(VatBreakdownSchema),
  subtotal_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  created_at: z.string(),
  issued_at: z.string().nullable(),
  /** The issue date, Europe/Amsterdam. */
  issue_date: CalendarDateSchema.nullable(),
  due_date: CalendarDateSchema.nullable(),
  /** The engagement ('Opdracht') this invoice is for, printed on it. */
  reference: z.string().nullable(),
  service_period: z.object({ from: CalendarDateSchema, to: CalendarDateSchema }).nullable(),
  paid_at: z.string().nullable(),
  /** On a credit note: the id of the invoice it credits. */
  credits: z.string().uuid().nullable(),
  /** On a credited invoice: the id of its credit note. */
  credited_by: z.string().uuid().nullable(),
  /** What went back to the client through Mollie (refunds after a withdrawal). */
  refunded_cents: z.number().int(),
  /** GET /api/invoices/{id}/ubl answers (an issued employer invoice). */
  has_ubl: z.boolean(),
  /** 'Betalen met iDEAL | Wero' shows: the client reads an open client invoice and Mollie is set. */
  can_pay: z.boolean(),
  /** Bank transfer details for an open or overdue invoice; null otherwise. */
  bank_transfer: BankTransferSchema.nullable(),
  /** When the friendly reminder was sent. */
  reminder_sent_at: z.string().nullable(),
  /** The fourteen-day letter (art. 6:96 lid 6 BW): GET /api/invoices/{id}/letter answers its PDF. */
  letter_sent_at: z.string().nullable(),
  letter_available: z.boolean(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

export const InvoiceResponseSchema = z.object({ data: InvoiceSchema });
export type InvoiceResponse = z.infer<typeof InvoiceResponseSchema>;

/**
 * The lawyer's invoice tasks on a case: `close_case` 'Factuur voldaan – dossier afronden' (every
 * issued invoice is paid or credited, at least one paid, and the case is not completed yet);
 * `chase_employer` (an employer invoice is overdue: the contact had its reminder, the lawyer follows up).
 */
export const INVOICE_TASKS = ['close_case', 'chase_employer'] as const;
export const InvoiceTaskSchema = z.enum(INVOICE_TASKS);
export type InvoiceTask = z.infer<typeof InvoiceTaskSchema>;

/**
 * `GET /api/cases/{id}/invoices`: newest first (a client sees no drafts). `can_create`: the reader
 * may prepare a draft now; `tasks`: for the case's lawyers (always empty for the client).
 */
export const InvoiceListResponseSchema = z.object({
  data: z.array(InvoiceSchema),
  meta: z.object({ can_create: z.boolean(), tasks: z.array(InvoiceTaskSchema) }),
});
export type InvoiceListResponse = z.infer<typeof InvoiceListResponseSchema>;

/**
 * `GET /api/invoices/tasks` (a lawyer): the invoice tasks over every case the lawyer may use that is not completed,
 * for the task block of the case list; one row per task and case, oldest case first.
 */
export const InvoiceTaskCaseSchema = z.object({
  task: InvoiceTaskSchema,
  case_id: z.string().uuid(),
  client_name: z.string(),
});
export type InvoiceTaskCase = z.infer<typeof InvoiceTaskCaseSchema>;
export const InvoiceTaskListResponseSchema = z.object({ data: z.array(InvoiceTaskCaseSchema) });
export type InvoiceTaskListResponse = z.infer<typeof InvoiceTaskListResponseSchema>;

/**
 * `GET /api/cases/{id}/invoices/proposal` (a lawyer of the case): the drafts the portal proposes,
 * from the package (to the client) and from the signed agreement's legal-cost contribution (to the
 * employer). A proposal that has nothing to invoice is left out.
 */
export const InvoiceProposalSchema = z.object({
  recipient: InvoiceRecipientSchema,
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unit_price_cents: z.number().int(),
      vat_rate: VatRateSchema,
    }),
  ),
});
export type InvoiceProposal = z.infer<typeof InvoiceProposalSchema>;
export const InvoiceProposalResponseSchema = z.object({ data: z.array(InvoiceProposalSchema) });

/** `POST /api/invoices/{id}/payment` (the client): where the browser goes to pay. */
export const PaymentResponseSchema = z.object({ data: z.object({ checkout_url: z.string() }) });
export type PaymentResponse = z.infer<typeof PaymentResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The admin's books: GET /api/admin/invoices?status=&from=&to=&page=  (.csv, /export.zip)

/**
 * The period runs over the invoice date (the issue date; a draft's creation date), both ends
 * included. The zip holds the issued invoices of the period only.
 */
export const AdminInvoicesQuerySchema = z
  .object({
    status: InvoiceStatusSchema.optional(),
    from: CalendarDateSchema.optional(),
    to: CalendarDateSchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .strict();
export type AdminInvoicesQuery = z.infer<typeof AdminInvoicesQuerySchema>;

export const ADMIN_INVOICES_PER_PAGE = 50;

export const AdminInvoiceSchema = InvoiceSchema.extend({
  /** The client of the case (also on an employer invoice). */
  client_name: z.string(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

export const InvoiceTotalsSchema = z.object({
  count: z.number().int(),
  subtotal_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Of the total: what is still to be paid (open and overdue). */
  outstanding_cents: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof InvoiceTotalsSchema>;

export const AdminInvoiceListResponseSchema = z.object({
  data: z.array(AdminInvoiceSchema),
  /** Over every invoice the filter matches, not only this page. */
  totals: InvoiceTotalsSchema,
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type AdminInvoiceListResponse = z.infer<typeof AdminInvoiceListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Rules both sides need

/** An invoice in these statuses waits for payment. */
export function isPayable(status: InvoiceStatus): boolean {
  return status === 'open' || status === 'overdue';
}

/** Issued invoices never change: only a draft may be edited or issued. */
export function isEditable(status: InvoiceStatus): boolean {
  return status === 'draft';
}

/** A credit note may cancel an issued invoice that is not yet credited (and is no credit note). */
export function canCredit(invoice: Pick<Invoice, 'status' | 'credits'>): boolean {
  return invoice.credits === null && (isPayable(invoice.status) || invoice.status === 'paid');
}
