import { z } from 'zod';

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

const max250 = 'Maximaal 250 tekens.';
const optional250 = z.string().trim().max(250, max250).nullable().optional();

/** Validation rules of SPEC section 5 for one contact person. */
export const ContactPersonInputSchema = z
  .object({
    first_name: z.string().trim().min(1, 'Required').max(250, max250),
    infix: optional250,
    last_name: z.string().trim().min(1, 'Required').max(250, max250),
    job_title: optional250,
    email: z.string().trim().max(254).email('Invalid email'),
    phone_number: z.string().trim().max(50).nullable().optional(),
  })
  .strict();
export type ContactPersonInput = z.infer<typeof ContactPersonInputSchema>;

/** POST /api/cases/{id}/contact-persons: the whole list, replacing what was there. */
export const UpdateContactPersonsRequestSchema = z
  .object({ contact_persons: z.array(ContactPersonInputSchema).max(MAX_CONTACT_PERSONS, `Maximaal ${MAX_CONTACT_PERSONS} contactpersonen.`) })
  .strict();
export type UpdateContactPersonsRequest = z.infer<typeof UpdateContactPersonsRequestSchema>;
export const ContactPersonListResponseSchema = z.object({ data: z.array(ContactPersonSchema) });
