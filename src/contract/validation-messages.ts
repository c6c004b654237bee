import type { z } from 'zod';

/**
 * Validation texts in the reader's language. Every issue a contract schema raises is
 * turned into a translation key under `validation.` plus its values (the limit of a too-long
 * text, …), by one function used on both sides: the web app's forms (error map of the form
 * resolver) and the server's 422 answers (in the request's `Accept-Language`).
 *
 * Schemas set no text of their own: built-in checks are recognised by their issue code
 * (`min(1)` = required, `max(n)` = too long, `email()` …); a product-specific text is named by
 * its key, either as the check's message (`validationKey('answerRequired')`) or, for a custom
 * issue with values, as `params: { key, …values }`.
 */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export const VALIDATION_KEY_PREFIX = 'validation.';

/** The message of a check that names its own text: `text().min(1, validationKey('answerRequired'))`. */
export const validationKey = (name: string) => `${VALIDATION_KEY_PREFIX}${name}`;

export const isValidationKey = (message: string | undefined): message is string =>
  !!message && message.startsWith(VALIDATION_KEY_PREFIX) && /^[a-zA-Z.]+$/.test(message);

type IssueLike = {
  code: string;
  message?: string | undefined;
  minimum?: number | bigint;
  maximum?: number | bigint;
  exact?: boolean;
  type?: string;
  validation?: unknown;
  received?: unknown;
  keys?: string[];
  params?: Record<string, unknown>;
};

/** The translation key and values of one issue. */
export function issueKey(issue: IssueLike): { key: string; values: Record<string, string | number> } {
  const min = issue.minimum === undefined ? undefined : Number(issue.minimum);
  const max = issue.maximum === undefined ? undefined : Number(issue.maximum);
  const values: Record<string, string | number> = {};
  if (min !== undefined) values.min = min;
  if (max !== undefined) values.max = max;
  if (issue.code === 'custom' && issue.params && typeof issue.params.key === 'string') {
    for (const [name, value] of Object.entries(issue.params))
      if (typeof value === 'string' || typeof value === 'number') values[name] = value;
    return { key: validationKey(issue.params.key), values };
  }
  if (isValidationKey(issue.message)) return { key: issue.message, values };
  switch (issue.code) {
    case 'too_small':
      if (issue.type === 'string') {
        if (issue.exact) return { key: validationKey('exactLength'), values: { ...values, length: min ?? 0 } };
        return { key: validationKey((min ?? 0) <= 1 ? 'required' : 'tooShort'), values };
      }
      if (issue.type === 'array' || issue.type === 'set')
        return { key: validationKey((min ?? 0) <= 1 ? 'required' : 'tooFewItems'), values };
      return { key: validationKey('tooSmallNumber'), values };
    case 'too_big':
      if (issue.type === 'string') {
        if (issue.exact) return { key: validationKey('exactLength'), values: { ...values, length: max ?? 0 } };
        return { key: validationKey('tooLong'), values };
      }
      if (issue.type === 'array' || issue.type === 'set') return { key: validationKey('tooManyItems'), values };
      return { key: validationKey('tooBigNumber'), values };
    case 'invalid_string':
      return {
        key: validationKey(
          issue.validation === 'email' ? 'invalidEmail' : issue.validation === 'uuid' ? 'invalidId' : 'invalid',
        ),
        values,
      };
    case 'invalid_type':
      return {
        key: validationKey(issue.received === 'undefined' || issue.received === 'null' ? 'required' : 'invalidType'),
        values,
      };
    case 'invalid_enum_value':
    case 'invalid_literal':
    case 'invalid_union':
    case 'invalid_union_discriminator':
      return { key: validationKey('invalidChoice'), values };
    case 'unrecognized_keys':
      return { key: validationKey('unknownField'), values: { keys: (issue.keys ?? []).join(', ') } };
    case 'invalid_date':
      return { key: validationKey('invalidDate'), values };
    default:
      return { key: validationKey('invalid'), values };
  }
}

/** The text of one issue in the language of `translate`. */
export function validationMessage(issue: IssueLike, translate: Translate): string {
  // A custom check with a text of its own that is not yet a key keeps that text.
  if (
    issue.code === 'custom' &&
    !issue.params?.key &&
    issue.message &&
    issue.message !== 'Invalid input' &&
    !isValidationKey(issue.message)
  )
    return issue.message;
  const { key, values } = issueKey(issue);
  return translate(key, values);
}

/** The one zod error map: every issue without a text of its own, in the language of `translate`. */
export function createErrorMap(translate: Translate): z.ZodErrorMap {
  return (issue) => ({ message: validationMessage(issue as IssueLike, translate) });
}

/** Interpolates `{{name}}` in a translation (the server's tiny i18next equivalent). */
export function interpolate(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
