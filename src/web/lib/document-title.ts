import { useEffect, useSyncExternalStore } from 'react';

export const TITLE_SEPARATOR = ' | ';

/** The browser tab title: the page title, a separator, then the product name. */
export function formatDocumentTitle(pageTitle: string | undefined, productName: string): string {
  return pageTitle ? `${pageTitle}${TITLE_SEPARATOR}${productName}` : productName;
}

// Who or what the open page is about (case detail: the client), put before the route's title.
let subject: string | null = null;
const listeners = new Set<() => void>();
const setSubject = (value: string | null) => {
  subject = value;
  for (const listener of listeners) listener();
};

/** A page names its subject in the tab title ('Julia de Vries · Dossier – Algemeen | …') while it is shown. */
export function useDocumentTitleSubject(value: string | null | undefined): void {
  useEffect(() => {
    if (!value) return;
    setSubject(value);
    return () => setSubject(null);
  }, [value]);
}

export function useDocumentTitleSubjectValue(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => subject,
    () => null,
  );
}
