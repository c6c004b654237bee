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
  it('counts what a reader sees: a family emoji, a flag and a decomposed é are one character each', () => {
    const family = '👨‍👩‍👧';
    const { preview } = getFeedbackPreview(`${'d'.repeat(128)}${family}🇳🇱e\u0301x`);
    expect(preview).toBe(`${'d'.repeat(128)}${family}🇳🇱…`);
    expect(getFeedbackPreview(`${'d'.repeat(129)}e\u0301`)).toEqual({
      preview: `${'d'.repeat(129)}e\u0301`,
      truncated: false,
    });
  });
  it('trims the text first, so spaces around it neither count nor show', () => {
    expect(getFeedbackPreview(`   ${'e'.repeat(130)}\n\n`)).toEqual({ preview: 'e'.repeat(130), truncated: false });
    expect(getFeedbackPreview(`${'f'.repeat(125)}      ${'g'.repeat(10)}`).preview).toBe(`${'f'.repeat(125)}…`);
  });
});

describe('hasMorePages', () => {
  it('offers more until the last page', () => {
    expect(hasMorePages({ current_page: 1, last_page: 2 })).toBe(true);
    expect(hasMorePages({ current_page: 2, last_page: 2 })).toBe(false);
    expect(hasMorePages({ current_page: 1, last_page: 1 })).toBe(false);
  });
});
