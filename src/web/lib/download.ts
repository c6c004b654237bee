import type { Document } from '../../contract/documents';
import { api } from './api';

/**
 * A call of the API (GET unless `method` says otherwise) saved as a file under `filename`: the
 * answer as a blob, behind a link the browser follows as a download. Throws on failure so the
 * caller can say so.
 */
export async function downloadFromApi(
  path: string,
  filename: string,
  options: { method?: 'GET' | 'POST' } = {},
): Promise<void> {
  const response = await api.raw(path, options.method ? { method: options.method } : {});
  const url = URL.createObjectURL(await response.blob());
  const anchor = window.document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  window.document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POST /api/documents/{id}/download: the file as a blob, saved under its file name. Failures are only logged. */
export async function downloadDocument(document: Pick<Document, 'id' | 'filename'>): Promise<void> {
  try {
    await downloadFromApi(`/api/documents/${document.id}/download`, document.filename ?? 'document', {
      method: 'POST',
    });
  } catch (error) {
    console.warn('Download failed', error);
  }
}

/**
 * GET /api/cases/{id}/export: every visible document as one zip, saved as documenten.zip. Throws on failure so the
 * caller can say so.
 */
export async function downloadCaseExport(caseId: string): Promise<void> {
  await downloadFromApi(`/api/cases/${encodeURIComponent(caseId)}/export`, 'documenten.zip');
}
