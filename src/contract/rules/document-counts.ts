import type { DocumentStatus } from '../documents';

type CountedDocument = { status: DocumentStatus; approved_by: unknown; rejected_by: unknown };

export type DocumentCounts = {
  /** Documents still 'Not Uploaded'. */
  missing: number;
  /** Uploaded documents with neither an approver nor a rejecter. */
  unchecked: number;
  /** 'Dossier compleet': nothing is missing. */
  complete: boolean;
  /** 'Alle documenten gecontroleerd': at least one document and every one approved. */
  allChecked: boolean;
};

/** Document completeness of a case. */
export function getDocumentCounts(documents: readonly CountedDocument[]): DocumentCounts {
  const missing = documents.filter((d) => d.status === 'Not Uploaded').length;
  const unchecked = documents.filter((d) => d.status === 'Uploaded' && !d.approved_by && !d.rejected_by).length;
  return {
    missing,
    unchecked,
    complete: missing === 0,
    allChecked: documents.length > 0 && documents.every((d) => Boolean(d.approved_by)),
  };
}
