import { describe, expect, it } from 'vitest';
import { getRootElement, MISSING_ROOT_MESSAGE } from './mount';

describe('getRootElement', () => {
  it('finds #root', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML = '<div id="root"></div>';
    expect(getRootElement(doc).id).toBe('root');
  });

  it("says the app couldn't find its home when #root is missing", () => {
    const doc = document.implementation.createHTMLDocument();
    expect(() => getRootElement(doc)).toThrow(MISSING_ROOT_MESSAGE);
    expect(doc.body.textContent).toBe("Something has gone terribly wrong. The app couldn't find its home :(");
  });
});
