/**
 * The export rule of every table in src/server/infra/db/schema.ts: either the zip entry its rows about
 * the client go to, or why it is not exported. A table without a rule fails
 * table-export-rule.test.ts, so whoever adds a table decides here whether a client's export
 * must show it.
 */
export type ExportRule = { entry: string } | { notExported: string };

export const ENTRIES = {
  profile: 'gegevens/profiel.json',
  case: 'gegevens/dossier.json',
  answers: 'gegevens/antwoorden.json',
  contactPersons: 'gegevens/contactpersonen.json',
  messages: 'gegevens/berichten.json',
  timeline: 'gegevens/tijdlijn.json',
  documents: 'gegevens/documenten.json',
  engagement: 'gegevens/opdrachtbevestiging.json',
  appointments: 'gegevens/afspraken.json',
  complaints: 'gegevens/klachten.json',
  feedback: 'gegevens/feedback.json',
  cookies: 'gegevens/cookies.json',
  mails: 'gegevens/e-mails.json',
  exports: 'gegevens/exports.json',
  settlement: 'vaststellingsovereenkomst/gegevens.json',
  invoices: 'facturen/facturen.json',
  summary: 'samenvatting.pdf',
} as const;

const SECURITY =
  'security material (hashes, counters, secrets): no information about the person, and exporting it would ' +
  'weaken the account';
const CATALOGUE =
  "the firm's own catalogue, the same for every client: no personal data (its texts label the answers " +
  'that are exported)';
const STAFF = "staff data (lawyers' and admins' own records), not about the client";

export const EXPORT_RULES: Record<string, ExportRule> = {
  users: { entry: ENTRIES.profile },
  cases: { entry: ENTRIES.case },
  case_lawyers: { entry: ENTRIES.case },
  case_stand_ins: { entry: ENTRIES.case },
  answers: { entry: ENTRIES.answers },
  contact_persons: { entry: ENTRIES.contactPersons },
  messages: { entry: ENTRIES.messages },
  audit_events: { entry: ENTRIES.timeline },
  documents: { entry: ENTRIES.documents },
  proposal_signatures: { entry: ENTRIES.engagement },
  engagement_withdrawals: { entry: ENTRIES.engagement },
  appointments: { entry: ENTRIES.appointments },
  complaints: { entry: ENTRIES.complaints },
  complaint_files: { entry: ENTRIES.complaints },
  feedback: { entry: ENTRIES.feedback },
  cookie_records: { entry: ENTRIES.cookies },
  outbox: { entry: ENTRIES.mails },
  data_exports: { entry: ENTRIES.exports },
  settlement_versions: { entry: ENTRIES.settlement },
  settlement_responses: { entry: ENTRIES.settlement },
  settlement_signed: { entry: ENTRIES.settlement },
  settlement_signed_superseded: { entry: ENTRIES.settlement },
  // The client's own invoices and credit notes (never a draft), with their PDFs beside them under facturen/.
  invoices: { entry: ENTRIES.invoices },
  invoice_lines: { entry: ENTRIES.invoices },
  invoice_payments: { entry: ENTRIES.invoices },

  login_codes: { notExported: SECURITY },
  login_throttles: { notExported: `${SECURITY}; keyed by a hash of the address, so not linked to an account` },
  tokens: { notExported: SECURITY },
  event_tickets: { notExported: SECURITY },
  staff_two_factor: { notExported: `${SECURITY}; staff only` },
  two_factor_challenges: { notExported: `${SECURITY}; staff only` },
  recovery_codes: { notExported: `${SECURITY}; staff only` },
  statuses: { notExported: CATALOGUE },
  questions: { notExported: CATALOGUE },
  document_slots: { notExported: CATALOGUE },
  articles: { notExported: CATALOGUE },
  status_articles: { notExported: CATALOGUE },
  availability: { notExported: STAFF },
  lawyer_absences: { notExported: STAFF },
  lawyer_status_counts: { notExported: `${STAFF}: counts per lawyer, kept by triggers` },
  document_views: { notExported: `${STAFF}: when a lawyer last opened a document (drives their list of new uploads)` },
  file_destructions: {
    notExported:
      "the firm's record that a file was destroyed after its retention period: written when the client's " +
      'account and file are long gone, initials and counts only',
  },
  backup_runs: { notExported: "the firm's technical log of its own backups: times, sizes, no personal data" },
  invoice_counters: { notExported: 'the last invoice number per year, no personal data' },
  push_keys: { notExported: "the server's own VAPID key pair for Web Push, no personal data" },
  push_subscriptions: {
    notExported:
      "a device's address at its browser's push service and the keys to encrypt for it: a means of delivery the " +
      "user sees (name, last use) and removes under 'Meldingen' in the settings; gone with logout",
  },
  push_outbox: {
    notExported: 'the push notices waiting or sent: a kind, a tag and ids, never a text or case content',
  },
  intake_deliveries: {
    notExported:
      'a technical guard against replayed intake deliveries: an event id and a case id, no content (the ' +
      'intake answers themselves are in the case)',
  },
};

/** The entries a zip of a client with data in every exported table holds (the PDF summary included). */
export const EXPORTED_ENTRIES: readonly string[] = [
  ENTRIES.summary,
  ...new Set(Object.values(EXPORT_RULES).flatMap((rule) => ('entry' in rule ? [rule.entry] : []))),
];
