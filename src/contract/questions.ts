import { z } from 'zod';
import { text } from './text';
import { validationKey } from './validation-messages';
import { RowVersionSchema } from './row-version';

/** `version`: the answer's version (0 while unanswered), sent back with a save of that answer. */
export const QuestionSchema = z.object({
  id: z.string().uuid(),
  text: z.string(),
  answer: z.string().nullable(),
  version: RowVersionSchema,
});
export type Question = z.infer<typeof QuestionSchema>;
export const QuestionListResponseSchema = z.object({ data: z.array(QuestionSchema) });

export const FinalizationQuestionSchema = z.object({
  id: z.string().uuid(),
  question: z.string(),
  answer: z.string().nullable(),
  placeholder: z.string().nullable(),
  /** 'date': answered with a date field, sent and stored as YYYY-MM-DD. */
  answer_type: z.enum(['text', 'date']),
});
export type FinalizationQuestion = z.infer<typeof FinalizationQuestionSchema>;
export const FinalizationQuestionListResponseSchema = z.object({ data: z.array(FinalizationQuestionSchema) });

/** Lenient story answers: an empty answer is sent as null; there must be something to send. */
export const AnswersRequestSchema = z
  .object({
    questions: z
      .array(
        z
          .object({
            id: z.string().uuid(),
            answer: text({ multiline: true }).trim().max(10_000).nullable(),
            /** The answer's version the form was loaded with: 409 when it changed since. */
            version: RowVersionSchema.optional(),
          })
          .strict(),
      )
      .min(1, validationKey('nothingToSave'))
      .max(100),
  })
  .strict();
export type AnswersRequest = z.infer<typeof AnswersRequestSchema>;

/** One answer of the strict story form: at least one character, 'Antwoord is verplicht'. */
export const StrictAnswerSchema = text({ multiline: true }).trim().min(1, validationKey('answerRequired')).max(10_000);
/** The strict story form: every answer required (used where a question must be answered). */
export const StrictAnswersRequestSchema = z
  .object({
    questions: z
      .array(z.object({ id: z.string().uuid(), answer: StrictAnswerSchema }).strict())
      .min(1, validationKey('nothingToSave'))
      .max(100),
  })
  .strict();
export type StrictAnswersRequest = z.infer<typeof StrictAnswersRequestSchema>;

/** Translation key of 'Vul een geldige datum in.' (a date question's answer). */
export const FINALIZATION_DATE_MESSAGE = validationKey('finalizationDate');
/** A real calendar day as YYYY-MM-DD. */
export const isCalendarDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Translation key of 'Alle velden moeten ingevuld zijn.' */
export const FINALIZATION_REQUIRED_MESSAGE = validationKey('allFieldsRequired');
/** Finalisation answers: all required, blank after trimming is refused. */
export const FinalizationAnswersRequestSchema = z
  .object({
    questions: z
      .array(
        z
          .object({
            id: z.string().uuid(),
            answer: text({ multiline: true }).trim().min(1, FINALIZATION_REQUIRED_MESSAGE).max(10_000),
          })
          .strict(),
      )
      .min(1, FINALIZATION_REQUIRED_MESSAGE)
      .max(100),
  })
  .strict();
export type FinalizationAnswersRequest = z.infer<typeof FinalizationAnswersRequestSchema>;
