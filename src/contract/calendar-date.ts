import { text } from './text';
import { validationKey } from './validation-messages';

/**
 * A calendar date as 'YYYY-MM-DD' that exists (no 30 February). Its own module: the appointment
 * contract, which every signed-in page loads, needs it without the admin's schemas.
 */
export const CalendarDateSchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Gebruik het formaat JJJJ-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    validationKey('nonexistentDate'),
  );
