import { describe, expect, it } from 'vitest';
import { getDocumentProgress, isDocumentsComplete } from './document-progress';

const doc = (status: string, mandatory = true) => ({ status, mandatory });

describe('getDocumentProgress', () => {
  it('is the rounded percentage of mandatory documents delivered: neither Not Uploaded nor Rejected', () => {
    expect(getDocumentProgress([doc('Uploaded'), doc('Not Uploaded'), doc('Not Uploaded')])).toBe(33);
    expect(getDocumentProgress([doc('Approved'), doc('Rejected'), doc('Not Uploaded')])).toBe(33);
    expect(getDocumentProgress([doc('Approved'), doc('Uploaded'), doc('Rejected')])).toBe(67);
    expect(getDocumentProgress([doc('Uploaded'), doc('Approved')])).toBe(100);
  });
  it('ignores documents that are not mandatory', () => {
    expect(getDocumentProgress([doc('Not Uploaded'), doc('Uploaded', false)])).toBe(0);
  });
  it('is 100 when there is nothing mandatory to provide', () => {
    expect(getDocumentProgress([])).toBe(100);
  });
  it('is complete only at 100', () => {
    expect(isDocumentsComplete([doc('Uploaded'), doc('Not Uploaded')])).toBe(false);
    // A rejected document is to be delivered again: never '100 %' next to a rejected card.
    expect(isDocumentsComplete([doc('Rejected')])).toBe(false);
    expect(isDocumentsComplete([doc('Approved'), doc('Uploaded')])).toBe(true);
  });
});
