import { useCallback, useEffect, useRef, useState } from 'react';

/** a slow notice after 2 s, a retry link after 7 s. */
export const SLOW_NOTICE_MS = 2000;
export const RETRY_LINK_MS = 7000;

export type UploadPhase = 'idle' | 'busy' | 'slow' | 'retry';

/** Reports how much of the file has been sent, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * The busy state of one upload: `start(file)` runs `send`; after 2 s the phase is 'slow', after
 * 7 s 'retry' (retry() aborts and sends the same file again). `percent` is the share sent so
 * far (0–100) when `send` reports progress, else null. `onError` gets the failure.
 */
export function useUpload(
  send: (file: File, signal: AbortSignal, onProgress: UploadProgress) => Promise<unknown>,
  onSettled: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [percent, setPercent] = useState<number | null>(null);
  const current = useRef<{ controller: AbortController; timers: ReturnType<typeof setTimeout>[]; file: File } | null>(
    null,
  );

  const stop = () => {
    if (!current.current) return;
    current.current.timers.forEach(clearTimeout);
    current.current = null;
  };

  useEffect(
    () => () => {
      current.current?.controller.abort();
      stop();
    },
    [],
  );

  const start = useCallback(
    async (file: File) => {
      current.current?.controller.abort();
      stop();
      const controller = new AbortController();
      const run = {
        controller,
        file,
        timers: [
          setTimeout(() => setPhase('slow'), SLOW_NOTICE_MS),
          setTimeout(() => setPhase('retry'), RETRY_LINK_MS),
        ],
      };
      current.current = run;
      setPhase('busy');
      setPercent(null);
      const onProgress: UploadProgress = (fraction) => {
        if (current.current === run) setPercent(Math.round(fraction * 100));
      };
      try {
        await send(file, controller.signal, onProgress);
        if (current.current !== run) return;
        stop();
      } catch (e) {
        if (controller.signal.aborted || current.current !== run) return;
        stop();
        onError(e);
      }
      await onSettled();
      setPhase('idle');
      setPercent(null);
    },
    [send, onSettled, onError],
  );

  const retry = useCallback(() => {
    const file = current.current?.file;
    if (file) void start(file);
  }, [start]);

  return { phase, percent, busy: phase !== 'idle', start, retry };
}
