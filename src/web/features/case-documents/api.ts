import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DocumentListResponseSchema,
  DocumentResponseSchema,
  type Document,
  type ReviewDocumentRequest,
} from '../../../contract/documents';
import { api } from '../../lib/api';

export const caseDocumentQueryKeys = {
  all: (caseId: string) => ['caseDocuments', caseId] as const,
  list: (caseId: string) => ['caseDocuments', caseId, 'list'] as const,
  slideshow: (caseId: string) => ['caseDocuments', caseId, 'slideshow'] as const,
};

const documentPath = (id: string) => `/api/documents/${encodeURIComponent(id)}`;
const casePath = (caseId: string) => `/api/cases/${encodeURIComponent(caseId)}`;

/** GET /api/cases/{id}/documents: every document of the case (a lawyer also sees hidden ones). */
export function caseDocumentsQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: caseDocumentQueryKeys.list(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`${casePath(caseId)}/documents`, DocumentListResponseSchema, signal)).data,
  });
}

/** GET /api/cases/{id}/documents/slideshow: the documents that have a file, for the preview. */
export function caseSlideshowQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: caseDocumentQueryKeys.slideshow(caseId),
    queryFn: async ({ signal }) =>
      (await api.get(`${casePath(caseId)}/documents/slideshow`, DocumentListResponseSchema, signal)).data,
  });
}

export const useCaseDocuments = (caseId: string) => useQuery(caseDocumentsQueryOptions(caseId));
export const useCaseSlideshow = (caseId: string, enabled: boolean) =>
  useQuery({ ...caseSlideshowQueryOptions(caseId), enabled });

/**
 * Refetches the documents of the case (list and slideshow) after a change. A fetch still in flight may have read the
 * documents before the change: it is cancelled first, because an invalidation alone reuses it when its query has no
 * data yet (the slideshow's first load, started by opening the preview), and its late answer would show the change
 * undone.
 */
export function useRefreshCaseDocuments(caseId: string) {
  const queryClient = useQueryClient();
  return async () => {
    const queryKey = caseDocumentQueryKeys.all(caseId);
    await queryClient.cancelQueries({ queryKey });
    await queryClient.invalidateQueries({ queryKey });
  };
}

/** POST /api/documents/{id}/upload: a new version (the first chosen file). */
export async function uploadNewVersion(
  documentId: string,
  file: File,
  signal?: AbortSignal,
  onUploadProgress?: (fraction: number) => void,
): Promise<Document> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (
    await api.request(`${documentPath(documentId)}/upload`, {
      method: 'POST',
      body,
      schema: DocumentResponseSchema,
      signal,
      ...(onUploadProgress ? { onUploadProgress } : {}),
    })
  ).data;
}

/** POST /api/documents/{id}/download: saved under its file name; the server records the lawyer's view. */
export { downloadDocument } from '../../lib/download';

/**
 * POST /api/documents/{id}/viewed: the lawyer opened the preview, so it leaves pending_documents. Failures are only
 * logged.
 */
export async function markDocumentViewed(documentId: string): Promise<void> {
  try {
    await api.post(`${documentPath(documentId)}/viewed`);
  } catch (error) {
    console.warn('Marking the document as viewed failed', error);
  }
}

/** POST /api/documents/{id}/review: {status: 'Approved'} or {status: 'Rejected', message}. */
export async function reviewDocument(documentId: string, body: ReviewDocumentRequest): Promise<Document> {
  return (await api.post(`${documentPath(documentId)}/review`, body, DocumentResponseSchema)).data;
}

/** PATCH /api/documents/{id}/set-visibility. */
export async function setDocumentVisibility(documentId: string, visible: boolean): Promise<Document> {
  return (await api.patch(`${documentPath(documentId)}/set-visibility`, { visible }, DocumentResponseSchema)).data;
}

/** DELETE /api/documents/{id}. */
export async function deleteDocument(documentId: string): Promise<void> {
  await api.delete(documentPath(documentId));
}
