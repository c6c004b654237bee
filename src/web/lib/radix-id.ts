import { useId as useReactId } from 'react';

/**
 * Stands in for `@radix-ui/react-id` (aliased in vite.config.ts; decision 024). Radix's hook
 * keeps React's id in state and sets that state again in a layout effect after every mount. With
 * React 19 the value never changes, but the update is still queued at the highest (sync)
 * priority, and a later transition render that skips it leaves sync work behind: each closed
 * dialog on a page made React re-render the whole page in one blocking task right after the page
 * appeared. React's own `useId` gives the same ids without any update.
 */
export function useId(deterministicId?: string): string {
  const id = useReactId();
  return deterministicId || `radix-${id}`;
}
