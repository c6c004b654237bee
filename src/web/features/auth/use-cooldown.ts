import { useCallback, useEffect, useState } from 'react';

/**
 * A countdown of whole seconds that ends `seconds` after `startedAt` (ms since epoch) and
 * can be restarted. It reads the clock through Date.now and setInterval only, so tests and
 * browser journeys can drive it with a fake clock.
 */
export function useCooldown(seconds: number, startedAt: number | null) {
  const [endsAt, setEndsAt] = useState<number>(() =>
    startedAt === null ? 0 : Math.min(startedAt, Date.now()) + seconds * 1000,
  );
  const [now, setNow] = useState<number>(() => Date.now());

  useEffect(() => {
    if (endsAt <= Date.now()) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback(() => {
    const current = Date.now();
    setNow(current);
    setEndsAt(current + seconds * 1000);
  }, [seconds]);

  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, isCoolingDown: remaining > 0, restart };
}
