import { describe, expect, it } from 'vitest';
import { getFeedbackPreview, hasMorePages } from './feedback-preview';

describe('getFeedbackPreview', () => {
  it('keeps texts of at most 130 characters whole', () => {
    const text = 'a'.repeat(130);
    expect(getFeedbackPreview(text)).toEqual({ preview: text, truncated: false });
  });
  it('cuts longer texts at 130 characters and adds an ellipsis', () => {
    const { preview, truncated } = getFeedbackPreview('b'.repeat(131));
    expect(truncated).toBe(true);
    expect(preview).toBe(`${'b'.repeat(130)}…`);
  });
  it('does not split an emoji in two', () => {
    const { preview } = getFeedbackPreview(`${'c'.repeat(129)}😀😀`);
    expect(preview).toBe(`${'c'.repeat(129)}😀…`);
  });
});

describe('hasMorePages', () => {
  it('offers more until the last page', () => {
    expect(hasMorePages({ current_page: 1, last_page: 2 })).toBe(true);
    expect(hasMorePages({ current_page: 2, last_page: 2 })).toBe(false);
    expect(hasMorePages({ current_page: 1, last_page: 1 })).toBe(false);
  });
});
