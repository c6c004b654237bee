import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DocumentListResponseSchema, DocumentResponseSchema, type Document, type ReviewDocumentRequest } from '../../../contract/documents';
import { ErrorResponseSchema, UNAUTHENTICATED_MESSAGE, ValidationErrorResponseSchema } from '../../../contract/errors';
import { api } from '../../lib/api';
import { ApiError } from '../../lib/api-client';
import { session } from '../../lib/app-session';

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
    queryFn: async ({ signal }) => (await api.get(`${casePath(caseId)}/documents`, DocumentListResponseSchema, signal)).data,
  });
}

/** GET /api/cases/{id}/documents/slideshow: the documents that have a file, for the preview. */
export function caseSlideshowQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: caseDocumentQueryKeys.slideshow(caseId),
    queryFn: async ({ signal }) => (await api.get(`${casePath(caseId)}/documents/slideshow`, DocumentListResponseSchema, signal)).data,
  });
}

export const useCaseDocuments = (caseId: string) => useQuery(caseDocumentsQueryOptions(caseId));
export const useCaseSlideshow = (caseId: string, enabled: boolean) => useQuery({ ...caseSlideshowQueryOptions(caseId), enabled });

/** Refetches the documents of the case (list and slideshow) after a change. */
export function useRefreshCaseDocuments(caseId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: caseDocumentQueryKeys.all(caseId) });
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** An authenticated request with a multipart body or a binary answer, with the api client's error mapping. */
async function rawRequest(path: string, init: { method: string; body?: FormData; signal?: AbortSignal }): Promise<Response> {
  const token = session.getState().auth.token;
  let response: Response;
  try {
    response = await fetch(path, { method: init.method, body: init.body, signal: init.signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError('server', { status: 0 });
  }
  if (response.ok) return response;
  const json = await readJson(response);
  const serverMessage = ErrorResponseSchema.safeParse(json).data?.message ?? null;
  if (response.status === 401) {
    if (token) session.dispatch({ type: 'logout' });
    throw new ApiError('unauthenticated', { status: 401, serverMessage: serverMessage ?? UNAUTHENTICATED_MESSAGE });
  }
  if (response.status === 422) {
    const validation = ValidationErrorResponseSchema.safeParse(json);
    throw new ApiError('validation', { status: 422, serverMessage, fieldErrors: validation.success ? validation.data.errors : {} });
  }
  throw new ApiError('server', { status: response.status, serverMessage });
}

/** POST /api/documents/{id}/upload: a new version (the first chosen file). */
export async function uploadNewVersion(documentId: string, file: File, signal?: AbortSignal): Promise<Document> {
  const body = new FormData();
  body.append('file', file, file.name);
  const response = await rawRequest(`${documentPath(documentId)}/upload`, { method: 'POST', body, signal });
  const parsed = DocumentResponseSchema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiError('invalid-response', { status: response.status });
  return parsed.data.data;
}

/** POST /api/documents/{id}/download: saved under its file name; the server records the lawyer's view. Failures are only logged. */
export async function downloadDocument(document: Pick<Document, 'id' | 'filename'>): Promise<void> {
  try {
    const response = await rawRequest(`${documentPath(document.id)}/download`, { method: 'POST' });
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const anchor = window.document.createElement('a');
    anchor.href = url;
    anchor.download = document.filename ?? 'document';
    window.document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    console.warn('Download failed', error);
  }
}

/** POST /api/documents/{id}/viewed: the lawyer opened the preview, so it leaves pending_documents. Failures are only logged. */
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
