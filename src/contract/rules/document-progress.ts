/** The rounded percentage of mandatory documents whose status is not 'Not Uploaded' (SPEC section 9). */
export function getDocumentProgress(documents: readonly { mandatory: boolean; status: string }[]): number {
  const mandatory = documents.filter((d) => d.mandatory);
  if (mandatory.length === 0) return 100;
  const provided = mandatory.filter((d) => d.status !== 'Not Uploaded').length;
  return Math.round((provided / mandatory.length) * 100);
}

/** Documents are complete when the progress is 100. */
export const isDocumentsComplete = (documents: readonly { mandatory: boolean; status: string }[]) => getDocumentProgress(documents) === 100;
