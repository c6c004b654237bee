import { computeRedline, REDLINE_LIMITS, type Redline, type RedlineLimits } from '../../contract/rules/redline';
import {
  EXTRACTION_LIMITS,
  ExtractionRefused,
  extractText,
  type ExtractionLimits,
  type RefusalReason,
} from './extract-text';

/**
 * One job of the text worker (text-jobs.ts runs it in a worker thread with its own memory and
 * time limits): read a file's text when one is given, else take `text`, and compute its redline
 * against `previous` (null for a first version, whose redline is the whole text inserted).
 */
export type TextJob = {
  file: { extension: string | null; bytes: Uint8Array } | null;
  text: string;
  previous: string | null;
  limits?: { extraction?: Partial<ExtractionLimits>; redline?: Partial<RedlineLimits> };
};
export type TextJobResult = { ok: true; text: string; redline: Redline } | { ok: false; reason: RefusalReason };

export default async function run(job: TextJob): Promise<TextJobResult> {
  let text = job.text;
  if (job.file) {
    try {
      text = await extractText(job.file.extension, Buffer.from(job.file.bytes), {
        ...EXTRACTION_LIMITS,
        ...job.limits?.extraction,
      });
    } catch (error) {
      if (error instanceof ExtractionRefused) return { ok: false, reason: error.reason };
      return { ok: false, reason: 'unreadable' };
    }
  }
  const redline = computeRedline(job.previous ?? '', text, { ...REDLINE_LIMITS, ...job.limits?.redline });
  return { ok: true, text, redline };
}
