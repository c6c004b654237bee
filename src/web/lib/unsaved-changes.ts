import { useEffect, useId } from 'react';

/**
 * Forms with changes that are not saved yet. Each form reports itself with
 * {@link useUnsavedChanges}; the one guard of the signed-in layout (ui/unsaved-changes-guard)
 * asks before the user leaves the page, in the app or by closing or reloading the tab.
 * One registry, because a page can hold several forms and a router holds one blocker.
 */
const dirtyForms = new Set<string>();

export const hasUnsavedChanges = (): boolean => dirtyForms.size > 0;

/** Marks the calling form as holding unsaved changes while `isDirty` is true. */
export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [id, isDirty]);
}

/** After a confirmed leave the forms are gone; tests and logout start clean too. */
export function forgetUnsavedChanges(): void {
  dirtyForms.clear();
}
