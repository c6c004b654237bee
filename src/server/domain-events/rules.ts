import type { AuditAction } from '../../contract/admin';
import {
  caseChanged,
  caseChangedWithNamedLawyers,
  messageDeleted,
  messagesRead,
  messageSent,
  type LiveRule,
} from './live';
import {
  coolingOffExpiredMails,
  documentRejectedMail,
  documentShownMail,
  documentUploadedMails,
  feedbackMails,
  handedOverMails,
  lawyerAssignedMails,
  proposalSentMail,
  settlementVersionMail,
  statusMails,
  withdrawnMails,
  withdrawSharedMail,
  type MailRule,
} from './mails';
import {
  complaintAnsweredMail,
  complaintFiledMails,
  complaintsOfficerMails,
  dataExportReadyMail,
} from './person-mails';
import { engagementSignedMails, settlementSignedMail } from './signing-mails';
import { backupFailedMails } from './backup-mails';
import { invoicePaidMails } from './invoice-mails';
import { documentRejectedPush, invoiceDuePush, messagePush, settlementVersionPush, type PushRule } from './push-rules';
import { appointmentBookedMails, appointmentCancelledMails, appointmentMovedMails } from './appointment-mails';

/**
 * What follows from one kind of event. Every column is a decision; `'none'` is one too.
 * - `audit`: `'line'` writes the audit line (admin's audit page, and the timeline reads it);
 *   `'none'` for changes too small or too frequent to audit (a read mark, a document opened).
 * - `mail`: the rule that writes the outbox rows (mails.ts), in the event's transaction.
 * - `live`: the rule that says which live events go to whom (live.ts), published after commit.
 * - `timeline`: who sees the audit line on the case's timeline (`GET /api/cases/{id}/timeline`).
 * - `push`: the rule that writes the push notices (push-rules.ts), in the event's transaction; only
 *   the few kinds that cannot wait name one (docs/notifications.md), the others send none.
 */
export type EventRule = {
  audit: 'line' | 'none';
  mail: MailRule | 'none';
  live: LiveRule | 'none';
  timeline: 'client and lawyer' | 'lawyer' | 'none';
  push?: PushRule;
};

/** Changes that are not audited but still tell the open screens. */
type UnauditedKind =
  'case.company_updated' | 'case.contact_persons_changed' | 'document.viewed' | 'message.read' | 'message.deleted';
/** Audited, but not listed in the admin's action filter. */
type UnlistedKind = 'admin.complaints_officer_set';
export type EventKind = AuditAction | UnauditedKind | UnlistedKind;

const quiet: EventRule = { audit: 'line', mail: 'none', live: 'none', timeline: 'none' };
const phase: EventRule = { audit: 'line', mail: statusMails, live: caseChanged, timeline: 'client and lawyer' };

/**
 * One row per kind of event. Adding a kind is adding a row here (the type makes a missing row
 * a compile error, domain-events.test.ts checks every column). Mails that jobs write on their
 * own (reminders, the retention notices) are not caused by one event and stay with their job.
 */
export const EVENT_RULES: Record<EventKind, EventRule> = {
  // The case and its people. A new case (the intake form, the command line) is a lead nobody
  // works on yet: recorded, told to no one.
  'case.created': { audit: 'line', mail: 'none', live: 'none', timeline: 'none' },
  'case.lawyer_assigned': { audit: 'line', mail: lawyerAssignedMails, live: caseChanged, timeline: 'lawyer' },
  'case.reassigned': { audit: 'line', mail: handedOverMails, live: caseChangedWithNamedLawyers, timeline: 'none' },
  'case.stand_in_added': { audit: 'line', mail: handedOverMails, live: caseChangedWithNamedLawyers, timeline: 'none' },
  'case.legal_hold_changed': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  'case.offer_changed': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'lawyer' },
  'case.company_updated': { audit: 'none', mail: 'none', live: caseChanged, timeline: 'none' },
  'case.contact_persons_changed': { audit: 'none', mail: 'none', live: caseChanged, timeline: 'none' },
  'case.finalization_answered': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  // Phases (only the workflow module records these)
  'case.status_changed': phase,
  'case.finished': phase,
  'case.reactivated': phase,
  'case.completed': phase,
  // The engagement letter
  'proposal.sent': { audit: 'line', mail: proposalSentMail, live: caseChanged, timeline: 'client and lawyer' },
  'proposal.signed': { audit: 'line', mail: engagementSignedMails, live: caseChanged, timeline: 'client and lawyer' },
  'proposal.withdrawn': { audit: 'line', mail: withdrawnMails, live: caseChanged, timeline: 'none' },
  // Documents
  'document.uploaded': { audit: 'line', mail: documentUploadedMails, live: caseChanged, timeline: 'lawyer' },
  'document.deleted': { audit: 'line', mail: withdrawSharedMail, live: caseChanged, timeline: 'lawyer' },
  'document.approved': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
  'document.rejected': {
    audit: 'line',
    mail: documentRejectedMail,
    live: caseChanged,
    timeline: 'client and lawyer',
    push: documentRejectedPush,
  },
  'document.shown': { audit: 'line', mail: documentShownMail, live: caseChanged, timeline: 'lawyer' },
  'document.hidden': { audit: 'line', mail: withdrawSharedMail, live: caseChanged, timeline: 'lawyer' },
  // The lawyer opened or downloaded a document: it leaves their pending documents.
  'document.viewed': { audit: 'none', mail: 'none', live: caseChanged, timeline: 'none' },
  // The settlement agreement
  'settlement.version_added': {
    audit: 'line',
    mail: settlementVersionMail,
    live: caseChanged,
    timeline: 'client and lawyer',
    push: settlementVersionPush,
  },
  'settlement.version_final': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
  'settlement.response': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  'settlement.check_approved': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  'settlement.signed': { audit: 'line', mail: settlementSignedMail, live: caseChanged, timeline: 'client and lawyer' },
  // Recorded by the settlement reminder job the day after the bedenktijd ended.
  'settlement.cooling_off_expired': {
    audit: 'line',
    mail: coolingOffExpiredMails,
    live: caseChanged,
    timeline: 'none',
  },
  // The first conversation: the invites (with their calendar file) to the client and the lawyer;
  // a move's mail waits the digest window, a cancellation withdraws one still waiting.
  'appointment.booked': {
    audit: 'line',
    mail: appointmentBookedMails,
    live: caseChanged,
    timeline: 'client and lawyer',
  },
  'appointment.rescheduled': {
    audit: 'line',
    mail: appointmentMovedMails,
    live: caseChanged,
    timeline: 'client and lawyer',
  },
  'appointment.cancelled': {
    audit: 'line',
    mail: appointmentCancelledMails,
    live: caseChanged,
    timeline: 'client and lawyer',
  },
  'appointment.callback_requested': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  'appointment.callback_done': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'none' },
  // Messages: unread ones are mailed as a digest by their job, never one by one; the push notice
  // waits a minute and is dropped when the message was read by then.
  'message.sent': {
    audit: 'line',
    mail: 'none',
    live: messageSent,
    timeline: 'client and lawyer',
    push: messagePush,
  },
  'message.read': { audit: 'none', mail: 'none', live: messagesRead, timeline: 'none' },
  'message.deleted': { audit: 'none', mail: 'none', live: messageDeleted, timeline: 'none' },
  'feedback.created': { audit: 'line', mail: feedbackMails, live: caseChanged, timeline: 'none' },
  // Complaints live apart from the case (no live event, not on the timeline); their mails find
  // their readers themselves (person-mails.ts).
  'complaint.filed': { ...quiet, mail: complaintFiledMails },
  'complaint.read': quiet,
  'complaint.handled': quiet,
  'complaint.closed': { ...quiet, mail: complaintAnsweredMail },
  'complaint.register_read': quiet,
  'complaint.register_exported': quiet,
  'complaint.file_downloaded': quiet,
  'admin.complaints_officer_set': { ...quiet, mail: complaintsOfficerMails },
  // A client's data export: about a person, not a case (no live event, not on the timeline).
  'data_export.requested': quiet,
  'data_export.ready': { ...quiet, mail: dataExportReadyMail },
  'data_export.failed': quiet,
  'data_export.downloaded': quiet,
  'data_export.removed': quiet,
  // People and the admin's reading (no case: no live event)
  'lawyer.created': quiet,
  'lawyer.deactivated': quiet,
  'lawyer.reactivated': quiet,
  // The case is gone with its people: nobody to tell. The job mails the notice of the day itself.
  'retention.account_deleted': quiet,
  'retention.file_destroyed': quiet,
  'archive.downloaded': quiet,
  // The server's own backup failed: every active admin is mailed (backup/job.ts).
  'backup.failed': { audit: 'line', mail: backupFailedMails, live: 'none', timeline: 'none' },
  'audit.read': quiet,
  'audit.exported': quiet,
  'insight.exported': quiet,
  'outbox.read': quiet,
  'outbox.retried': quiet,
  // Invoices (invoices/, payments/): the client sees what was sent and paid; paid mails a receipt
  // and, once every invoice of the case is paid, the lawyers' task. The reminder mails and the
  // fourteen-day letter are written by their job (invoices/reminders.ts).
  'invoice.drafted': quiet,
  'invoice.issued': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
  'invoice.credited': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
  'invoice.paid': { audit: 'line', mail: invoicePaidMails, live: caseChanged, timeline: 'client and lawyer' },
  'invoice.refunded': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
  // The client's invoice is past due: the reminder mail is the job's, the push notice this row's.
  'invoice.reminder_sent': {
    audit: 'line',
    mail: 'none',
    live: caseChanged,
    timeline: 'lawyer',
    push: invoiceDuePush,
  },
  'invoice.letter_sent': { audit: 'line', mail: 'none', live: caseChanged, timeline: 'client and lawyer' },
};

export const EVENT_KINDS = Object.keys(EVENT_RULES) as EventKind[];

/** The kinds on a case's timeline: all for its lawyers, fewer for its client. */
export function timelineKinds(forClient: boolean): EventKind[] {
  return EVENT_KINDS.filter((kind) => {
    const { timeline } = EVENT_RULES[kind];
    return forClient ? timeline === 'client and lawyer' : timeline !== 'none';
  });
}
