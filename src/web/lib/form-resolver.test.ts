import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validationKey } from '../../contract/validation-messages';
import { formResolver } from './form-resolver';

const resolve = (schema: z.ZodTypeAny, values: Record<string, unknown>) =>
  formResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('formResolver', () => {
  it("keeps the key a schema's own error map names, in the reader's language", async () => {
    const schema = z.object({
      agree: z.literal(true, { errorMap: () => ({ message: validationKey('agreeRequired') }) }),
    });
    const { errors } = await resolve(schema, { agree: false });
    expect(errors.agree?.message).toBe('Je moet akkoord gaan met de opdrachtbevestiging en de algemene voorwaarden.');
  });

  it('gives the generic texts of built-in checks', async () => {
    const { errors } = await resolve(z.object({ name: z.string().min(1), when: z.string() }), { name: '' });
    expect(errors.name?.message).toBe('Dit veld is verplicht.');
    expect(errors.when?.message).toBe('Dit veld is verplicht.');
  });
});
