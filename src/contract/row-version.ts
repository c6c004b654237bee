import { z } from 'zod';

/**
 * The version of a record a form saves as a whole (the profile, the availability, the employer
 * data, the contact-person list, one story answer). A read answers it; a save sends back the
 * version its form was loaded with and is refused with 409 (`STALE_WRITE_MESSAGE`) when the
 * record has changed since. A save without it is applied as before (older clients).
 * 0 is the version of a record that does not exist yet (an unanswered question).
 */
export const RowVersionSchema = z.number().int().min(0).max(2_147_483_647);

/** Translation key of 'Deze gegevens zijn intussen ergens anders gewijzigd. Vernieuw de pagina.' */
export const STALE_WRITE_MESSAGE = 'errors.server.staleWrite';
