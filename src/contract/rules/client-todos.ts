import type { StatusSlug } from '../statuses';
import {
  REQUIRED_COMPANY_FIELDS,
  REQUIRED_PROFILE_FIELDS,
  areDocumentsUnlocked,
  type RequiredCompanyField,
  type RequiredProfileField,
} from './stepper';

/**
 * 'Wat moet ik nog doen?': every open action of the client, whatever the phase.
 * A pure rule: the dashboard shows it, and the notifications' 7-day reminders reuse it.
 */
export type ClientTodo =
  | { kind: 'rejected-document'; document_id: string; title: string; mandatory: boolean; message: string | null }
  | { kind: 'missing-document'; document_id: string; title: string }
  | { kind: 'sign-proposal' }
  | { kind: 'story-questions'; count: number }
  | { kind: 'personal-data'; missing: RequiredProfileField[] }
  | { kind: 'employer-data'; missing: RequiredCompanyField[] };

export type ClientTodoInput = {
  status: StatusSlug;
  proposal_signed_at: string | null;
  proposal_document_id: string | null;
  documents: readonly {
    id: string;
    title: string;
    mandatory: boolean;
    status: string;
    visible: boolean;
    message: string | null;
  }[];
  /** The client's story questions with their answers (null or blank: unanswered). */
  questions: readonly { answer: string | null }[];
  profile: Record<RequiredProfileField, string | null | undefined>;
  company: Record<RequiredCompanyField, string | null | undefined>;
};

const blank = (value: string | null | undefined) => !value || value.trim().length === 0;

/** Where the client does each to-do. */
export const TODO_ROUTES: Record<ClientTodo['kind'], string> = {
  'rejected-document': '/documenten',
  'missing-document': '/documenten',
  'sign-proposal': '/opdrachtbevestiging',
  'story-questions': '/mijn-verhaal/verhaal-gegevens',
  'personal-data': '/mijn-verhaal',
  'employer-data': '/mijn-verhaal/werkgever-gegevens',
};

/**
 * The open actions, most urgent first: rejections, the letter, missing documents, data, story.
 * Nothing once completed. Documents are asked for only when the step buttons unlock them
 * (`areDocumentsUnlocked`): at 'Lead' the client first completes personal and employer data.
 */
export function getClientTodos(input: ClientTodoInput): ClientTodo[] {
  if (input.status === 'completed') return [];
  const todos: ClientTodo[] = [];
  const missingProfile = REQUIRED_PROFILE_FIELDS.filter((field) => blank(input.profile[field]));
  const missingCompany = REQUIRED_COMPANY_FIELDS.filter((field) => blank(input.company[field]));
  const documentsOpen = areDocumentsUnlocked(input.status, {
    profile_complete: missingProfile.length === 0,
    company_details_complete: missingCompany.length === 0,
  });
  const visible = documentsOpen ? input.documents.filter((d) => d.visible) : [];
  for (const d of visible) {
    if (d.status === 'Rejected')
      todos.push({
        kind: 'rejected-document',
        document_id: d.id,
        title: d.title,
        mandatory: d.mandatory,
        message: d.message,
      });
  }
  if (input.status === 'proposal' && !input.proposal_signed_at && input.proposal_document_id)
    todos.push({ kind: 'sign-proposal' });
  for (const d of visible) {
    if (d.mandatory && d.status === 'Not Uploaded')
      todos.push({ kind: 'missing-document', document_id: d.id, title: d.title });
  }
  if (missingProfile.length > 0) todos.push({ kind: 'personal-data', missing: missingProfile });
  if (missingCompany.length > 0) todos.push({ kind: 'employer-data', missing: missingCompany });
  const unanswered = input.questions.filter((q) => blank(q.answer)).length;
  if (unanswered > 0) todos.push({ kind: 'story-questions', count: unanswered });
  return todos;
}
