import { z } from 'zod';
import { validationKey } from './validation-messages';

/**
 * Text that a person typed. NUL and the other C0 control characters (and DEL) are refused
 * with a field error (422), because PostgreSQL cannot store NUL and no form produces the
 * others. Multi-line text allows tab, line feed and carriage return; single-line text none.
 * A lone UTF-16 surrogate (JSON `"\ud800"` without its pair) is refused too: it is no
 * character at all, PostgreSQL refuses it in jsonb (22P02, a 500) and stores U+FFFD in text.
 * A surrogate pair (an emoji) is one character and passes.
 */
/** A translation key (contract/validation-messages.ts): 'Dit veld bevat ongeldige tekens.' */
export const CONTROL_CHARACTER_MESSAGE = validationKey('controlCharacters');
/** A translation key: 'Deze tekst bevat een ongeldig teken.' */
export const LONE_SURROGATE_MESSAGE = validationKey('invalidCharacter');

// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
// With the `u` flag a surrogate pair is one code point, so only a lone surrogate falls in this range.
const WELL_FORMED = /^[^\uD800-\uDFFF]*$/u;

/** True when `value` holds a lone UTF-16 surrogate (half of a pair without the other half). */
export function hasLoneSurrogate(value: string): boolean {
  return !WELL_FORMED.test(value);
}

/** True when `value` holds a character that `text()` would refuse. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return !(options.multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/**
 * The base of every string in a request schema: `text()` for one line, `text({ multiline: true })`
 * for free text. It stays a ZodString, so `.trim().min().max().email()` chain as usual.
 */
export function text(
  options: { multiline?: boolean; message?: string; params?: Parameters<typeof z.string>[0] } = {},
): z.ZodString {
  return z
    .string(options.params)
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, options.message ?? CONTROL_CHARACTER_MESSAGE)
    .regex(WELL_FORMED, options.message ?? LONE_SURROGATE_MESSAGE);
}
