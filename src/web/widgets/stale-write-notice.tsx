import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STALE_WRITE_MESSAGE } from '../../contract/row-version';
import { isApiError } from '../lib/api-client';
import { Button } from '../ui/button';

/** A save refused because the record changed elsewhere since the form was loaded (409). */
export const isStaleWrite = (error: unknown) => isApiError(error) && error.status === 409;

/**
 * The 409 state of a form that saves a whole record: `take(error)` keeps the server's message
 * when the error is a 409 (and answers whether it was), `clear()` ends the state.
 */
export function useStaleWrite() {
  const { t } = useTranslation();
  const [message, setMessage] = useState<string | undefined>();
  return {
    message,
    take: (error: unknown): boolean => {
      if (!isStaleWrite(error)) return false;
      setMessage((isApiError(error) && error.serverMessage) || t(STALE_WRITE_MESSAGE));
      return true;
    },
    clear: () => setMessage(undefined),
  };
}

/**
 * The message of a 409 with a button that loads the record anew. What the user typed stays in
 * the form until they press it: the choice to drop it is theirs.
 */
export function StaleWriteNotice({
  message,
  onReload,
}: {
  message: string | undefined;
  onReload: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <div
      role="alert"
      className={
        'flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 ' +
        'text-sm font-medium text-amber-900 sm:flex-row sm:items-center sm:justify-between'
      }
    >
      <p>{message}</p>
      <Button variant="secondary" onClick={onReload}>
        {t('form.staleReload')}
      </Button>
    </div>
  );
}
