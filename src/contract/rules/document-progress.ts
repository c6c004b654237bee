import { isOpenMandatoryDocument } from './case-route';

/**
 * The rounded percentage of mandatory documents the client has delivered: neither 'Not
 * Uploaded' nor 'Rejected'. A rejected document is to be delivered again, so it never counts
 * as done: the page cannot say '100 %' next to a rejected card. The same rule decides the
 * stepper's documents_complete and the phase (`isOpenMandatoryDocument`).
 */
export function getDocumentProgress(documents: readonly { mandatory: boolean; status: string }[]): number {
  const mandatory = documents.filter((d) => d.mandatory);
  if (mandatory.length === 0) return 100;
  const provided = mandatory.filter((d) => !isOpenMandatoryDocument(d)).length;
  return Math.round((provided / mandatory.length) * 100);
}

/** Documents are complete when the progress is 100. */
export const isDocumentsComplete = (documents: readonly { mandatory: boolean; status: string }[]) =>
  getDocumentProgress(documents) === 100;
