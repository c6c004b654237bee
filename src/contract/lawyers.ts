import { z } from 'zod';
import { QuestionSchema } from './questions';
import { AvailabilityEntrySchema } from './users';

export const DEFAULT_LAWYER_TITLE = 'Arbeidsrechtjurist';
export const DEFAULT_LAWYER_QUOTE = 'We helpen je graag verder.';

export const LawyerAnswerSchema = z.object({
  question_id: z.string().uuid(),
  question: z.string(),
  answer: z.string().nullable(),
});

/** A case's lawyer as the client sees them. */
export const LawyerSchema = z.object({
  id: z.string().uuid(),
  avatar: z.string().nullable(),
  name: z.string().nullable(),
  last_name: z.string().nullable(),
  full_name: z.string(),
  title: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  postcode: z.string().nullable(),
  house_number: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  quote: z.string().nullable(),
  answers: z.array(LawyerAnswerSchema),
  availability: z.array(AvailabilityEntrySchema),
  /** The lawyer's story questions with their answers. */
  questions: z.array(QuestionSchema),
  /** Set while this lawyer stands in on the case (dates YYYY-MM-DD, inclusive): 'Vervangend jurist'. */
  stand_in: z.object({ from: z.string(), until: z.string() }).nullable().optional(),
});
export type Lawyer = z.infer<typeof LawyerSchema>;
