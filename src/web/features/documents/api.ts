import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import type { ZodType, ZodTypeDef } from 'zod';
import { CaseClientViewResponseSchema } from '../../../contract/cases';
import { DocumentListResponseSchema, DocumentResponseSchema, type Document } from '../../../contract/documents';
import { ErrorResponseSchema, UNAUTHENTICATED_MESSAGE, ValidationErrorResponseSchema } from '../../../contract/errors';
import { api } from '../../lib/api';
import { ApiError, isApiError } from '../../lib/api-client';
import { session } from '../../lib/app-session';

export const documentQueryKeys = {
  myCase: ['cases', 'mine'] as const,
  /** SPEC section 7 names the cached queries clientDocuments and clientDocumentsSlideshow. */
  clientDocuments: (caseId: string) => ['clientDocuments', caseId] as const,
  clientDocumentsSlideshow: (caseId: string) => ['clientDocumentsSlideshow', caseId] as const,
};

export function myCaseQueryOptions() {
  return queryOptions({
    queryKey: documentQueryKeys.myCase,
    queryFn: async ({ signal }) => (await api.get('/api/cases/mine', CaseClientViewResponseSchema, signal)).data,
  });
}

/** GET /api/cases/{id}/documents (a client receives only visible documents). */
export function clientDocumentsQueryOptions(caseId: string) {
  return queryOptions({
    queryKey: documentQueryKeys.clientDocuments(caseId),
    queryFn: async ({ signal }) => (await api.get(`/api/cases/${caseId}/documents`, DocumentListResponseSchema, signal)).data,
  });
}

export const useMyCase = () => useQuery(myCaseQueryOptions());
export const useClientDocuments = (caseId: string | undefined) => useQuery({ ...clientDocumentsQueryOptions(caseId ?? ''), enabled: Boolean(caseId) });

type AnySchema<T> = ZodType<T, ZodTypeDef, unknown>;

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** A raw authenticated request (multipart bodies, binary answers) with the api client's error mapping. */
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

async function postMultipart<T>(path: string, body: FormData, schema: AnySchema<T>, signal?: AbortSignal): Promise<T> {
  const response = await rawRequest(path, { method: 'POST', body, signal });
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw new ApiError('invalid-response', { status: response.status });
  return parsed.data;
}

/** POST /api/documents/{id}/upload with the first chosen file. */
export async function uploadDocumentFile(documentId: string, file: File, signal?: AbortSignal): Promise<Document> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await postMultipart(`/api/documents/${documentId}/upload`, body, DocumentResponseSchema, signal)).data;
}

/** POST /api/cases/{id}/documents: a new general document (the title part goes before the file). */
export async function createGeneralDocument(caseId: string, title: string, file: File, signal?: AbortSignal): Promise<Document> {
  const body = new FormData();
  body.append('title', title);
  body.append('file', file, file.name);
  return (await postMultipart(`/api/cases/${caseId}/documents`, body, DocumentResponseSchema, signal)).data;
}

/** POST /api/documents/{id}/download: the file as a blob, saved under its file name. Failures are only logged (SPEC section 8). */
export async function downloadDocument(document: Pick<Document, 'id' | 'filename'>): Promise<void> {
  try {
    const response = await rawRequest(`/api/documents/${document.id}/download`, { method: 'POST' });
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

/** The text under a document when an upload fails (SPEC section 8). */
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
      queryClient.invalidateQueries({ queryKey: documentQueryKeys.myCase }),
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
