import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpload as useUploadProgress, type UploadProgress } from '../../../ui/use-upload';
import { getUploadErrorText } from '../api';

export { RETRY_LINK_MS, SLOW_NOTICE_MS, type UploadPhase } from '../../../ui/use-upload';

/**
 * The client's upload: the shared busy state (slow notice after 2 s, retry link after 7 s),
 * `onDone` only after a successful upload, and errors as the upload error text.
 */
export function useUpload(
  send: (file: File, signal: AbortSignal, onProgress: UploadProgress) => Promise<unknown>,
  onDone: () => Promise<void> | void,
) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const succeeded = useRef(false);
  const sendAndMark = useCallback(
    async (file: File, signal: AbortSignal, onProgress: UploadProgress) => {
      succeeded.current = false;
      setError(null);
      await send(file, signal, onProgress);
      succeeded.current = true;
    },
    [send],
  );
  const onSettled = useCallback(async () => {
    if (succeeded.current) await onDone();
  }, [onDone]);
  const onError = useCallback((e: unknown) => setError(getUploadErrorText(e, t)), [t]);
  const upload = useUploadProgress(sendAndMark, onSettled, onError);
  return { ...upload, error, clearError: () => setError(null) };
}
