import { FEEDBACK_PREVIEW_LENGTH } from '../feedback';

/** A feedback preview: the first 130 characters with an ellipsis when the text is longer (SPEC section 9). */
export function getFeedbackPreview(text: string, length = FEEDBACK_PREVIEW_LENGTH): { preview: string; truncated: boolean } {
  const characters = Array.from(text);
  if (characters.length <= length) return { preview: text, truncated: false };
  return { preview: `${characters.slice(0, length).join('').trimEnd()}…`, truncated: true };
}

/** Another page can be loaded while the current page is below the last one. */
export const hasMorePages = (meta: { current_page: number; last_page: number }) => meta.current_page < meta.last_page;
