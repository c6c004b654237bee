import { z } from 'zod';
import { parseEuroInput } from '../../../contract/rules/settlement-format';

/**
 * An amount in euros as a person types it ('750', '1.234,56') read into cents; anything else is
 * 'Vul een bedrag in euro in, zoals 750 of 1.234,56.' The cents then go through `cents`, the
 * contract's own check of the field.
 */
export const euroField = (cents: z.ZodNumber) =>
  z
    .string()
    .transform((value, ctx) => {
      const parsed = parseEuroInput(value);
      if (parsed === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, params: { key: 'invoiceAmount' } });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(cents);
