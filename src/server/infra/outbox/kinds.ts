import type { MailTopic } from '../../../contract/notifications';

/**
 * Every kind of mail, with how it is sent. Adding a kind: add it here, give it a template in
 * templates.tsx and its texts under `notifications.mail.<kind>` in public/i18n/*.json.
 * - digest: waits MAIL_DIGEST_MINUTES and goes out in one mail with the recipient's other
 *   digest rows; false = sent at once (codes, the letter to sign, deletion notices).
 * - topic: the preference that turns it off (and its unsubscribe link); null = always sent.
 */
export const MAIL_KINDS = {
  login_code: { digest: false, topic: null },
  intake_ready: { digest: false, topic: null },
  lawyer_assigned: { digest: true, topic: null },
  proposal_ready: { digest: false, topic: null },
  phase_changed: { digest: true, topic: 'phase_changes' },
  document_rejected: { digest: true, topic: null },
  document_shared: { digest: true, topic: 'uploads' },
  todo_reminder: { digest: true, topic: 'reminders' },
  deletion_upcoming: { digest: false, topic: null },
  deletion_today: { digest: false, topic: null },
  case_assigned: { digest: true, topic: null },
  proposal_signed: { digest: true, topic: null },
  document_uploaded: { digest: true, topic: 'uploads' },
  documents_complete: { digest: true, topic: 'uploads' },
  feedback_created: { digest: true, topic: null },
  message_unread: { digest: false, topic: null },
  email_change_code: { digest: false, topic: null },
  email_taken: { digest: false, topic: null },
  email_changed: { digest: false, topic: null },
  two_factor_locked: { digest: false, topic: null },
  case_handed_over: { digest: false, topic: null },
  lawyer_changed: { digest: false, topic: null },
  appointment_booked: { digest: false, topic: null },
  appointment_moved: { digest: false, topic: null },
  appointment_cancelled: { digest: false, topic: null },
  appointment_reminder: { digest: false, topic: null },
  engagement_withdrawn: { digest: false, topic: null },
  engagement_withdrawn_lawyer: { digest: false, topic: null },
  complaint_received: { digest: false, topic: null },
  complaint_filed: { digest: false, topic: null },
  complaints_officer_changed: { digest: false, topic: null },
  complaint_answered: { digest: false, topic: null },
  settlement_version: { digest: false, topic: null },
  settlement_reply_reminder: { digest: false, topic: null },
  cooling_off_ending: { digest: false, topic: null },
  cooling_off_last_day: { digest: false, topic: null },
  cooling_off_expired: { digest: false, topic: null },
  engagement_signed: { digest: false, topic: null },
  settlement_signed: { digest: false, topic: null },
  data_export_ready: { digest: false, topic: null },
  insight_weekly: { digest: false, topic: null },
  invoice_paid: { digest: false, topic: null },
  invoice_task: { digest: false, topic: null },
  invoice_reminder: { digest: false, topic: null },
  invoice_letter: { digest: false, topic: null },
  invoice_reminder_employer: { digest: false, topic: null },
  invoice_employer_overdue: { digest: false, topic: null },
  backup_failed: { digest: false, topic: null },
} as const satisfies Record<string, { digest: boolean; topic: MailTopic | null }>;

export type MailKind = keyof typeof MAIL_KINDS;

export const isMailKind = (kind: string): kind is MailKind => Object.hasOwn(MAIL_KINDS, kind);

/** Payload of each kind: plain strings for the template, never content, reasons, answers or message text. */
export type MailPayloads = {
  login_code: { code: string; minutes: number };
  intake_ready: Record<string, never>;
  lawyer_assigned: { lawyer_name: string; lawyer_title: string; lawyer_email: string; lawyer_phone: string | null };
  proposal_ready: Record<string, never>;
  /**
   * `signed`: at 'Klaar voor ondertekening' once the settlement agreement is signed, the last day of the bedenktijd
   * (YYYY-MM-DD; null when there is none), so the mail says it is signed instead of asking to sign.
   */
  phase_changed: {
    case_id: string;
    from: string;
    to: string;
    signed?: { last_day: string | null };
    /** At completion: when the account goes and until when the firm keeps the file (dd-mm-yyyy), and how many years. */
    retention?: { account_until: string; file_until: string; years: number };
  };
  /**
   * `document_id`, `version`: the digest drops the item when that version is no longer the rejected one (replaced,
   * approved).
   */
  document_rejected: { title: string; document_id?: string; version?: number };
  /** `document_id`: so the mail is withdrawn when the lawyer hides or deletes the document before it goes. */
  document_shared: { title: string; document_id?: string };
  todo_reminder: { count: number };
  deletion_upcoming: { date: string };
  deletion_today: Record<string, never>;
  case_assigned: { client_name: string; case_id: string };
  proposal_signed: { client_name: string; case_id: string };
  document_uploaded: { client_name: string; case_id: string; title: string; replaced: boolean };
  documents_complete: { client_name: string; case_id: string };
  feedback_created: { client_name: string; case_id: string };
  /** A message unread for 5 minutes (messages/mail.ts); never its text. */
  message_unread: { case_id: string; for_lawyer: boolean };
  /**
   * E-mail change (email-change/): the code to the new address, the warning to an address in use, the notice to the old
   * one.
   */
  email_change_code: { code: string; minutes: number };
  email_taken: Record<string, never>;
  email_changed: Record<string, never>;
  /** Ten failed second steps within an hour locked a staff account's second step (auth/two-factor-routes.ts). */
  two_factor_locked: Record<string, never>;
  /**
   * An admin handed a case to a lawyer (reassignment) or set them as its stand-in: the client's
   * name and the case id; for a stand-in the first and last day (YYYY-MM-DD).
   */
  case_handed_over: {
    client_name: string;
    case_id: string;
    stand_in_from: string | null;
    stand_in_until: string | null;
  };
  /** The client's new lawyer (reassignment) or stand-in, by name only; never case content. */
  lawyer_changed: { lawyer_name: string; stand_in_from: string | null; stand_in_until: string | null };
  /**
   * The first conversation (appointments/): booked, moved or cancelled (each with a calendar invite) and the reminder
   * the day before.
   */
  appointment_booked: AppointmentMailPayload;
  appointment_moved: AppointmentMailPayload;
  appointment_cancelled: AppointmentMailPayload;
  appointment_reminder: AppointmentMailPayload;
  /** The client withdrew from the engagement (workflow/withdrawal.ts): the confirmation to them, with the date. */
  engagement_withdrawn: { date: string };
  engagement_withdrawn_lawyer: { client_name: string; case_id: string };
  /**
   * Complaints (complaints/): the receipt with the answer-by date (dd-mm-jjjj), the notice to the officer, the answer;
   * never the complaint's text.
   */
  complaint_received: { answer_by: string };
  complaint_filed: { answer_by: string };
  /** To every admin: who is (or is no longer) complaints officer, and who decided it ('' for the command line). */
  complaints_officer_changed: { officer_name: string; appointed: boolean; by_name: string };
  complaint_answered: { body_name: string; months: number };
  /** The settlement agreement (settlement/): never an amount, term or text. */
  settlement_version: Record<string, never>;
  settlement_reply_reminder: Record<string, never>;
  cooling_off_ending: Record<string, never>;
  cooling_off_last_day: Record<string, never>;
  cooling_off_expired: { case_id: string };
  /**
   * The client signed the engagement letter (domain-events/signing-mails.ts): the package's name, the last day of the
   * withdrawal period (YYYY-MM-DD) and whether the firm may start at once.
   */
  engagement_signed: { package: string; withdrawal_last_day: string; start_now: boolean };
  /** The signed settlement agreement was recorded or corrected: the last day of the bedenktijd (YYYY-MM-DD) or null. */
  settlement_signed: { last_day: string | null; corrected: boolean };
  /**
   * The client's data export is ready (data-export/): only until when the link works (dd-mm-jjjj HH:mm, Amsterdam);
   * never its content.
   */
  data_export_ready: { until: string };
  /** The server's own backup failed (backup/job.ts): when (Amsterdam) and an error code, never a path or message. */
  backup_failed: { at: string; code: string };
  /** Invoices (invoices/, payments/): the number and amounts ('€ 1.234,56') and dates (dd-mm-jjjj) only. */
  invoice_paid: { number: string; amount: string };
  invoice_task: { case_id: string; number: string; amount: string };
  invoice_reminder: { number: string; amount: string; due_date: string };
  /** `invoice_id`: the letter's PDF goes along as an attachment (invoices/letter-mail.ts). */
  invoice_letter: { invoice_id: string; number: string; amount: string; deadline: string; costs: string };
  invoice_reminder_employer: { number: string; amount: string; due_date: string; firm: string; iban: string };
  invoice_employer_overdue: { case_id: string; number: string; amount: string; due_date: string };
  /**
   * The weekly summary of the firm's view to an admin (insight/weekly.ts): counts only, never a name or case content.
   */
  insight_weekly: {
    created: number;
    completed: number;
    inactive: number;
    unanswered: number;
    unsigned: number;
    unsent: number;
    more: boolean;
    limit: number;
  };
};

/** The time, who it is with and how: never case content. `attendees` and `organizer` go into the invite. */
export type AppointmentMailPayload = {
  appointment_id: string;
  case_id: string;
  sequence: number;
  start: string;
  end: string;
  stamp: string;
  for_lawyer: boolean;
  lawyer_name: string;
  client_name: string;
  mode: 'phone' | 'video';
  video_url: string | null;
  attendees: { name: string; email: string }[];
};
