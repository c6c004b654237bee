/**
 * Slot keys of the two documents the workflow makes (the engagement letter and its signed
 * copy). Clients and lawyers cannot replace or delete them; the API says so with `locked`.
 */
export const LETTER_SLOT = 'opdrachtbevestiging';
export const SIGNED_LETTER_SLOT = 'opdrachtbevestiging-getekend';
export const isWorkflowDocument = (slotKey: string | null) => slotKey === LETTER_SLOT || slotKey === SIGNED_LETTER_SLOT;
