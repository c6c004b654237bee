import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';
import { RowVersionSchema } from './row-version';

export const MAX_CONTACT_PERSONS = 3;

export const ContactPersonSchema = z.object({
  id: z.string().uuid(),
  first_name: z.string(),
  infix: z.string().nullable(),
  last_name: z.string(),
  job_title: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
});
export type ContactPerson = z.infer<typeof ContactPersonSchema>;

const optional250 = text().trim().max(250).nullable().optional();

/** Validation rules for one contact person. */
export const ContactPersonInputSchema = z
  .object({
    first_name: text().trim().min(1).max(250),
    infix: optional250,
    last_name: text().trim().min(1).max(250),
    job_title: optional250,
    email: text().trim().max(254).email(),
    phone_number: text().trim().max(50).nullable().optional(),
  })
  .strict();
export type ContactPersonInput = z.infer<typeof ContactPersonInputSchema>;

/** POST /api/cases/{id}/contact-persons: the whole list, replacing what was there. */
export const UpdateContactPersonsRequestSchema = z
  .object({
    contact_persons: z.array(ContactPersonInputSchema).max(MAX_CONTACT_PERSONS, validationKey('tooManyContactPersons')),
    /**
     * The list's version the form was loaded with (`contact_persons_version` of the case): 409 when it changed since.
     */
    version: RowVersionSchema.optional(),
  })
  .strict();
export type UpdateContactPersonsRequest = z.infer<typeof UpdateContactPersonsRequestSchema>;
/** The list and its version (`meta.version`, as the case's `contact_persons_version`). */
export const ContactPersonListResponseSchema = z.object({
  data: z.array(ContactPersonSchema),
  meta: z.object({ version: RowVersionSchema }),
});
