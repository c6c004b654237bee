import { describe, expect, it } from 'vitest';
import { getClientTodos, type ClientTodoInput } from './client-todos';
import { getChecklistButtons, getStepVersion } from './stepper';

const doc = (id: string, status: string, extra: Partial<ClientTodoInput['documents'][number]> = {}) => ({
  id,
  title: `Doc ${id}`,
  mandatory: true,
  status,
  visible: true,
  message: null,
  ...extra,
});
const complete: ClientTodoInput = {
  status: 'negotiation-phase',
  proposal_signed_at: '2026-01-01T00:00:00Z',
  proposal_document_id: 'p',
  documents: [doc('a', 'Approved'), doc('b', 'Uploaded')],
  questions: [{ answer: 'ja' }],
  profile: {
    name: 'Kees',
    last_name: 'Klant',
    phone_number: '06',
    street: 'Straat',
    house_number: '1',
    postcode: '1234AB',
    city: 'Utrecht',
  },
  company: {
    company_house_number: '2',
    company_postcode: '1234AB',
    company_city: 'Rotterdam',
    contact_email: 'hr@bv.nl',
    contact_phone_number: '010',
  },
};

describe('client to-do list', () => {
  it('is empty when nothing is open', () => {
    expect(getClientTodos(complete)).toEqual([]);
  });

  it("asks for no company name: 'Bedrijfsnaam' is optional", () => {
    expect(getClientTodos({ ...complete, company: { ...complete.company, company_name: null } as never })).toEqual([]);
    expect(
      getClientTodos({ ...complete, company: { ...complete.company, company_city: '' } }).map((todo) =>
        todo.kind === 'employer-data' ? todo.missing : todo.kind,
      ),
    ).toEqual([['company_city']]);
  });

  it('lists every open action at any phase: rejections, the letter, missing documents, data, story', () => {
    const todos = getClientTodos({
      ...complete,
      status: 'proposal',
      proposal_signed_at: null,
      documents: [
        doc('a', 'Rejected', { message: 'Onleesbaar' }),
        doc('b', 'Not Uploaded'),
        doc('c', 'Rejected', { mandatory: false, message: null }),
        doc('d', 'Not Uploaded', { visible: false }),
      ],
      questions: [{ answer: null }, { answer: '  ' }, { answer: 'x' }],
      profile: { ...complete.profile, phone_number: '', city: null },
      company: { ...complete.company, contact_email: ' ' },
    });
    expect(todos).toEqual([
      { kind: 'rejected-document', document_id: 'a', title: 'Doc a', mandatory: true, message: 'Onleesbaar' },
      { kind: 'rejected-document', document_id: 'c', title: 'Doc c', mandatory: false, message: null },
      { kind: 'sign-proposal' },
      { kind: 'missing-document', document_id: 'b', title: 'Doc b' },
      { kind: 'personal-data', missing: ['phone_number', 'city'] },
      { kind: 'employer-data', missing: ['contact_email'] },
      { kind: 'story-questions', count: 2 },
    ]);
  });

  it('does not ask to sign before a letter exists or after signing, and asks nothing once completed', () => {
    expect(
      getClientTodos({ ...complete, status: 'proposal', proposal_signed_at: null, proposal_document_id: null }),
    ).toEqual([]);
    expect(getClientTodos({ ...complete, status: 'completed', documents: [doc('a', 'Not Uploaded')] })).toEqual([]);
  });

  it("shows 'Offerte gekozen' as kept once a lawyer is there", () => {
    const flags = { profile_complete: true, company_details_complete: true, documents_complete: true, feedback: false };
    expect(getStepVersion('offer-chosen', flags)).toBe('incomplete');
    expect(getStepVersion('offer-chosen', flags, { hasLawyer: true })).toBe('complete');
  });

  it("at 'Lead' asks for documents only once the step buttons unlock them: one rule for both", () => {
    const atLead = {
      ...complete,
      status: 'lead' as const,
      proposal_signed_at: null,
      proposal_document_id: null,
      documents: [doc('a', 'Not Uploaded')],
    };
    const locked = getClientTodos({ ...atLead, company: { ...complete.company, company_city: '' } });
    expect(locked.map((todo) => todo.kind)).toEqual(['employer-data']);
    expect(
      getChecklistButtons({ profile_complete: true, company_details_complete: false, documents_complete: false }).find(
        (b) => b.action === 'documents',
      )?.enabled,
    ).toBe(false);
    // Personal and employer data complete: the documents button unlocks, and the missing document is asked for.
    expect(getClientTodos(atLead).map((todo) => todo.kind)).toEqual(['missing-document']);
    // Outside the preparation phases documents are always asked for.
    expect(
      getClientTodos({
        ...atLead,
        status: 'reviewing-documents',
        company: { ...complete.company, company_city: '' },
      }).map((todo) => todo.kind),
    ).toEqual(['missing-document', 'employer-data']);
  });
});
