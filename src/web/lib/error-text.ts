import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { isValidationKey } from '../../contract/validation-messages';

/** The user-facing text of an error. */
export function getErrorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return t('errors.generic');
  switch (error.kind) {
    case 'unauthenticated':
      return error.serverMessage ?? t('errors.unauthenticated');
    case 'validation':
      return error.serverMessage ?? t('errors.generic');
    case 'invalid-response':
      return t('errors.invalidResponse');
    default:
      return t('errors.generic');
  }
}

/**
 * Maps a failed request onto a react-hook-form: 422 field errors onto the named fields (the
 * first text of each), anything else (or a field the form does not have) as the form's
 * `root.server` error. Returns true when at least one field got an error.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  t: TFunction,
): boolean {
  if (isApiError(error) && error.kind === 'validation') {
    let mapped = false;
    const rest: string[] = [];
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const message = messages[0];
      if (!message) continue;
      const known = fields.find((f) => f === field);
      if (known) {
        setError(known, { type: 'server', message }, { shouldFocus: !mapped });
        mapped = true;
      } else {
        rest.push(message);
      }
    }
    if (!mapped || rest.length > 0) {
      setError('root.server', { type: 'server', message: rest[0] ?? getErrorText(error, t) });
    }
    return mapped;
  }
  setError('root.server', { type: 'server', message: getErrorText(error, t) });
  return false;
}

/**
 * Translates a validation text that is still a key of the one error map (a server 422 in an
 * older language, or a schema's own key); other texts are shown as they are.
 */
export function translateValidation(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  return isValidationKey(message) ? t(message) : message;
}
