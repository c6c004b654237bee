import { useCallback, useEffect, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { cn } from './cn';

export const SUCCESS_MESSAGE_MS = 3000;

/** A success message, announced politely; pair it with {@link useSuccessMessage}. */
export function SuccessMessage({ message, className }: { message: string | null; token?: number; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn(!message && 'sr-only', className)}>
      {message && (
        <p
          className={
            'flex items-center gap-2 rounded-lg border border-green-300 ' +
            'bg-green-50 px-4 py-3 text-sm font-medium text-green-900'
          }
        >
          <CheckCircle2 className="size-5 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}

/** A success message shown for 3 seconds; `show(text)` restarts the display. */
export function useSuccessMessage() {
  const [message, setMessage] = useState<string | null>(null);
  const [token, setToken] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const show = useCallback((text: string) => {
    if (timer.current) clearTimeout(timer.current);
    setMessage(text);
    setToken((n) => n + 1);
    timer.current = setTimeout(() => setMessage(null), SUCCESS_MESSAGE_MS);
  }, []);
  return { message, token, show };
}
