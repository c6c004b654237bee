import { computeRedline, type Redline } from '../../contract/rules/redline';
import { AppError, fieldError } from '../infra/errors/errors';
import { ACTIVE_CONTENT_MESSAGE } from '../documents/upload';
import { EXTRACTION_LIMITS } from './extract-text';
import { TextJobFailed, type TextJobFailure, type TextWorkers } from './text-jobs';

/** Translation keys of the refusals of a settlement version's file (public/i18n). */
export const VERSION_FILE_ERRORS = {
  unreadable: 'errors.settlement.unreadableFile',
  too_large: 'errors.settlement.fileUnpackedTooLarge',
  too_many_pages: 'errors.settlement.fileTooManyPages',
  heavy: 'errors.settlement.fileTooHeavy',
} as const;

function refusal(reason: TextJobFailure): AppError {
  switch (reason) {
    case 'active_content':
      return fieldError('file', ACTIVE_CONTENT_MESSAGE);
    case 'too_large':
      return fieldError('file', VERSION_FILE_ERRORS.too_large);
    case 'too_many_pages':
      return new AppError(
        'validation',
        VERSION_FILE_ERRORS.too_many_pages,
        {
          file: [VERSION_FILE_ERRORS.too_many_pages],
        },
        undefined,
        { max: EXTRACTION_LIMITS.maxPages },
      );
    case 'timeout':
    case 'memory':
      return fieldError('file', VERSION_FILE_ERRORS.heavy);
    case 'unreadable':
      return fieldError('file', VERSION_FILE_ERRORS.unreadable);
  }
}

/** Both texts whole, side by side: what a redline that could not be computed shows. */
function sideBySide(previous: string, next: string): Redline {
  return computeRedline(previous, next, { maxEditLength: 0, timeoutMs: 0 });
}

/**
 * A new version's text (the file's, read in the text worker, or the text typed) and its redline
 * against `previous` (the newest version's text; null for the first version), computed once here
 * and stored with it. A file over a limit of the worker or of the extraction is refused with 422
 * on `file`; a typed text whose redline the worker could not finish gets the side-by-side
 * redline ('too many changes').
 */
export async function versionText(
  input: { file: { extension: string | null; bytes: Buffer } | null; text: string; previous: string | null },
  workers: TextWorkers,
  /** Hears why a file was refused (the route writes it to the security log). */
  onRefused: (reason: TextJobFailure) => void,
): Promise<{ text: string; redline: Redline }> {
  const { file, text, previous } = input;
  // A first typed version: its redline is its text inserted, a split into clauses.
  if (!file && previous === null) return { text, redline: computeRedline('', text) };
  try {
    return await workers.run({ file, text, previous });
  } catch (error) {
    if (!(error instanceof TextJobFailed)) throw error;
    if (!file) return { text, redline: sideBySide(previous ?? '', text) };
    onRefused(error.reason);
    throw refusal(error.reason);
  }
}

/** The redline of a stored version's text against the version before it (redline-job.ts). */
export async function redlineOf(previous: string | null, text: string, workers: TextWorkers): Promise<Redline> {
  if (previous === null) return computeRedline('', text);
  try {
    return (await workers.run({ file: null, text, previous })).redline;
  } catch (error) {
    if (!(error instanceof TextJobFailed)) throw error;
    return sideBySide(previous, text);
  }
}
