import type { TFunction } from 'i18next';
import { isRouteErrorResponse } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { getErrorText } from '../../lib/error-text';

/** The text of an error caught by a route. */
export function describeError(error: unknown, t: TFunction): string {
  if (isRouteErrorResponse(error)) return [error.status, error.statusText].filter(Boolean).join(' ');
  if (isApiError(error)) return getErrorText(error, t);
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return t('errors.generic');
}
