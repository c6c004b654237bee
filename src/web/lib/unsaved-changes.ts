import { useEffect, useId, useSyncExternalStore } from 'react';

/**
 * Forms with changes that are not saved yet. Each form reports itself with
 * {@link useUnsavedChanges}; the one guard of the signed-in layout (ui/unsaved-changes-guard)
 * asks before the user leaves the page, in the app or by closing or reloading the tab.
 * One registry, because a page can hold several forms and a router holds one blocker.
 */
const dirtyForms = new Set<string>();
const listeners = new Set<() => void>();

export const hasUnsavedChanges = (): boolean => dirtyForms.size > 0;

function changed(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any form holds unsaved changes, as a value that re-renders when that changes. */
export function useHasUnsavedChanges(): boolean {
  return useSyncExternalStore(subscribe, hasUnsavedChanges, () => false);
}

/** Marks the calling form as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    dirtyForms.add(id);
    changed();
    return () => {
      dirtyForms.delete(id);
      changed();
    };
  }, [id, isDirty]);
}

/** After a confirmed leave the forms are gone; tests and logout start clean too. */
export function forgetUnsavedChanges(): void {
  dirtyForms.clear();
  changed();
}
