/**
 * The totals of an invoice (art. 35a Wet OB): each line's amount is quantity × unit price
 * excluding VAT; the VAT is computed per rate over the whole invoice and rounded once, half up
 * to a cent (a credit note's negative amounts round away from zero, mirroring the invoice they
 * credit). Integer arithmetic only.
 */
export type TotalsLine = { quantity: number; unit_price_cents: number; vat_rate: number };

export type InvoiceTotals = {
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  /** Highest rate first. */
  vat_breakdown: { vat_rate: number; base_cents: number; vat_cents: number }[];
};

/** amount × percent / 100, rounded half up (away from zero for a negative amount). */
export function vatOf(baseCents: number, percent: number): number {
  const sign = baseCents < 0 ? -1 : 1;
  const product = Math.abs(baseCents) * percent;
  return sign * Math.floor((product + 50) / 100);
}

export function lineTotal(line: TotalsLine): number {
  return line.quantity * line.unit_price_cents;
}

export function getInvoiceTotals(lines: readonly TotalsLine[]): InvoiceTotals {
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.vat_rate, (bases.get(line.vat_rate) ?? 0) + lineTotal(line));
  const vat_breakdown = [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([vat_rate, base_cents]) => ({ vat_rate, base_cents, vat_cents: vatOf(base_cents, vat_rate) }));
  const subtotal_cents = vat_breakdown.reduce((sum, row) => sum + row.base_cents, 0);
  const vat_cents = vat_breakdown.reduce((sum, row) => sum + row.vat_cents, 0);
  return { subtotal_cents, vat_cents, total_cents: subtotal_cents + vat_cents, vat_breakdown };
}
