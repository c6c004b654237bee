import { z } from 'zod';

export const QuestionSchema = z.object({ id: z.string().uuid(), text: z.string(), answer: z.string().nullable() });
export type Question = z.infer<typeof QuestionSchema>;
export const QuestionListResponseSchema = z.object({ data: z.array(QuestionSchema) });

export const FinalizationQuestionSchema = z.object({
  id: z.string().uuid(),
  question: z.string(),
  answer: z.string().nullable(),
  placeholder: z.string().nullable(),
});
export type FinalizationQuestion = z.infer<typeof FinalizationQuestionSchema>;
export const FinalizationQuestionListResponseSchema = z.object({ data: z.array(FinalizationQuestionSchema) });

/** Lenient story answers: an empty answer is sent as null; there must be something to send. */
export const AnswersRequestSchema = z
  .object({
    questions: z
      .array(z.object({ id: z.string().uuid(), answer: z.string().trim().max(10_000).nullable() }).strict())
      .min(1, 'Er is niets om op te slaan.')
      .max(100),
  })
  .strict();
export type AnswersRequest = z.infer<typeof AnswersRequestSchema>;

export const FINALIZATION_REQUIRED_MESSAGE = 'Alle velden moeten ingevuld zijn.';
/** Finalisation answers: all required, blank after trimming is refused. */
export const FinalizationAnswersRequestSchema = z
  .object({
    questions: z
      .array(z.object({ id: z.string().uuid(), answer: z.string().trim().min(1, FINALIZATION_REQUIRED_MESSAGE).max(10_000) }).strict())
      .min(1, FINALIZATION_REQUIRED_MESSAGE)
      .max(100),
  })
  .strict();
export type FinalizationAnswersRequest = z.infer<typeof FinalizationAnswersRequestSchema>;
