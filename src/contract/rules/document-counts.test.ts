import { describe, expect, it } from 'vitest';
import { getDocumentCounts } from './document-counts';

const person = { id: '1' };
const doc = (
  status: 'Not Uploaded' | 'Uploaded' | 'Approved' | 'Rejected',
  approved_by: unknown = null,
  rejected_by: unknown = null,
) => ({ status, approved_by, rejected_by });

describe('document counts', () => {
  it('counts missing documents as those not uploaded', () => {
    expect(getDocumentCounts([doc('Not Uploaded'), doc('Not Uploaded'), doc('Uploaded')]).missing).toBe(2);
  });
  it('counts uploaded documents without approver or rejecter as unchecked', () => {
    const counts = getDocumentCounts([
      doc('Uploaded'),
      doc('Uploaded', person),
      doc('Uploaded', null, person),
      doc('Rejected', null, person),
    ]);
    expect(counts.unchecked).toBe(1);
  });
  it("is 'Dossier compleet' when nothing is missing", () => {
    expect(getDocumentCounts([doc('Uploaded'), doc('Approved', person)]).complete).toBe(true);
    expect(getDocumentCounts([doc('Uploaded'), doc('Not Uploaded')]).complete).toBe(false);
  });
  it("is 'Alle documenten gecontroleerd' only with at least one document, all approved", () => {
    expect(getDocumentCounts([]).allChecked).toBe(false);
    expect(getDocumentCounts([doc('Approved', person), doc('Approved', person)]).allChecked).toBe(true);
    expect(getDocumentCounts([doc('Approved', person), doc('Rejected', null, person)]).allChecked).toBe(false);
  });
});
