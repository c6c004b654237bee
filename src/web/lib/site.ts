import { useEffect, useSyncExternalStore } from 'react';
import { WITHDRAWAL_DAYS_MINIMUM } from '../../contract/rules/case-route';
import { SiteResponseSchema, type Site } from '../../contract/site';
import { api } from './api';

/*
 * GET /api/site: the configured product name, support contact and external links (contract/site.ts).
 *
 * The site configuration is public, tiny and never changes while the app runs: it is fetched
 * once into a small store rather than through TanStack Query, so the login page does not have
 * to download the query library.
 */
let site: Site | undefined;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadSite(): Promise<void> {
  if (site || pending) return pending ?? Promise.resolve();
  pending = api
    .get('/api/site', SiteResponseSchema)
    .then((response) => {
      site = response.data;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      // Footer and external links stay hidden; the next page that asks tries again.
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The site configuration, or undefined while it loads (or when it failed). */
export function useSite(): Site | undefined {
  const value = useSyncExternalStore(subscribe, () => site);
  useEffect(() => {
    void loadSite();
  }, []);
  return value;
}

/** The configured product name; the translated default until the configuration has loaded. */
export function useProductName(fallback: string): string {
  return useSite()?.product_name ?? fallback;
}

/** Days of the withdrawal period after signing; the statutory minimum until the configuration has loaded. */
export function useWithdrawalDays(): number {
  return useSite()?.withdrawal_days ?? WITHDRAWAL_DAYS_MINIMUM;
}

/** Tests only: forget the loaded configuration. */
export function resetSiteForTests(value?: Site): void {
  site = value;
  pending = null;
}
