import { describe, expect, it } from 'vitest';
import { getInvoiceTotals, vatOf } from './invoice-totals';

describe('invoice VAT', () => {
  it('rounds half up: € 0,50 of VAT-cent fraction goes up, below it goes down', () => {
    expect(vatOf(50, 21)).toBe(11); // 10,5 → 11
    expect(vatOf(2, 21)).toBe(0); // 0,42 → 0
    expect(vatOf(150, 9)).toBe(14); // 13,5 → 14
    expect(vatOf(161, 9)).toBe(14); // 14,49 → 14
  });

  it('rounds once over the invoice, not per line', () => {
    // Three lines of € 0,50: per line 10,5 → 11 each (33); over the invoice 31,5 → 32.
    const line = { quantity: 1, unit_price_cents: 50, vat_rate: 21 };
    const totals = getInvoiceTotals([line, line, line]);
    expect(totals.vat_cents).toBe(32);
    expect(totals.subtotal_cents).toBe(150);
    expect(totals.total_cents).toBe(182);
  });

  it('keeps a separate base and VAT per rate', () => {
    const totals = getInvoiceTotals([
      { quantity: 2, unit_price_cents: 12_345, vat_rate: 21 },
      { quantity: 1, unit_price_cents: 1_050, vat_rate: 9 },
      { quantity: 1, unit_price_cents: 4_000, vat_rate: 0 },
      { quantity: 1, unit_price_cents: 5, vat_rate: 21 },
    ]);
    expect(totals.vat_breakdown).toEqual([
      { vat_rate: 21, base_cents: 24_695, vat_cents: 5_186 }, // 5185,95
      { vat_rate: 9, base_cents: 1_050, vat_cents: 95 }, // 94,5
      { vat_rate: 0, base_cents: 4_000, vat_cents: 0 },
    ]);
    expect(totals.vat_cents).toBe(5_281);
    expect(totals.total_cents).toBe(24_695 + 1_050 + 4_000 + 5_281);
  });

  it('mirrors an invoice exactly on its credit note', () => {
    const lines = [{ quantity: 3, unit_price_cents: 50, vat_rate: 21 }];
    const invoice = getInvoiceTotals(lines);
    const credit = getInvoiceTotals(lines.map((l) => ({ ...l, unit_price_cents: -l.unit_price_cents })));
    expect(credit.total_cents).toBe(-invoice.total_cents);
    expect(credit.vat_cents).toBe(-invoice.vat_cents);
  });

  it('gives the package price plus 21 %', () => {
    const totals = getInvoiceTotals([{ quantity: 1, unit_price_cents: 75_000, vat_rate: 21 }]);
    expect(totals).toMatchObject({ subtotal_cents: 75_000, vat_cents: 15_750, total_cents: 90_750 });
  });
});
