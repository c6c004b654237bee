import { FEEDBACK_PREVIEW_LENGTH } from '../feedback';

/**
 * User-perceived characters (grapheme clusters): an emoji with skin tone or a flag counts as one.
 * The segmenter is made on first use: making one loads ICU data (~10 ms, 40 ms at Lighthouse's
 * 4× CPU slowdown, on the /dossiers page's critical path, decision 022).
 */
let segmenter: Intl.Segmenter | undefined;
const toCharacters = (text: string) =>
  Array.from(
    (segmenter ??= new Intl.Segmenter('nl', { granularity: 'grapheme' })).segment(text),
    (part) => part.segment,
  );

/**
 * A feedback preview, the one rule for every screen: the text trimmed, then
 * its first 130 characters with an ellipsis when it is longer. Characters are what a reader
 * sees, never UTF-16 code units, so an emoji, a flag or an accented letter is never cut in two.
 */
export function getFeedbackPreview(
  text: string,
  length = FEEDBACK_PREVIEW_LENGTH,
): { preview: string; truncated: boolean } {
  const trimmed = text.trim();
  // A text of at most `length` code points has at most `length` characters: nothing to cut.
  if (trimmed.length <= length) return { preview: trimmed, truncated: false };
  const characters = toCharacters(trimmed);
  if (characters.length <= length) return { preview: trimmed, truncated: false };
  return { preview: `${characters.slice(0, length).join('').trimEnd()}…`, truncated: true };
}

/** Another page can be loaded while the current page is below the last one. */
export const hasMorePages = (meta: { current_page: number; last_page: number }) => meta.current_page < meta.last_page;
