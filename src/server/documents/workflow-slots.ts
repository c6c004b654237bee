/**
 * Slot keys of the two documents the workflow makes (the engagement letter and its signed
 * copy). Clients and lawyers cannot replace or delete them; the API says so with `locked`.
 */
export const LETTER_SLOT = 'opdrachtbevestiging';
export const SIGNED_LETTER_SLOT = 'opdrachtbevestiging-getekend';
/** A letter (or its signed copy) of an engagement the client withdrew from: kept as a record, void. */
export const VOIDED_LETTER_SLOT = 'opdrachtbevestiging-herroepen';
export const isWorkflowDocument = (slotKey: string | null) =>
  slotKey === LETTER_SLOT || slotKey === SIGNED_LETTER_SLOT || slotKey === VOIDED_LETTER_SLOT;

/**
 * A general document whose file someone else shared (the lawyer, or an account since deleted):
 * the client may read and download it, but not replace or delete it. Their mandatory documents
 * and the general documents they uploaded themselves stay theirs to replace and delete.
 */
export const isSharedWithClient = (row: { mandatory: boolean; uploadedBy: string | null }, clientId: string) =>
  !row.mandatory && row.uploadedBy !== clientId;
