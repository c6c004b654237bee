import type { EventKind } from './rules';

/**
 * One change, as its cause records it: who (`actorId`, null for the system), what (`action`,
 * a kind of rules.ts), on what (`subjectType`, `subjectId`), on which case (`caseId`; a subject
 * of type 'case' is its own case), details (`data`) and when (`at`).
 */
export type DomainEvent = {
  actorId: string | null;
  action: EventKind;
  subjectType: string;
  subjectId: string;
  caseId?: string | null;
  data?: Record<string, unknown>;
  at: Date;
};

/** The case an event is about: its `caseId`, a subject of type 'case', or `data.case_id`. */
export function caseOf(event: DomainEvent): string | null {
  if (event.caseId) return event.caseId;
  if (event.subjectType === 'case') return event.subjectId;
  const fromData = event.data?.case_id;
  return typeof fromData === 'string' ? fromData : null;
}
