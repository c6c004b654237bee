import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { getErrorText } from '../../lib/error-text';

/** The first field error of a failed request, else its general text. */
export function adminErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && error.kind === 'validation') {
    const first = Object.values(error.fieldErrors)[0]?.[0];
    if (first) return first;
  }
  return getErrorText(error, t);
}
