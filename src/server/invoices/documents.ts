import { create } from 'xmlbuilder2';
import { getCollectionCosts } from '../../contract/rules/collection-costs';
import { formatDutchDate, formatEuro } from '../../contract/rules/settlement-format';
import { amsterdamDay } from '../../contract/rules/dutch-date';
import type { Invoice } from '../../contract/invoices';
import { translator } from '../infra/outbox/i18n';
import { PdfWriter } from '../pdf/writer';
import type { InvoicePartyRecord } from '../infra/db/schema';
import { plusDays, type InvoiceRow } from './queries';

/**
 * The invoice's documents: the PDF (through the one PDF writer, with its Unicode font), the UBL 2.1
 * e-invoice in the Dutch profile of EN 16931 (NLCIUS) for an employer, and the fourteen-day
 * letter (art. 6:96 lid 6 BW). All texts come from the translation files (`invoicePdf.`), in the
 * reader's language; amounts '€ 1.234,56', dates dd-mm-jjjj.
 */

type Language = 'nl-NL' | 'en-US';

function partyLines(t: ReturnType<typeof translator>, party: InvoicePartyRecord): string[] {
  const lines = [party.name, ...(party.contact_name ? [t('attention', { name: party.contact_name })] : [])];
  lines.push(...party.address_lines);
  if (party.kvk) lines.push(t('kvk', { kvk: party.kvk }));
  if (party.vat_id) lines.push(t('vatId', { id: party.vat_id }));
  if (party.iban) lines.push(t('iban', { iban: party.iban }));
  return lines;
}

/** The invoice (or credit note, or a draft's preview) as a PDF. */
export async function invoicePdf(
  invoice: Invoice,
  row: Pick<InvoiceRow, 'seller'>,
  input: { seller: InvoicePartyRecord; language: Language; creditsNumber: string | null },
): Promise<Uint8Array> {
  const t = translator(input.language, 'invoicePdf');
  const seller = row.seller ?? input.seller;
  const isCredit = invoice.credits !== null;
  const title = invoice.number
    ? `${isCredit ? t('creditNote') : t('invoice')} ${invoice.number}`
    : `${t('invoice')} – ${t('draft')}`;
  const pdf = await PdfWriter.create({ title, author: seller.name, language: input.language });
  pdf.text(title, { size: 18, bold: true, gap: 12 });
  pdf.text(t('from'), { bold: true });
  pdf.text(partyLines(t, seller).join('\n'), { gap: 10 });
  pdf.text(t('to'), { bold: true });
  pdf.text(partyLines(t, { ...invoice.recipient_details, iban: null }).join('\n'), { gap: 10 });
  const facts: string[] = [];
  if (invoice.number) facts.push(`${isCredit ? t('creditNumber') : t('number')}: ${invoice.number}`);
  if (invoice.issue_date) facts.push(`${t('issueDate')}: ${formatDutchDate(invoice.issue_date)}`);
  if (invoice.due_date && !isCredit) facts.push(`${t('dueDate')}: ${formatDutchDate(invoice.due_date)}`);
  if (invoice.reference) facts.push(`${t('reference')}: ${invoice.reference}`);
  if (invoice.service_period)
    facts.push(
      `${t('servicePeriod')}: ${t('periodValue', {
        from: formatDutchDate(invoice.service_period.from),
        to: formatDutchDate(invoice.service_period.to),
      })}`,
    );
  pdf.text(facts.join('\n'), { gap: 10 });
  if (isCredit && input.creditsNumber) pdf.text(t('credits', { number: input.creditsNumber }), { gap: 10 });
  for (const line of invoice.lines) {
    pdf.text(line.description, { bold: true });
    pdf.text(
      t('line', {
        quantity: line.quantity,
        price: formatEuro(line.unit_price_cents),
        rate: line.vat_rate,
        total: formatEuro(line.total_cents),
      }),
      { indent: 12, gap: 6 },
    );
  }
  pdf.space(6);
  pdf.text(t('subtotal', { amount: formatEuro(invoice.subtotal_cents) }));
  for (const vat of invoice.vat_breakdown)
    pdf.text(t('vat', { rate: vat.vat_rate, base: formatEuro(vat.base_cents), amount: formatEuro(vat.vat_cents) }));
  pdf.text(t('total', { amount: formatEuro(invoice.total_cents) }), { bold: true, gap: 12 });
  if (invoice.paid_at) pdf.text(t('paid', { date: formatDutchDate(amsterdamDay(new Date(invoice.paid_at))) }));
  else if (invoice.number && invoice.due_date && !isCredit)
    pdf.text(
      t('pay', {
        due: formatDutchDate(invoice.due_date),
        iban: seller.iban ?? '',
        name: seller.name,
        number: invoice.number,
      }),
    );
  return pdf.save();
}

/** The last day to pay after the fourteen-day letter: 14 days after the day after it is sent. */
export const letterDeadline = (sentDay: string) => plusDays(sentDay, 15);

/** The fourteen-day letter (art. 6:96 lid 6 BW): the amount, the term, the costs that would apply. */
export async function letterPdf(
  invoice: Invoice,
  input: { seller: InvoicePartyRecord; language: Language },
): Promise<Uint8Array> {
  const t = translator(input.language, 'invoicePdf');
  const sentDay = amsterdamDay(new Date(invoice.letter_sent_at ?? Date.now()));
  const amount = formatEuro(invoice.total_cents);
  const pdf = await PdfWriter.create({
    title: `${t('letterTitle')} ${invoice.number ?? ''}`,
    author: input.seller.name,
    language: input.language,
  });
  pdf.text(partyLines(t, input.seller).join('\n'), { gap: 12 });
  pdf.text(partyLines(t, { ...invoice.recipient_details, iban: null }).join('\n'), { gap: 12 });
  pdf.text(formatDutchDate(sentDay), { gap: 12 });
  pdf.text(t('letterTitle'), { size: 16, bold: true, gap: 8 });
  pdf.text(t('letterSubject', { number: invoice.number ?? '', amount }), { bold: true, gap: 10 });
  pdf.text(
    t('letterBody', {
      number: invoice.number ?? '',
      amount,
      issue_date: formatDutchDate(invoice.issue_date ?? sentDay),
      due_date: formatDutchDate(invoice.due_date ?? sentDay),
      letter_date: formatDutchDate(sentDay),
    }),
    { gap: 8 },
  );
  pdf.text(
    t('letterDeadline', {
      amount,
      deadline: formatDutchDate(letterDeadline(sentDay)),
      iban: input.seller.iban ?? '',
      name: input.seller.name,
      number: invoice.number ?? '',
    }),
    { gap: 8 },
  );
  pdf.text(t('letterCosts', { costs: formatEuro(getCollectionCosts(invoice.total_cents)) }), { gap: 8 });
  pdf.text(t('letterLaw'), { gap: 12 });
  pdf.text(t('letterClose'));
  pdf.text(input.seller.name);
  return pdf.save();
}

// ---------------------------------------------------------------------------------------------
// UBL 2.1, NLCIUS (EN 16931)

export const NLCIUS_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0';
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const money = (cents: number) => (cents / 100).toFixed(2);
/** ISO 6523 ICD of the Dutch KvK number (the Chamber of Commerce). */
const KVK_SCHEME = '0106';
/** UNCL 5305: S standard rate, Z zero rated. */
const vatCategory = (rate: number) => (rate === 0 ? 'Z' : 'S');

/**
 * The e-invoice of an issued employer invoice (or its credit note): UBL 2.1 Invoice (type code 380)
 * or CreditNote (381) with the NLCIUS customization; the seller's and the buyer's KvK numbers as
 * legal registration and electronic address (scheme 0106), VAT per category, totals equal to the
 * PDF's. The rules it meets are listed in docs/invoices.md and checked by nlcius.test.ts.
 */
export function invoiceUbl(
  invoice: Invoice,
  input: { seller: InvoicePartyRecord; creditsNumber: string | null },
): string {
  const isCredit = invoice.credits !== null;
  const root = isCredit ? 'CreditNote' : 'Invoice';
  // A credit note states positive amounts; its type says it credits.
  const sign = isCredit ? -1 : 1;
  const doc = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    `urn:oasis:names:specification:ubl:schema:xsd:${root}-2`,
    root,
    {
      'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
      'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
    },
  );
  doc.ele('cbc:CustomizationID').txt(NLCIUS_CUSTOMIZATION_ID);
  doc.ele('cbc:ProfileID').txt(PEPPOL_PROFILE_ID);
  doc.ele('cbc:ID').txt(invoice.number ?? '');
  doc.ele('cbc:IssueDate').txt(invoice.issue_date ?? '');
  if (!isCredit && invoice.due_date) doc.ele('cbc:DueDate').txt(invoice.due_date);
  doc.ele(isCredit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode').txt(isCredit ? '381' : '380');
  doc.ele('cbc:DocumentCurrencyCode').txt('EUR');
  doc.ele('cbc:BuyerReference').txt(invoice.reference ?? invoice.number ?? '');
  if (invoice.service_period) {
    const period = doc.ele('cac:InvoicePeriod');
    period.ele('cbc:StartDate').txt(invoice.service_period.from);
    period.ele('cbc:EndDate').txt(invoice.service_period.to);
  }
  if (isCredit && input.creditsNumber)
    doc.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference').ele('cbc:ID').txt(input.creditsNumber);

  const party = (tag: string, p: InvoicePartyRecord) => {
    const node = doc.ele(tag).ele('cac:Party');
    // The electronic address (BT-34/BT-49): the KvK number, scheme 0106.
    if (p.kvk) node.ele('cbc:EndpointID', { schemeID: KVK_SCHEME }).txt(p.kvk);
    node.ele('cac:PartyName').ele('cbc:Name').txt(p.name);
    const address = node.ele('cac:PostalAddress');
    if (p.address_lines[0]) address.ele('cbc:StreetName').txt(p.address_lines[0]);
    const town = p.address_lines[1] ?? '';
    const match = /^(\d{4}\s?[A-Z]{2})\s+(.*)$/.exec(town);
    if (match?.[2]) address.ele('cbc:CityName').txt(match[2]);
    else if (town) address.ele('cbc:CityName').txt(town);
    if (match?.[1]) address.ele('cbc:PostalZone').txt(match[1]);
    address.ele('cac:Country').ele('cbc:IdentificationCode').txt('NL');
    if (p.vat_id) {
      const tax = node.ele('cac:PartyTaxScheme');
      tax.ele('cbc:CompanyID').txt(p.vat_id);
      tax.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
    }
    const legal = node.ele('cac:PartyLegalEntity');
    legal.ele('cbc:RegistrationName').txt(p.name);
    // BR-NL-1 (the seller) and BR-NL-10 (a Dutch buyer): the KvK number as legal registration, scheme 0106.
    if (p.kvk) legal.ele('cbc:CompanyID', { schemeID: KVK_SCHEME }).txt(p.kvk);
    if (p.contact_name || p.email) {
      const contact = node.ele('cac:Contact');
      if (p.contact_name) contact.ele('cbc:Name').txt(p.contact_name);
      if (p.email) contact.ele('cbc:ElectronicMail').txt(p.email);
    }
  };
  party('cac:AccountingSupplierParty', input.seller);
  party('cac:AccountingCustomerParty', invoice.recipient_details);

  if (!isCredit && input.seller.iban) {
    const means = doc.ele('cac:PaymentMeans');
    means.ele('cbc:PaymentMeansCode').txt('58'); // SEPA credit transfer
    means.ele('cbc:PaymentID').txt(invoice.number ?? '');
    // The IBAN only: NLCIUS advises against the account name (BR-NL-30).
    means.ele('cac:PayeeFinancialAccount').ele('cbc:ID').txt(input.seller.iban);
  }

  const tax = doc.ele('cac:TaxTotal');
  tax.ele('cbc:TaxAmount', { currencyID: 'EUR' }).txt(money(sign * invoice.vat_cents));
  for (const vat of invoice.vat_breakdown) {
    const sub = tax.ele('cac:TaxSubtotal');
    sub.ele('cbc:TaxableAmount', { currencyID: 'EUR' }).txt(money(sign * vat.base_cents));
    sub.ele('cbc:TaxAmount', { currencyID: 'EUR' }).txt(money(sign * vat.vat_cents));
    const category = sub.ele('cac:TaxCategory');
    category.ele('cbc:ID').txt(vatCategory(vat.vat_rate));
    category.ele('cbc:Percent').txt(String(vat.vat_rate));
    category.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  }

  const totals = doc.ele('cac:LegalMonetaryTotal');
  totals.ele('cbc:LineExtensionAmount', { currencyID: 'EUR' }).txt(money(sign * invoice.subtotal_cents));
  totals.ele('cbc:TaxExclusiveAmount', { currencyID: 'EUR' }).txt(money(sign * invoice.subtotal_cents));
  totals.ele('cbc:TaxInclusiveAmount', { currencyID: 'EUR' }).txt(money(sign * invoice.total_cents));
  totals.ele('cbc:PayableAmount', { currencyID: 'EUR' }).txt(money(sign * invoice.total_cents));

  invoice.lines.forEach((line, index) => {
    const node = doc.ele(isCredit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    node.ele('cbc:ID').txt(String(index + 1));
    node
      .ele(isCredit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', { unitCode: 'C62' })
      .txt(String(line.quantity));
    node.ele('cbc:LineExtensionAmount', { currencyID: 'EUR' }).txt(money(sign * line.total_cents));
    const item = node.ele('cac:Item');
    item.ele('cbc:Name').txt(line.description);
    const category = item.ele('cac:ClassifiedTaxCategory');
    category.ele('cbc:ID').txt(vatCategory(line.vat_rate));
    category.ele('cbc:Percent').txt(String(line.vat_rate));
    category.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
    node
      .ele('cac:Price')
      .ele('cbc:PriceAmount', { currencyID: 'EUR' })
      .txt(money(sign * line.unit_price_cents));
  });
  return doc.end({ prettyPrint: true });
}
