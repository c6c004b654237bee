import { queryOptions, useQuery } from '@tanstack/react-query';
import { InvoiceListResponseSchema, type InvoiceListResponse } from '../../contract/invoices';
import { api } from './api';

/**
 * GET /api/cases/{id}/invoices: a case's invoices, newest first, for the client's 'Facturen', the
 * dashboard's card of open invoices and the lawyer's tab. The key starts with 'cases' and holds the
 * case id, so a live `case_changed` of the case (a payment came in) refreshes it
 * (lib/live-events.ts).
 */
export const invoiceQueryKeys = {
  list: (caseId: string) => ['cases', caseId, 'invoices'] as const,
};

export const caseInvoicesPath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}/invoices`;

export function caseInvoicesQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: invoiceQueryKeys.list(caseId),
    queryFn: ({ signal }) => api.get(caseInvoicesPath(caseId), InvoiceListResponseSchema, signal),
  });
}

/**
 * The case's invoices; nothing is asked without a case id. `poll` says, from the answer so far,
 * how soon to ask again (false: not).
 */
export function useCaseInvoices(
  caseId: string | null | undefined,
  options: { poll?: (answer: InvoiceListResponse | undefined) => number | false } = {},
) {
  const { poll } = options;
  return useQuery({
    ...caseInvoicesQueryOptions(caseId ?? ''),
    enabled: Boolean(caseId),
    refetchInterval: poll ? (query) => poll(query.state.data) : false,
  });
}
