import type { Document } from '../../../contract/documents';

export type PreviewKind = 'pdf' | 'image' | 'unavailable' | 'missing';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'svg']);

/** How the full-screen preview shows a document, chosen by its extension. */
export function getPreviewKind(document: Pick<Document, 'extension' | 'filename' | 'temporary_url'>): PreviewKind {
  if (!document.temporary_url) return 'missing';
  const fromName = document.filename?.includes('.') ? document.filename.split('.').pop() : undefined;
  const extension = (document.extension ?? fromName ?? '').toLowerCase().replace(/^\./, '');
  if (extension === 'pdf') return 'pdf';
  if (IMAGE_EXTENSIONS.has(extension)) return 'image';
  return 'unavailable';
}
