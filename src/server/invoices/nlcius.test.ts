import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../contract/invoices';
import { contactPersons } from '../infra/db/schema';
import { createCaseAt, createTestContext, type TestContext } from '../infra/testing/harness';

/**
 * The employer's e-invoice against the rules of NLCIUS (the Dutch CIUS of EN 16931, SI-UBL 2.0) and of EN 16931 that
 * apply to the firm's invoices: no online validator runs in a test, so each rule is checked here on the file itself,
 * named by its id. docs/invoices.md lists them with their sources.
 */

const NLCIUS = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:nen.nl:nlcius:v1.0';
const PEPPOL_BILLING = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

type Node = Record<string, unknown>;
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['InvoiceLine', 'CreditNoteLine', 'TaxSubtotal', 'PaymentMeans'].includes(name),
});

/** The value of a path (`Party.PartyName.Name`): its text, or undefined. */
function at(node: unknown, path: string): string | undefined {
  let current: unknown = node;
  for (const step of path.split('.')) current = (current as Node | undefined)?.[step];
  if (current === undefined || current === null) return undefined;
  if (typeof current === 'object') return (current as Node)['#text'] as string | undefined;
  return String(current);
}
const attr = (node: unknown, path: string, name: string): string | undefined => {
  let current: unknown = node;
  for (const step of path.split('.')) current = (current as Node | undefined)?.[step];
  return (current as Node | undefined)?.[`@${name}`] as string | undefined;
};
/** Amounts compared in cents, so no floating point decides a rule. */
const cents = (value: string | undefined) => Math.round(Number(value) * 100);

/** Every rule the file breaks, as 'RULE-ID: what'. An empty list is a pass. */
function nlciusViolations(xml: string): string[] {
  const parsed = parser.parse(xml) as Node;
  const isCredit = 'CreditNote' in parsed;
  const doc = (isCredit ? parsed.CreditNote : parsed.Invoice) as Node;
  const out: string[] = [];
  const check = (ok: boolean, rule: string) => {
    if (!ok) out.push(rule);
  };
  const isDay = (value: string | undefined) => value !== undefined && /^\d{4}-\d{2}-\d{2}$/.test(value);

  check(at(doc, 'CustomizationID') === NLCIUS, 'BT-24: CustomizationID is the NLCIUS one');
  check(at(doc, 'ProfileID') === PEPPOL_BILLING, 'BT-23: ProfileID is the Peppol billing process');
  // BR-NL-7 and BR-NL-8: 380 is an Invoice document, 381 a CreditNote document.
  check(
    isCredit ? at(doc, 'CreditNoteTypeCode') === '381' : at(doc, 'InvoiceTypeCode') === '380',
    'BR-NL-7/BR-NL-8: type code 380 in an Invoice, 381 in a CreditNote',
  );
  check(Boolean(at(doc, 'ID')), 'BR-02: an invoice number');
  check(isDay(at(doc, 'IssueDate')), 'BR-03: an issue date as YYYY-MM-DD');
  if (!isCredit) check(isDay(at(doc, 'DueDate')), 'BR-CO-25: a due date as YYYY-MM-DD for an amount due');
  const period = doc.InvoicePeriod as Node | undefined;
  if (period) {
    check(isDay(at(period, 'StartDate')) && isDay(at(period, 'EndDate')), 'BG-14: period dates as YYYY-MM-DD');
    check((at(period, 'StartDate') ?? '') <= (at(period, 'EndDate') ?? ''), 'BR-29: the period ends after it starts');
  }
  check(at(doc, 'DocumentCurrencyCode') === 'EUR', 'BR-05: the currency is EUR');
  const currencies = [...xml.matchAll(/currencyID="([^"]*)"/g)].map((m) => m[1]);
  check(
    currencies.length > 0 && currencies.every((c) => c === 'EUR'),
    'BR-NL-33: every amount in the document currency',
  );
  check(Boolean(at(doc, 'BuyerReference') ?? at(doc, 'OrderReference.ID')), 'BR-NL-2: a buyer or order reference');
  if (isCredit)
    check(
      Boolean(at(doc, 'BillingReference.InvoiceDocumentReference.ID')),
      'BR-55: a credit note refers to the invoice it credits',
    );

  // The seller (BG-4) and the buyer (BG-7), both in the Netherlands.
  const seller = (doc.AccountingSupplierParty as Node).Party as Node;
  const buyer = (doc.AccountingCustomerParty as Node).Party as Node;
  check(at(seller, 'PostalAddress.Country.IdentificationCode') === 'NL', 'BR-09: the seller is in the Netherlands');
  check(
    attr(seller, 'PartyLegalEntity.CompanyID', 'schemeID') === '0106' &&
      /^\d{8}$/.test(at(seller, 'PartyLegalEntity.CompanyID') ?? ''),
    'BR-NL-1: the seller names its KvK number, scheme 0106',
  );
  for (const [party, rule] of [
    [seller, 'BR-NL-3: the seller'],
    [buyer, 'BR-NL-4: the buyer'],
  ] as const)
    check(
      ['StreetName', 'CityName', 'PostalZone'].every((field) => Boolean(at(party, `PostalAddress.${field}`))),
      `${rule}'s address has street, city and postcode`,
    );
  check(Boolean(at(seller, 'PartyLegalEntity.RegistrationName')), 'BR-06: the seller name');
  check(Boolean(at(buyer, 'PartyLegalEntity.RegistrationName')), 'BR-07: the buyer name');
  check(
    at(buyer, 'PostalAddress.Country.IdentificationCode') !== 'NL' ||
      (attr(buyer, 'PartyLegalEntity.CompanyID', 'schemeID') === '0106' &&
        /^\d{8}$/.test(at(buyer, 'PartyLegalEntity.CompanyID') ?? '')),
    "BR-NL-10: a Dutch buyer's KvK number, scheme 0106",
  );
  check(
    /^NL\d{9}B\d{2}$/.test(at(seller, 'PartyTaxScheme.CompanyID') ?? '') &&
      at(seller, 'PartyTaxScheme.TaxScheme.ID') === 'VAT',
    "BR-S-02/BR-CO-09: the seller's VAT id with its country prefix",
  );

  // Payment (BG-16): a credit transfer to the firm's IBAN.
  const payable = cents(at(doc, 'LegalMonetaryTotal.PayableAmount'));
  const means = (doc.PaymentMeans as Node[] | undefined) ?? [];
  if (!isCredit) check(payable <= 0 || means.length > 0, 'BR-NL-11: a means of payment for an amount due');
  for (const mean of means) {
    check(['30', '58'].includes(at(mean, 'PaymentMeansCode') ?? ''), 'BR-NL-12: payment means code 30 or 58');
    check(
      /^NL\d{2}[A-Z]{4}\d{10}$/.test(at(mean, 'PayeeFinancialAccount.ID') ?? ''),
      'BR-61: a credit transfer names the IBAN',
    );
    check(at(mean, 'PayeeFinancialAccount.Name') === undefined, 'BR-NL-30: no account name');
  }

  // The sums (BG-22) and the VAT breakdown (BG-23).
  const lines = ((isCredit ? doc.CreditNoteLine : doc.InvoiceLine) as Node[] | undefined) ?? [];
  check(lines.length > 0, 'BR-16: at least one line');
  for (const line of lines) {
    const quantity = Number(at(line, isCredit ? 'CreditedQuantity' : 'InvoicedQuantity'));
    const price = cents(at(line, 'Price.PriceAmount'));
    check(price >= 0, 'BR-27: no negative item price');
    check(quantity * price === cents(at(line, 'LineExtensionAmount')), 'BR-LINE: line amount = quantity × price');
  }
  const total = (name: string) => cents(at(doc, `LegalMonetaryTotal.${name}`));
  const lineSum = lines.reduce((sum, line) => sum + cents(at(line, 'LineExtensionAmount')), 0);
  check(total('LineExtensionAmount') === lineSum, 'BR-CO-10: sum of line amounts');
  check(total('TaxExclusiveAmount') === total('LineExtensionAmount'), 'BR-CO-13: total without VAT');
  const taxTotal = cents(at(doc, 'TaxTotal.TaxAmount'));
  check(total('TaxInclusiveAmount') === total('TaxExclusiveAmount') + taxTotal, 'BR-CO-15: total with VAT');
  check(total('PayableAmount') === total('TaxInclusiveAmount'), 'BR-CO-16: amount due');
  const subtotals = ((doc.TaxTotal as Node).TaxSubtotal as Node[] | undefined) ?? [];
  check(
    subtotals.reduce((sum, sub) => sum + cents(at(sub, 'TaxAmount')), 0) === taxTotal,
    'BR-CO-14: VAT total = sum of the breakdown',
  );
  const categories = subtotals.map((sub) => `${at(sub, 'TaxCategory.ID')} ${at(sub, 'TaxCategory.Percent')}`);
  check(new Set(categories).size === categories.length, 'BR-S-08: one breakdown per category and rate');
  for (const sub of subtotals) {
    const category = at(sub, 'TaxCategory.ID');
    const percent = Number(at(sub, 'TaxCategory.Percent'));
    const base = lines
      .filter(
        (line) =>
          at(line, 'Item.ClassifiedTaxCategory.ID') === category &&
          Number(at(line, 'Item.ClassifiedTaxCategory.Percent')) === percent,
      )
      .reduce((sum, line) => sum + cents(at(line, 'LineExtensionAmount')), 0);
    check(cents(at(sub, 'TaxableAmount')) === base, `BR-${category}-08: taxable amount at ${percent} %`);
    const expected = Math.floor((cents(at(sub, 'TaxableAmount')) * percent + 50) / 100);
    check(cents(at(sub, 'TaxAmount')) === expected, `BR-CO-17: VAT at ${percent} %, rounded to the cent`);
    check(
      category === (percent === 0 ? 'Z' : 'S'),
      `BR-S-05/BR-Z-05: category ${category} fits ${percent} % (S above zero, Z at zero)`,
    );
  }
  return out;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'http://portal.test' });
});
afterAll(async () => {
  await ctx?.close();
});

async function employerCase() {
  const setup = await createCaseAt(ctx, 'ready-for-invoicing', { offer: 'start', employer: true });
  await ctx.db.insert(contactPersons).values({
    caseId: setup.caseId,
    position: 1,
    firstName: 'Henk',
    lastName: 'de Vries',
    email: 'henk@werkgever.example',
  });
  return setup;
}

async function post<T>(url: string, headers: Record<string, string>, payload?: unknown, status = 200) {
  const answer = await ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  expect(answer.statusCode, answer.body).toBe(status);
  return answer.json<{ data: T }>().data;
}

describe('the e-invoice (UBL) against NLCIUS and EN 16931', () => {
  it('meets every rule for an invoice with three VAT rates, and for its credit note', async () => {
    const setup = await employerCase();
    const draft = await post<Invoice>(
      `/api/cases/${setup.caseId}/invoices`,
      setup.lawyer,
      {
        recipient: 'employer',
        employer_vat_id: 'NL999999999B01',
        employer_kvk: '87654321',
        lines: [
          // 21 % over 1.500,00 + 3 × 0,45: 315,2835 → 315,28; 9 % over 12,35: 1,1115 → 1,11; the fee at 0 %.
          { description: 'Bijdrage in de kosten van juridische bijstand', quantity: 1, unit_price_cents: 150_000 },
          { description: 'Kopieerkosten', quantity: 3, unit_price_cents: 45, vat_rate: 21 },
          { description: 'Boek arbeidsrecht', quantity: 1, unit_price_cents: 1_235, vat_rate: 9 },
          { description: 'Griffierecht', quantity: 1, unit_price_cents: 8_650, vat_rate: 0 },
        ],
      },
      201,
    );
    const issued = await post<Invoice>(`/api/invoices/${draft.id}/issue`, setup.lawyer);
    expect(issued.recipient_details).toMatchObject({ kvk: '87654321', vat_id: 'NL999999999B01' });
    const ubl = await ctx.app.inject({ url: `/api/invoices/${issued.id}/ubl`, headers: setup.lawyer });
    expect(ubl.statusCode).toBe(200);
    expect(nlciusViolations(ubl.body)).toEqual([]);
    // The totals the rules summed are the invoice's.
    expect(ubl.body).toContain(`<cbc:PayableAmount currencyID="EUR">${(issued.total_cents / 100).toFixed(2)}<`);

    const note = await post<Invoice>(`/api/invoices/${issued.id}/credit`, setup.lawyer, undefined, 201);
    const creditUbl = await ctx.app.inject({ url: `/api/invoices/${note.id}/ubl`, headers: setup.lawyer });
    expect(creditUbl.statusCode).toBe(200);
    expect(creditUbl.body).toContain('<CreditNote ');
    expect(nlciusViolations(creditUbl.body)).toEqual([]);
    expect(creditUbl.body).toContain(
      `<cac:BillingReference>\n    <cac:InvoiceDocumentReference>\n      <cbc:ID>${issued.number}</cbc:ID>`,
    );
  });

  it('names what breaks a rule (the check itself can fail)', () => {
    const broken = `<?xml version="1.0"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${NLCIUS}</cbc:CustomizationID><cbc:ProfileID>${PEPPOL_BILLING}</cbc:ProfileID>
  <cbc:ID>2026-0001</cbc:ID><cbc:IssueDate>08-12-2026</cbc:IssueDate><cbc:DueDate>2026-12-22</cbc:DueDate>
  <cbc:InvoiceTypeCode>381</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cbc:StreetName>Westblaak 180</cbc:StreetName>
    <cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Kantoor</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cbc:StreetName>Blaak 10</cbc:StreetName>
    <cbc:CityName>Rotterdam</cbc:CityName><cbc:PostalZone>3011 TA</cbc:PostalZone>
    <cac:Country><cbc:IdentificationCode>NL</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Werkgever B.V.</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">21.01</cbc:TaxAmount><cac:TaxSubtotal>
    <cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">21.01</cbc:TaxAmount>
    <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
  <cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">100.00</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="USD">121.00</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">121.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine><cbc:ID>1</cbc:ID><cbc:InvoicedQuantity unitCode="C62">1</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Bijstand</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>21</cbc:Percent>
    </cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount>
    </cac:Price></cac:InvoiceLine>
</Invoice>`;
    const rules = nlciusViolations(broken).map((violation) => violation.split(':')[0]);
    expect(rules).toEqual(
      expect.arrayContaining([
        'BR-NL-7/BR-NL-8',
        'BR-03',
        'BR-NL-33',
        'BR-NL-2',
        'BR-NL-1',
        'BR-NL-3',
        'BR-NL-10',
        'BR-S-02/BR-CO-09',
        'BR-NL-11',
        'BR-CO-17',
      ]),
    );
  });
});
