import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminInvoiceListResponseSchema,
  InvoiceProposalResponseSchema,
  InvoiceResponseSchema,
  PaymentResponseSchema,
  type AdminInvoicesQuery,
  type CreateInvoiceRequest,
  type Invoice,
  type RefundRequest,
  type UpdateInvoiceRequest,
} from '../../../contract/invoices';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';
import { caseInvoicesPath, invoiceQueryKeys } from '../../lib/invoices-query';

export { invoiceQueryKeys, useCaseInvoices } from '../../lib/invoices-query';

export const invoicePath = (invoiceId: string) => `/api/invoices/${encodeURIComponent(invoiceId)}`;

/** GET /api/cases/{id}/invoices/proposal (a lawyer): the drafts proposed from the package and the agreement. */
export function useInvoiceProposals(caseId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...invoiceQueryKeys.list(caseId), 'proposal'] as const,
    queryFn: async ({ signal }) =>
      (await api.get(`${caseInvoicesPath(caseId)}/proposal`, InvoiceProposalResponseSchema, signal)).data,
    enabled,
  });
}

/** Every change reads the case's invoices again (and with them the case: its phase may follow). */
function useInvoiceMutation<Variables>(caseId: string, send: (variables: Variables) => Promise<Invoice>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['cases', caseId] }),
  });
}

/** POST /api/cases/{id}/invoices: a draft. */
export const useCreateInvoice = (caseId: string) =>
  useInvoiceMutation(
    caseId,
    async (body: CreateInvoiceRequest) => (await api.post(caseInvoicesPath(caseId), body, InvoiceResponseSchema)).data,
  );

/** PATCH /api/invoices/{id}: a draft's recipient and lines. */
export const useUpdateInvoice = (caseId: string) =>
  useInvoiceMutation(
    caseId,
    async ({ id, body }: { id: string; body: UpdateInvoiceRequest }) =>
      (await api.patch(invoicePath(id), body, InvoiceResponseSchema)).data,
  );

/** POST /api/invoices/{id}/issue: the number, the issue and due dates; it never changes after. */
export const useIssueInvoice = (caseId: string) =>
  useInvoiceMutation(
    caseId,
    async (id: string) => (await api.post(`${invoicePath(id)}/issue`, undefined, InvoiceResponseSchema)).data,
  );

/** POST /api/invoices/{id}/credit: the credit note (its own number, negative totals). */
export const useCreditInvoice = (caseId: string) =>
  useInvoiceMutation(
    caseId,
    async (id: string) => (await api.post(`${invoicePath(id)}/credit`, undefined, InvoiceResponseSchema)).data,
  );

/** POST /api/invoices/{id}/refund: the part that goes back after a withdrawal in which work had started. */
export const useRefundInvoice = (caseId: string) =>
  useInvoiceMutation(
    caseId,
    async ({ id, body }: { id: string; body: RefundRequest }) =>
      (await api.post(`${invoicePath(id)}/refund`, body, InvoiceResponseSchema)).data,
  );

/** POST /api/invoices/{id}/payment (the client): the checkout the browser goes to. */
export function usePayInvoice() {
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post(`${invoicePath(id)}/payment`, undefined, PaymentResponseSchema)).data.checkout_url,
  });
}

/** The file name of an invoice's download: 'factuur-2026-0001.pdf', a draft 'factuur-concept.pdf'. */
export const invoiceFileName = (invoice: Pick<Invoice, 'number'>, extension: 'pdf' | 'xml') =>
  `factuur-${invoice.number ?? 'concept'}.${extension}`;

export const invoicePdfPath = (id: string) => `${invoicePath(id)}/pdf`;
export const invoiceUblPath = (id: string) => `${invoicePath(id)}/ubl`;
export const invoiceLetterPath = (id: string) => `${invoicePath(id)}/letter`;

// The admin's books

const adminQuery = (filters: AdminInvoicesQuery) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const adminInvoicesQueryOptions = (filters: AdminInvoicesQuery) =>
  queryOptions({
    queryKey: ['admin', 'invoices', filters] as const,
    queryFn: ({ signal }) =>
      api.get(`/api/admin/invoices${adminQuery(filters)}`, AdminInvoiceListResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminInvoices = (filters: AdminInvoicesQuery) => useQuery(adminInvoicesQueryOptions(filters));

/** The period's invoices as a Dutch CSV (semicolons, decimal commas) for the accountant. */
export const downloadInvoicesCsv = (filters: Omit<AdminInvoicesQuery, 'page'>) =>
  downloadFromApi(`/api/admin/invoices.csv${adminQuery(filters)}`, 'facturen.csv');

/** Every PDF and UBL file of the period's issued invoices, as one zip. */
export const downloadInvoicesZip = (filters: Omit<AdminInvoicesQuery, 'page'>) =>
  downloadFromApi(`/api/admin/invoices/export.zip${adminQuery(filters)}`, 'facturen.zip');
