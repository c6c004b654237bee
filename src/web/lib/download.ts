import type { Document } from '../../contract/documents';
import { api } from './api';

/** POST /api/documents/{id}/download: the file as a blob, saved under its file name. Failures are only logged. */
export async function downloadDocument(document: Pick<Document, 'id' | 'filename'>): Promise<void> {
  try {
    const response = await api.raw(`/api/documents/${document.id}/download`, { method: 'POST' });
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

/**
 * GET /api/cases/{id}/export: every visible document as one zip, saved as documenten.zip. Throws on failure so the
 * caller can say so.
 */
export async function downloadCaseExport(caseId: string): Promise<void> {
  const response = await api.raw(`/api/cases/${encodeURIComponent(caseId)}/export`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = 'documenten.zip';
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A GET of the API saved as a file under `filename` (the dissolution letter, the key dates). Throws on failure so the
 * caller can say so.
 */
export async function downloadFromApi(path: string, filename: string): Promise<void> {
  const response = await api.raw(path);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
