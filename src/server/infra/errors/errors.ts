import { STALE_WRITE_MESSAGE } from '../../../contract/row-version';

export type ErrorCode =
  'unauthenticated' | 'forbidden' | 'not_found' | 'validation' | 'too_many_requests' | 'payload_too_large' | 'conflict';

const STATUS: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  validation: 422,
  too_many_requests: 429,
  payload_too_large: 413,
  conflict: 409,
};

/**
 * The one coded error type routes throw; the error handler maps it to the answer. Its message
 * (and every field error) is a translation key of public/i18n (errors.…, validation.…,
 * hardening.…), given in the request's language; errors/error-keys.test.ts checks every one.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra response headers (Retry-After, Connection: close). */
    readonly headers?: Record<string, string>,
    /** Values for the placeholders of the message's text ({{maxMb}}, {{count}}). */
    readonly values?: Record<string, string | number>,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

/**
 * A message may be a translation key under `errors.` (public/i18n): the error handler gives it in the request's
 * language.
 */
export const notFound = (message = 'errors.server.notFound') => new AppError('not_found', message);
export const forbidden = (message = 'errors.server.forbidden') => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', 'errors.unauthenticated');
/** 409: the form was loaded with an older version of the record it saves (contract/row-version.ts). */
export const staleWrite = () => new AppError('conflict', STALE_WRITE_MESSAGE);

/** 422 with errors on one field, as Laravel-style clients expect. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}
