import { describe, expect, expectTypeOf, it } from 'vitest';
import { SettlementSchema, type Settlement } from './settlement';
import { SettlementSummarySchema, type SettlementSummary } from './settlement-summary';

describe('the settlement summary', () => {
  it('is what every whole settlement answer is too (checked by the typecheck)', () => {
    expectTypeOf<Settlement>().toMatchTypeOf<SettlementSummary>();
  });

  it('has every field of the whole answer under the same name', () => {
    const whole = Object.keys(SettlementSchema.shape);
    for (const key of Object.keys(SettlementSummarySchema.shape)) expect(whole).toContain(key);
  });
});
