import { text } from '../text';
import { validationKey } from '../validation-messages';

/** A Dutch postcode as typed: four digits (not starting with 0), any spaces, two letters in any case. */
const TYPED = /^([1-9][0-9]{3})\s*([A-Za-z]{2})$/;

/** '3011 ad', '3011AD', ' 3011  AD ' → '3011 AD'; null when it is not a Dutch postcode. */
export function normalisePostcode(value: string): string | null {
  const match = TYPED.exec(value.trim());
  return match ? `${match[1]} ${match[2]!.toUpperCase()}` : null;
}

export const POSTCODE_MESSAGE = validationKey('postcode');

/** A required postcode, stored and shown as '1234 AB' (both the forms and the server use it). */
export const PostcodeSchema = text()
  .trim()
  .min(1)
  .max(20)
  // Blank is min(1)'s 'Dit veld is verplicht.' alone.
  .refine((value) => value === '' || normalisePostcode(value) !== null, POSTCODE_MESSAGE)
  .transform((value) => normalisePostcode(value) ?? value);

/** An optional postcode: blank or null is stored as null, anything else must be a Dutch postcode. */
export const OptionalPostcodeSchema = text()
  .trim()
  .max(20)
  .nullable()
  .optional()
  .refine((value) => !value || normalisePostcode(value) !== null, POSTCODE_MESSAGE)
  .transform((value) => (value ? (normalisePostcode(value) ?? value) : value === undefined ? undefined : null));
