import { z } from 'zod';

/** 422: `{message, errors: {field: [text]}}`. */
export const ValidationErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

/** `error_id` is in 500, 503 and 507 answers: the id of the log line, to quote to support. */
export const ErrorResponseSchema = z.object({ message: z.string(), error_id: z.string().optional() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const GENERIC_ERROR_MESSAGE = 'Er is iets fout gegaan. Probeer het later opnieuw.';
