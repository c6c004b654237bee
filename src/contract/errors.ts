import { z } from 'zod';

/** 422: `{message, errors: {field: [text]}}` (SPEC section 8). */
export const ValidationErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof ValidationErrorResponseSchema>;

export const ErrorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export const UNAUTHENTICATED_MESSAGE = 'Unauthenticated.';
export const GENERIC_ERROR_MESSAGE = 'Er is iets fout gegaan. Probeer het later opnieuw.';
