import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { DocumentListResponseSchema, DocumentResponseSchema, type Document } from '../../../contract/documents';
import { api } from '../../lib/api';
import type { PageData } from '../../lib/first-page';
import { queryClient } from '../../lib/query-client';
import { isApiError } from '../../lib/api-client';
import { myCaseQueryKey, myCaseQueryOptions } from '../../lib/my-case-query';

export const documentQueryKeys = {
  /** The cached queries are named clientDocuments and clientDocumentsSlideshow. */
  clientDocuments: (caseId: string) => ['clientDocuments', caseId] as const,
  clientDocumentsSlideshow: (caseId: string) => ['clientDocumentsSlideshow', caseId] as const,
};

/** GET /api/cases/{id}/documents (a client receives only visible documents). */
export function clientDocumentsQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: documentQueryKeys.clientDocuments(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/cases/${caseId}/documents`, DocumentListResponseSchema, signal)).data,
  });
}

export const useClientDocuments = (caseId: string | undefined) =>
  useQuery({ ...clientDocumentsQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });

/** /documenten's data for the first page (lib/first-page.ts): the case and its documents. */
export const documentsData: PageData = async () => {
  const { id } = await queryClient.fetchQuery(myCaseQueryOptions());
  await queryClient.prefetchQuery(clientDocumentsQueryOptions(id));
};

/** POST /api/documents/{id}/upload with the first chosen file. */
export async function uploadDocumentFile(
  documentId: string,
  file: File,
  signal?: AbortSignal,
  onUploadProgress?: (fraction: number) => void,
): Promise<Document> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (
    await api.request(`/api/documents/${documentId}/upload`, {
      method: 'POST',
      body,
      schema: DocumentResponseSchema,
      signal,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    })
  ).data;
}

/** POST /api/cases/{id}/documents: a new general document (the title part goes before the file). */
export async function createGeneralDocument(
  caseId: string,
  title: string,
  file: File,
  signal?: AbortSignal,
  onUploadProgress?: (fraction: number) => void,
): Promise<Document> {
  const body = new FormData();
  body.append('title', title);
  body.append('file', file, file.name);
  return (
    await api.request(`/api/cases/${caseId}/documents`, {
      method: 'POST',
      body,
      schema: DocumentResponseSchema,
      signal,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    })
  ).data;
}

export { downloadDocument } from '../../lib/download';

/** The text under a document when an upload fails. */
export function getUploadErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error)) {
    const fileError = error.fieldErrors.file?.[0];
    if (fileError) return fileError;
    if (error.kind === 'unauthenticated') return error.serverMessage ?? t('errors.unauthenticated');
    if (error.serverMessage) return error.serverMessage;
  }
  return t('documents.upload.failed');
}

/** Refetches the case's documents (and the case) after a change. */
export function useRefreshDocuments(caseId: string) {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: documentQueryKeys.clientDocuments(caseId) }),
      queryClient.invalidateQueries({ queryKey: documentQueryKeys.clientDocumentsSlideshow(caseId) }),
      queryClient.invalidateQueries({ queryKey: myCaseQueryKey }),
    ]);
  };
}

/** DELETE /api/documents/{id}. */
export function useDeleteDocument(caseId: string) {
  const refresh = useRefreshDocuments(caseId);
  return useMutation({
    mutationFn: (documentId: string) => api.delete(`/api/documents/${documentId}`),
    onSuccess: refresh,
  });
}
