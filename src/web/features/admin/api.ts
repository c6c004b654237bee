import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AdminAuditResponseSchema,
  AdminCaseResponseSchema,
  AdminCasesResponseSchema,
  AdminLawyerResponseSchema,
  AdminLawyersResponseSchema,
  AdminOutboxResponseSchema,
  type AuditQuery,
  type CreateLawyerRequest,
  type LegalHoldRequest,
  type StandInRequest,
} from '../../../contract/admin';
import {
  ArchiveDetailResponseSchema,
  ArchiveListResponseSchema,
  BackupStatusResponseSchema,
  DestructionsResponseSchema,
} from '../../../contract/archive';
import { DataExportAcceptedResponseSchema } from '../../../contract/data-export';
import { InsightResponseSchema } from '../../../contract/insight';
import { api } from '../../lib/api';
import { downloadFromApi } from '../../lib/download';
import { amsterdamDay } from '../../../contract/rules/dutch-date';

export const adminQueryKeys = {
  all: ['admin'] as const,
  lawyers: ['admin', 'lawyers'] as const,
  cases: (q: string, page: number) => ['admin', 'cases', q, page] as const,
  audit: (filters: AuditQuery) => ['admin', 'audit', filters] as const,
  outbox: (page: number) => ['admin', 'outbox', page] as const,
  insight: (filters: InsightFilters) => ['admin', 'insight', filters] as const,
  archive: (q: string) => ['admin', 'archive', q] as const,
  archivedCase: (caseId: string) => ['admin', 'archive', 'case', caseId] as const,
  destructions: ['admin', 'destructions'] as const,
  backupStatus: ['admin', 'backup-status'] as const,
};

/** The period (YYYY-MM-DD, both inclusive) and the lawyer ('' for all) of the firm's view. */
export type InsightFilters = { from: string; to: string; lawyer_id: string };

const query = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const lawyersQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.lawyers,
    queryFn: async ({ signal }) => (await api.get('/api/admin/lawyers', AdminLawyersResponseSchema, signal)).data,
  });
export const useAdminLawyers = () => useQuery(lawyersQueryOptions());

export const casesQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.cases(q, page),
    queryFn: ({ signal }) => api.get(`/api/admin/cases${query({ q, page })}`, AdminCasesResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminCases = (q: string, page: number) => useQuery(casesQueryOptions(q, page));

export const auditQueryOptions = (filters: AuditQuery) =>
  queryOptions({
    queryKey: adminQueryKeys.audit(filters),
    queryFn: ({ signal }) => api.get(`/api/admin/audit${query(filters)}`, AdminAuditResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminAudit = (filters: AuditQuery) => useQuery(auditQueryOptions(filters));

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminQueryKeys.outbox(page),
    queryFn: ({ signal }) => api.get(`/api/admin/outbox${query({ page })}`, AdminOutboxResponseSchema, signal),
    placeholderData: keepPreviousData,
  });
export const useAdminOutbox = (page: number) => useQuery(outboxQueryOptions(page));

export const insightQueryOptions = (filters: InsightFilters) =>
  queryOptions({
    queryKey: adminQueryKeys.insight(filters),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/admin/insight${query(filters)}`, InsightResponseSchema, signal)).data,
    placeholderData: keepPreviousData,
  });
export const useAdminInsight = (filters: InsightFilters) => useQuery(insightQueryOptions(filters));

/** GET /api/admin/archive?q=: the archived cases (the client's account deleted, the firm's file kept), read-only. */
export const archiveQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminQueryKeys.archive(q),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/admin/archive${query({ q })}`, ArchiveListResponseSchema, signal)).data,
    placeholderData: keepPreviousData,
  });
export const useArchive = (q: string) => useQuery(archiveQueryOptions(q));

/** GET /api/admin/archive/{case_id}: one archived case with its counts and documents. */
export const archivedCaseQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: adminQueryKeys.archivedCase(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/admin/archive/${encodeURIComponent(caseId)}`, ArchiveDetailResponseSchema, signal)).data,
  });
export const useArchivedCase = (caseId: string) => useQuery(archivedCaseQueryOptions(caseId));

/** GET /api/admin/destructions: the records of destroyed files (never their content). */
export const destructionsQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.destructions,
    queryFn: async ({ signal }) => (await api.get('/api/admin/destructions', DestructionsResponseSchema, signal)).data,
  });
export const useDestructions = () => useQuery(destructionsQueryOptions());

/** GET /api/admin/backups/status: the newest backup and whether it is overdue. */
export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: adminQueryKeys.backupStatus,
    queryFn: async ({ signal }) =>
      (await api.get('/api/admin/backups/status', BackupStatusResponseSchema, signal)).data,
  });
export const useBackupStatus = () => useQuery(backupStatusQueryOptions());

/** GET /api/admin/archive/{case_id}/zip: the archived file as one zip (the server audits who took it). */
export const archiveZipPath = (caseId: string) => `/api/admin/archive/${encodeURIComponent(caseId)}/zip`;

function useInvalidateAdmin() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
}

export function useCreateLawyer() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (body: CreateLawyerRequest) =>
      api.request('/api/admin/lawyers', { method: 'POST', body, schema: AdminLawyerResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useSetLawyerActive() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      api.request(`/api/admin/lawyers/${id}/${active ? 'reactivate' : 'deactivate'}`, {
        method: 'POST',
        schema: AdminLawyerResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useAssignCase() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ caseId, lawyerId }: { caseId: string; lawyerId: string }) =>
      api.request(`/api/admin/cases/${caseId}/assign`, {
        method: 'POST',
        body: { lawyer_id: lawyerId },
        schema: AdminCaseResponseSchema,
      }),
    onSuccess: invalidate,
  });
}

export function useAddStandIn() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ caseId, ...body }: StandInRequest & { caseId: string }) =>
      api.request(`/api/admin/cases/${caseId}/stand-ins`, { method: 'POST', body, schema: AdminCaseResponseSchema }),
    onSuccess: invalidate,
  });
}

export function useSetLegalHold() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: ({ caseId, ...body }: LegalHoldRequest & { caseId: string }) =>
      api.request(`/api/admin/cases/${caseId}/legal-hold`, { method: 'PATCH', body, schema: AdminCaseResponseSchema }),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/admin/cases/{id}/data-export: the client's data export, for a request that came by mail (202; the link goes
 * to the client).
 */
export function useAdminDataExport() {
  return useMutation({
    mutationFn: async (caseId: string) =>
      (
        await api.request(`/api/admin/cases/${caseId}/data-export`, {
          method: 'POST',
          schema: DataExportAcceptedResponseSchema,
        })
      ).data,
  });
}

/** POST /api/admin/outbox/{id}/retry: due again now (204). */
export function useRetryMail() {
  const invalidate = useInvalidateAdmin();
  return useMutation({
    mutationFn: (id: string) => api.request(`/api/admin/outbox/${id}/retry`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** GET /api/admin/audit.csv with the current filters, saved as a file. */
export async function downloadAuditCsv(filters: Omit<AuditQuery, 'page'>): Promise<void> {
  await downloadFromApi(`/api/admin/audit.csv${query(filters)}`, `audit-${amsterdamDay(new Date())}.csv`);
}

/** GET /api/admin/insight.csv for the period and lawyer shown: the funnel and the stuck cases, saved as a file. */
export async function downloadInsightCsv(filters: InsightFilters): Promise<void> {
  await downloadFromApi(`/api/admin/insight.csv${query(filters)}`, `inzicht-${filters.from}-${filters.to}.csv`);
}
