export type ErrorCode = 'unauthenticated' | 'forbidden' | 'not_found' | 'validation' | 'too_many_requests' | 'payload_too_large' | 'conflict';

const STATUS: Record<ErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  validation: 422,
  too_many_requests: 429,
  payload_too_large: 413,
  conflict: 409,
};

/** The one coded error type routes throw; the error handler maps it to SPEC section 8. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Extra response headers (Retry-After, Connection: close). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

/** A message may be a translation key under `errors.` (public/i18n): the error handler gives it in the request's language. */
export const notFound = (message = 'errors.server.notFound') => new AppError('not_found', message);
export const forbidden = (message = 'errors.server.forbidden') => new AppError('forbidden', message);
export const unauthenticated = () => new AppError('unauthenticated', 'Unauthenticated.');

/** 422 with errors on one field, as Laravel-style clients expect. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('validation', message, { [field]: [message] });
}
