import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { createErrorMap, isValidationKey, validationMessage, type Translate } from '../../contract/validation-messages';
import { i18n } from './i18n';

const translate: Translate = (key, values) => i18n.t(key, values ?? {});

/**
 * The resolver of every form: the contract's schema, with the one zod error map of
 * contract/validation-messages.ts in the reader's language ('Dit veld is verplicht.',
 * 'Maximaal 250 tekens.', …), so no form shows the library's English defaults. Texts a schema
 * names by key (which zod does not pass through error maps) go through the same function.
 */
export function formResolver<Schema extends z.ZodTypeAny>(
  schema: Schema,
): Resolver<z.input<Schema> & FieldValues, unknown, z.output<Schema>> {
  const translated = createErrorMap(translate);
  // A schema's own error map (`z.boolean({ errorMap })`) names its key; zod asks this map last,
  // so it keeps that key instead of putting the generic text over it.
  const errorMap: z.ZodErrorMap = (issue, ctx) =>
    isValidationKey(ctx.defaultError) ? { message: ctx.defaultError } : translated(issue, ctx);
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values, { errorMap });
    if (result.success) return { values: result.data as z.output<Schema>, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.length > 0 ? issue.path.join('.') : 'root';
      flat[path] ??= { type: issue.code, message: validationMessage(issue, translate) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

/**
 * `register` option for an optional-looking input whose schema wants a value (a date, a choice):
 * an empty input is sent to the schema as missing, so it says 'Dit veld is verplicht.'
 * instead of a format error.
 */
export const emptyAsMissing = { setValueAs: (value: string) => (value === '' ? undefined : value) };
