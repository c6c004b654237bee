import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CaseClientViewResponseSchema } from '../../../contract/cases';
import { COOKIE_NAMES, type CookieRecord } from '../../../contract/cookies';
import type { OfferSlug } from '../../../contract/offers';
import { api } from '../../lib/api';

/**
 * The consent and ads values from the browser's cookies: gclid as it is, the
 * consent flags as 'true'/'false' strings. Absent cookies are skipped.
 */
export function readConsentCookies(cookieString: string): CookieRecord[] {
  const jar = new Map<string, string>();
  for (const part of cookieString.split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    let value = part.slice(at + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // keep the raw value
    }
    if (!jar.has(name)) jar.set(name, value);
  }
  const records: CookieRecord[] = [];
  for (const name of COOKIE_NAMES) {
    const value = jar.get(name);
    if (value === undefined || value === '') continue;
    if (name === 'gclid') records.push({ name, value: value.slice(0, 500) });
    else
      records.push({ name, value: ['true', 'granted', '1', 'yes'].includes(value.toLowerCase()) ? 'true' : 'false' });
  }
  return records;
}

/** PATCH /api/cases/{id}/offer, then the cookie values are stored and the case is refetched. */
export function useChooseOffer(caseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferSlug) => api.patch(`/api/cases/${caseId}/offer`, { offer }, CaseClientViewResponseSchema),
    onSuccess: async () => {
      await Promise.allSettled(readConsentCookies(document.cookie).map((record) => api.post('/api/cookies', record)));
      await queryClient.invalidateQueries({ queryKey: ['cases'] });
    },
  });
}
