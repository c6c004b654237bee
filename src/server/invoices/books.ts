import { PassThrough } from 'node:stream';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import {
  ADMIN_INVOICES_PER_PAGE,
  type AdminInvoicesQuery,
  type Invoice,
  type InvoiceStatus,
} from '../../contract/invoices';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import { formatDutchDate } from '../../contract/rules/settlement-format';
import type { Db } from '../infra/db/client';
import { invoices } from '../infra/db/schema';
import { toCsv } from '../infra/lib/csv';
import { invoicePdf, invoiceUbl } from './documents';
import { sellerOf, toInvoices, type InvoiceRow } from './queries';

/**
 * The firm's books ('Facturen' for the admin): every invoice with its status, filtered by period
 * (the invoice date: the issue date, a draft's creation date) and status, with totals; a Dutch CSV
 * for the accountant and a zip of every issued invoice's PDF (and UBL for an employer) in a period.
 */

/** The invoice date as SQL: the issue date, or the creation day (Amsterdam) of a draft. */
const invoiceDate = sql`coalesce(${invoices.issueDate}, (${invoices.createdAt} AT TIME ZONE 'Europe/Amsterdam')::date)`;

function filterOf(query: AdminInvoicesQuery, now: Date): SQL | undefined {
  const today = amsterdamDay(now);
  const conditions: SQL[] = [];
  if (query.from) conditions.push(sql`${invoiceDate} >= ${query.from}::date`);
  if (query.to) conditions.push(sql`${invoiceDate} <= ${query.to}::date`);
  const status: InvoiceStatus | undefined = query.status;
  if (status === 'overdue') conditions.push(and(eq(invoices.status, 'open'), lt(invoices.dueDate, today)) as SQL);
  else if (status === 'open') conditions.push(and(eq(invoices.status, 'open'), gte(invoices.dueDate, today)) as SQL);
  else if (status) conditions.push(eq(invoices.status, status));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listAdminInvoices(
  db: Db,
  query: AdminInvoicesQuery,
  now: Date,
  firm: Parameters<typeof sellerOf>[0],
) {
  const where = filterOf(query, now);
  const page = query.page ?? 1;
  const [totals] = await db
    .select({
      count: count(),
      subtotal: sql<string>`coalesce(sum(${invoices.subtotalCents}), 0)`,
      vat: sql<string>`coalesce(sum(${invoices.vatCents}), 0)`,
      total: sql<string>`coalesce(sum(${invoices.totalCents}), 0)`,
      outstanding: sql<string>`coalesce(sum(${invoices.totalCents}) FILTER (WHERE ${invoices.status} = 'open'), 0)`,
    })
    .from(invoices)
    .where(where);
  const rows = await db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoiceDate), desc(invoices.number), desc(invoices.createdAt))
    .limit(ADMIN_INVOICES_PER_PAGE)
    .offset((page - 1) * ADMIN_INVOICES_PER_PAGE);
  const answers = await toInvoices(db, rows, { now, firm, mollieEnabled: false, readerIsClient: false });
  const total = Number(totals?.count ?? 0);
  return {
    data: answers.map((invoice, index) => ({ ...invoice, client_name: clientNameOf(rows[index]) })),
    totals: {
      count: total,
      subtotal_cents: Number(totals?.subtotal ?? 0),
      vat_cents: Number(totals?.vat ?? 0),
      total_cents: Number(totals?.total ?? 0),
      outstanding_cents: Number(totals?.outstanding ?? 0),
    },
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / ADMIN_INVOICES_PER_PAGE)),
      per_page: ADMIN_INVOICES_PER_PAGE,
      total,
    },
  };
}

/** The client as printed on a client invoice; on an employer invoice the employer's name. */
const clientNameOf = (row: InvoiceRow | undefined) => row?.recipientDetails?.name ?? '';

const STATUS_WORDS: Record<InvoiceStatus, string> = {
  draft: 'concept',
  open: 'open',
  overdue: 'te laat',
  paid: 'voldaan',
  credited: 'gecrediteerd',
};
const decimal = new Intl.NumberFormat('nl-NL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** '-907,50': a Dutch amount as the accountant's spreadsheet reads it. */
const euros = (cents: number) => `${cents < 0 ? '-' : ''}${decimal.format(Math.abs(cents) / 100)}`;

/** How many invoices the CSV and the zip read at a time. */
const BATCH = 200;

/**
 * The invoices `where` finds in number order, a batch at a time, as their rows and their answers,
 * with the numbers of the invoices they credit (which may lie outside `where`: an earlier period).
 */
async function* invoiceBatches(
  db: Db,
  where: SQL | undefined,
  options: { now: Date; firm: Parameters<typeof sellerOf>[0] },
): AsyncGenerator<{ rows: InvoiceRow[]; views: Invoice[]; creditedNumbers: Map<string, string | null> }> {
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db
      .select()
      .from(invoices)
      .where(where)
      .orderBy(asc(invoices.year), asc(invoices.sequence), asc(invoices.createdAt))
      .limit(BATCH)
      .offset(offset);
    const views = await toInvoices(db, rows, { ...options, mollieEnabled: false, readerIsClient: false });
    const credited = rows.flatMap((row) => (row.credits ? [row.credits] : []));
    const creditedNumbers = new Map(
      credited.length === 0
        ? []
        : (
            await db
              .select({ id: invoices.id, number: invoices.number })
              .from(invoices)
              .where(inArray(invoices.id, credited))
          ).map((row) => [row.id, row.number]),
    );
    yield { rows, views, creditedNumbers };
    if (rows.length < BATCH) return;
  }
}

/** The Dutch CSV of the books for the accountant: every invoice the filter finds, in number order. */
export async function booksCsv(
  db: Db,
  query: Omit<AdminInvoicesQuery, 'page'>,
  now: Date,
  firm: Parameters<typeof sellerOf>[0],
): Promise<{ filename: string; csv: string }> {
  const rows: (string | number)[][] = [];
  for await (const { views, creditedNumbers } of invoiceBatches(db, filterOf(query, now), { now, firm })) {
    for (const invoice of views) {
      const byRate = (rate: number) => invoice.vat_breakdown.find((b) => b.vat_rate === rate);
      rows.push([
        invoice.number ?? '',
        invoice.issue_date ? formatDutchDate(invoice.issue_date) : '',
        invoice.due_date ? formatDutchDate(invoice.due_date) : '',
        STATUS_WORDS[invoice.status],
        invoice.recipient === 'client' ? 'cliënt' : 'werkgever',
        invoice.recipient_details.name,
        invoice.recipient_details.vat_id ?? '',
        invoice.reference ?? '',
        euros(invoice.subtotal_cents),
        euros(byRate(21)?.vat_cents ?? 0),
        euros(byRate(9)?.vat_cents ?? 0),
        euros(invoice.vat_cents),
        euros(invoice.total_cents),
        invoice.paid_at ? formatDutchDate(amsterdamDay(new Date(invoice.paid_at))) : '',
        invoice.credits ? (creditedNumbers.get(invoice.credits) ?? '') : '',
      ]);
    }
  }
  const header = [
    'Factuurnummer',
    'Factuurdatum',
    'Vervaldatum',
    'Status',
    'Ontvanger',
    'Naam',
    'Btw-id',
    'Referentie',
    'Bedrag excl. btw',
    'Btw 21%',
    'Btw 9%',
    'Btw totaal',
    'Bedrag incl. btw',
    'Voldaan op',
    'Crediteert',
  ];
  return { filename: `facturen-${amsterdamDay(now)}.csv`, csv: toCsv(header, rows) };
}

/**
 * A zip of every issued invoice's PDF (and UBL for an employer) the filter finds, written while it
 * is sent; `onError` hears of a failure part way (the stream then ends with it).
 */
export function booksZip(
  db: Db,
  query: Omit<AdminInvoicesQuery, 'page'>,
  now: Date,
  firm: Parameters<typeof sellerOf>[0],
  onError: (error: Error) => void,
): { filename: string; stream: PassThrough } {
  const seller = sellerOf(firm);
  const where = and(filterOf(query, now), isNotNull(invoices.number));
  const zip = new ZipFile();
  const out = new PassThrough();
  zip.outputStream.pipe(out);
  const fill = async () => {
    for await (const { rows, views, creditedNumbers } of invoiceBatches(db, where, { now, firm })) {
      for (const [index, invoice] of views.entries()) {
        const row = rows[index];
        if (!row) continue;
        const creditsNumber = row.credits ? (creditedNumbers.get(row.credits) ?? null) : null;
        const pdf = await invoicePdf(invoice, row, { seller, language: 'nl-NL', creditsNumber });
        zip.addBuffer(Buffer.from(pdf), `factuur-${invoice.number}.pdf`, { mtime: row.issuedAt ?? now });
        if (row.recipient === 'employer')
          zip.addBuffer(
            Buffer.from(invoiceUbl(invoice, { seller: row.seller ?? seller, creditsNumber })),
            `factuur-${invoice.number}.xml`,
            { mtime: row.issuedAt ?? now },
          );
      }
    }
    zip.end();
  };
  fill().catch((error: unknown) => {
    onError(error as Error);
    out.destroy(error as Error);
  });
  const period = `${query.from ?? 'begin'}-${query.to ?? amsterdamDay(now)}`;
  return { filename: `facturen-${period}.zip`, stream: out };
}
