import { createECDH } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestContext,
  createTestClient,
  createTestLawyer,
  tokenFor,
  bearer,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { createUser } from '../users/create';
import { complaintFiles, dataExports, documents, feedback, invoices } from '../infra/db/schema';
import { insertMessage } from '../messages/queries';

/**
 * The authorization matrix: every route the app registers × six actors. Each cell
 * says "allowed" (any answer but 401, 403, 404 or a 5xx) or the exact refusal. The routes come
 * from the app itself (`app.routeList`), so a new route without a row here fails the test.
 */

type Actor = 'anonymous' | 'clientA' | 'clientB' | 'lawyerA' | 'lawyerB' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'clientA', 'clientB', 'lawyerA', 'lawyerB', 'admin'];
type Outcome = 'ok' | 401 | 403 | 404;
type Expect = Record<Actor, Outcome>;

/**
 * The world of one check: client A (case A, lawyer A) and client B (case B, lawyer B), with a document, feedback and a
 * message on case A.
 */
type World = {
  caseA: string;
  caseB: string;
  lawyerA: string;
  docA: string;
  feedbackA: string;
  messageA: string;
  /** A data export of client A (from an earlier day, so today's request is still free). */
  exportA: string;
  /** A document attached to a complaint of client A. */
  complaintFileA: string;
  /** An issued invoice to client A on case A. */
  invoiceA: string;
  tokens: Record<Exclude<Actor, 'anonymous'>, string>;
};

const all = (outcome: Outcome): Expect => ({
  anonymous: outcome,
  clientA: outcome,
  clientB: outcome,
  lawyerA: outcome,
  lawyerB: outcome,
  admin: outcome,
});
const PUBLIC = all('ok');
const SIGNED_IN: Expect = { ...all('ok'), anonymous: 401 };
const ADMIN_ONLY: Expect = { anonymous: 401, clientA: 403, clientB: 403, lawyerA: 403, lawyerB: 403, admin: 'ok' };
const STAFF: Expect = { anonymous: 401, clientA: 403, clientB: 403, lawyerA: 'ok', lawyerB: 'ok', admin: 'ok' };
/** A case-A resource both its client and its lawyer may use; everyone else gets 404 like a missing case. */
const CASE_A: Expect = { anonymous: 401, clientA: 'ok', clientB: 404, lawyerA: 'ok', lawyerB: 404, admin: 404 };
const CASE_A_CLIENT: Expect = { ...CASE_A, lawyerA: 404 };
const CASE_A_LAWYER: Expect = { ...CASE_A, clientA: 404 };
const CLIENT_ROLE: Expect = { anonymous: 401, clientA: 'ok', clientB: 'ok', lawyerA: 403, lawyerB: 403, admin: 403 };
const NOT_OFFICER: Expect = { ...all(403), anonymous: 401 };
/** A case that is not in the archive: the archive's readers (lawyers and the admin) get 404, clients 403. */
const ARCHIVE_CASE_A: Expect = { anonymous: 401, clientA: 403, clientB: 403, lawyerA: 404, lawyerB: 404, admin: 404 };
const LAWYER_ROLE: Expect = { anonymous: 401, clientA: 403, clientB: 403, lawyerA: 'ok', lawyerB: 'ok', admin: 403 };
/** A change to invoice A: a lawyer's (clients 403), of case A's lawyers only (404 for others and the admin). */
const INVOICE_A_LAWYER: Expect = {
  anonymous: 401,
  clientA: 403,
  clientB: 403,
  lawyerA: 'ok',
  lawyerB: 404,
  admin: 404,
};

/** `badParams`: where an id that fits nothing changes a refusal that depended on the resource itself. */
type Row = {
  expect: Expect;
  url?: (w: World) => string;
  body?: (w: World) => unknown;
  multipart?: boolean;
  badParams?: Partial<Expect>;
};

/** A browser's P-256 public key (an uncompressed point, base64url), as a push subscription carries it. */
const BROWSER_KEY = createECDH('prime256v1').generateKeys('base64url');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** One row per route; the key is "METHOD url" exactly as the app registers it. */
const MATRIX: Record<string, Row> = {
  'GET /healthz': { expect: PUBLIC },
  'GET /readyz': { expect: PUBLIC },
  'GET /api/site': { expect: PUBLIC },
  // Prometheus metrics answer only to METRICS_TOKEN (unset here): 404 for everyone, bearer tokens of users included.
  'GET /metrics': { expect: all(404) },
  'POST /api/code': { expect: PUBLIC, body: () => ({ email: uniqueEmail('nobody') }) },
  'POST /api/token': { expect: PUBLIC, body: () => ({ email: uniqueEmail('nobody'), code: 'ABCDEF' }) },
  'POST /api/logout': { expect: SIGNED_IN },
  'POST /api/token/two-factor/setup': { expect: PUBLIC, body: () => ({ challenge: 'x'.repeat(43) }) },
  'POST /api/token/two-factor/enable': { expect: PUBLIC, body: () => ({ challenge: 'x'.repeat(43), code: '123456' }) },
  'POST /api/token/two-factor': { expect: PUBLIC, body: () => ({ challenge: 'x'.repeat(43), code: '123456' }) },
  'GET /api/account/two-factor': { expect: STAFF },
  'POST /api/account/two-factor/recovery-codes': { expect: STAFF, body: () => ({ code: '123456' }) },
  'POST /api/account/two-factor/setup': { expect: STAFF, body: () => ({ code: '123456' }) },
  'POST /api/account/two-factor/enable': { expect: STAFF, body: () => ({ code: '123456' }) },
  'GET /api/user': { expect: SIGNED_IN },
  'PATCH /api/user': { expect: SIGNED_IN, body: () => ({ phone_number: '010 123 45 67' }) },
  'POST /api/user/avatar': { expect: SIGNED_IN, multipart: true },
  'DELETE /api/user/avatar': { expect: SIGNED_IN },
  'GET /api/user/mail-preferences': { expect: SIGNED_IN },
  'PATCH /api/user/mail-preferences': { expect: SIGNED_IN, body: () => ({ uploads: true }) },
  'GET /api/push/public-key': { expect: SIGNED_IN },
  'GET /api/push-subscriptions': { expect: SIGNED_IN },
  'POST /api/push-subscriptions': {
    expect: SIGNED_IN,
    body: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-device',
      keys: { p256dh: BROWSER_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
    }),
  },
  // Nobody's device: 404 for everyone signed in (another user's device is 404 too: push/push.test.ts).
  'DELETE /api/push-subscriptions/:id': {
    expect: { ...all(404), anonymous: 401 },
    url: () => '/api/push-subscriptions/3b0e2f4a-1c55-4c3e-9a6e-0f4d2b7c8e91',
  },
  'POST /api/mail/unsubscribe': { expect: PUBLIC, body: () => ({ token: 'not-a-signed-token' }) },
  'POST /api/mail/unsubscribe/one-click': {
    expect: PUBLIC,
    url: () => '/api/mail/unsubscribe/one-click?token=not-a-signed-token',
  },
  'GET /api/mail/unsubscribe/one-click': {
    expect: PUBLIC,
    url: () => '/api/mail/unsubscribe/one-click?token=not-a-signed-token',
  },
  'GET /files/avatars/:file': { expect: all(404), url: () => '/files/avatars/nothing.webp' },
  'POST /api/intake/typeform': { expect: all(404), body: () => ({}) },
  'GET /api/cases/mine': { expect: { ...CLIENT_ROLE, lawyerA: 404, lawyerB: 404, admin: 404 } },
  'GET /api/cases/mine/dashboard': { expect: { ...CLIENT_ROLE, lawyerA: 404, lawyerB: 404, admin: 404 } },
  'GET /api/cases/:id': { expect: CASE_A_LAWYER },
  'GET /api/cases': { expect: LAWYER_ROLE },
  'GET /api/cases/count-by-status': { expect: LAWYER_ROLE },
  'PATCH /api/cases/:id/status': { expect: CASE_A_LAWYER, body: () => ({ status: 'check' }) },
  'GET /api/cases/:id/status-stepper': { expect: CASE_A },
  'PATCH /api/cases/:id/offer': { expect: CASE_A, body: () => ({ offer: 'complete' }) },
  'POST /api/cookies': { expect: SIGNED_IN, body: () => ({ name: 'ad_storage', value: 'granted' }) },
  'POST /api/cases/:id/lawyers/:lawyerId/feedback': {
    expect: CASE_A_CLIENT,
    url: (w) => `/api/cases/${w.caseA}/lawyers/${w.lawyerA}/feedback`,
    body: () => ({ text: 'Dank je wel' }),
  },
  'GET /api/feedbacks/received': { expect: LAWYER_ROLE },
  'GET /api/feedbacks/latest': { expect: LAWYER_ROLE },
  'POST /api/feedbacks/:id/mark-as-read': {
    expect: { ...LAWYER_ROLE, lawyerB: 404 },
    url: (w) => `/api/feedbacks/${w.feedbackA}/mark-as-read`,
  },
  'GET /api/cases/:id/documents': { expect: CASE_A },
  'GET /api/cases/:id/documents/slideshow': { expect: CASE_A },
  'POST /api/cases/:id/documents': { expect: CASE_A, multipart: true },
  'POST /api/documents/:id/upload': { expect: CASE_A, multipart: true, url: (w) => `/api/documents/${w.docA}/upload` },
  'DELETE /api/documents/:id': { expect: CASE_A, url: (w) => `/api/documents/${w.docA}` },
  'POST /api/documents/:id/download': { expect: CASE_A, url: (w) => `/api/documents/${w.docA}/download` },
  'POST /api/documents/:id/viewed': { expect: CASE_A_LAWYER, url: (w) => `/api/documents/${w.docA}/viewed` },
  'POST /api/documents/:id/review': {
    expect: CASE_A_LAWYER,
    url: (w) => `/api/documents/${w.docA}/review`,
    body: () => ({ status: 'Approved' }),
  },
  'PATCH /api/documents/:id/set-visibility': {
    expect: CASE_A_LAWYER,
    url: (w) => `/api/documents/${w.docA}/set-visibility`,
    body: () => ({ visible: false }),
  },
  'GET /files/documents/:id': { expect: all(403), url: (w) => `/files/documents/${w.docA}?expires=1&signature=x` },
  'GET /api/cases/:id/contact-persons': { expect: CASE_A },
  'POST /api/cases/:id/contact-persons': { expect: CASE_A_CLIENT, body: () => ({ contact_persons: [] }) },
  'GET /api/client-questions': { expect: CLIENT_ROLE },
  'POST /api/client-questions/answers': {
    expect: CLIENT_ROLE,
    body: () => ({ questions: [{ id: '00000000-0000-4000-8000-000000000000', answer: 'Ja' }] }),
  },
  'GET /api/lawyer-questions': { expect: LAWYER_ROLE },
  'POST /api/lawyer-questions/answers': {
    expect: LAWYER_ROLE,
    body: () => ({ questions: [{ id: '00000000-0000-4000-8000-000000000000', answer: 'Ja' }] }),
  },
  'PATCH /api/cases/:id': {
    expect: CASE_A_CLIENT,
    body: () => ({
      company_name: 'Bedrijf B.V.',
      company_house_number: '1',
      company_postcode: '1234AB',
      company_city: 'Rotterdam',
      contact_email: 'hr@example.com',
      contact_phone_number: '010 000 00 00',
    }),
  },
  'GET /api/statuses': { expect: SIGNED_IN },
  'GET /api/cases/:id/finalization-questions': { expect: CASE_A_LAWYER },
  'POST /api/cases/:id/finalization-questions': {
    expect: CASE_A_LAWYER,
    body: () => ({ questions: [{ id: '00000000-0000-4000-8000-000000000000', answer: 'Ja' }] }),
  },
  'GET /api/admin/lawyers': { expect: ADMIN_ONLY },
  'POST /api/admin/lawyers': {
    expect: ADMIN_ONLY,
    body: () => ({ name: 'Nieuwe', last_name: 'Jurist', email: uniqueEmail('jurist') }),
  },
  'POST /api/admin/lawyers/:id/deactivate': {
    expect: ADMIN_ONLY,
    url: (w) => `/api/admin/lawyers/${w.lawyerA}/deactivate`,
  },
  'POST /api/admin/lawyers/:id/reactivate': {
    expect: ADMIN_ONLY,
    url: (w) => `/api/admin/lawyers/${w.lawyerA}/reactivate`,
  },
  'GET /api/admin/cases': { expect: ADMIN_ONLY },
  'POST /api/admin/cases/:id/assign': { expect: ADMIN_ONLY, body: (w) => ({ lawyer_id: w.lawyerA }) },
  'POST /api/admin/cases/:id/stand-ins': {
    expect: ADMIN_ONLY,
    body: (w) => ({ lawyer_id: w.lawyerA, from: '2030-01-01', until: '2030-01-31' }),
  },
  'PATCH /api/admin/cases/:id/legal-hold': { expect: ADMIN_ONLY, body: () => ({ legal_hold: true, reason: 'Matrix' }) },
  'GET /api/admin/audit': { expect: ADMIN_ONLY },
  'GET /api/admin/audit.csv': { expect: ADMIN_ONLY },
  // The archive: staff only; case A is not archived, so it answers 404 to everyone who may read the archive.
  'GET /api/admin/archive': { expect: STAFF },
  'GET /api/admin/archive/:case_id': { expect: ARCHIVE_CASE_A, url: (w) => `/api/admin/archive/${w.caseA}` },
  'GET /api/admin/archive/:case_id/zip': { expect: ARCHIVE_CASE_A, url: (w) => `/api/admin/archive/${w.caseA}/zip` },
  // Invoices: the client and the case's lawyers read; a lawyer of the case changes; the client pays.
  'GET /api/cases/:id/invoices': { expect: CASE_A, url: (w) => `/api/cases/${w.caseA}/invoices` },
  'GET /api/cases/:id/invoices/proposal': {
    expect: { ...CASE_A_LAWYER, clientA: 403 },
    url: (w) => `/api/cases/${w.caseA}/invoices/proposal`,
    badParams: { clientA: 404 },
  },
  'POST /api/cases/:id/invoices': {
    expect: { ...CASE_A_LAWYER, clientA: 403 },
    url: (w) => `/api/cases/${w.caseA}/invoices`,
    body: () => ({ recipient: 'client', lines: [{ description: 'Bijstand', quantity: 1, unit_price_cents: 100 }] }),
    badParams: { clientA: 404 },
  },
  'GET /api/invoices/tasks': { expect: LAWYER_ROLE },
  'GET /api/invoices/:id': { expect: CASE_A, url: (w) => `/api/invoices/${w.invoiceA}` },
  'PATCH /api/invoices/:id': {
    expect: INVOICE_A_LAWYER,
    url: (w) => `/api/invoices/${w.invoiceA}`,
    body: () => ({ lines: [{ description: 'Bijstand', quantity: 1, unit_price_cents: 100 }] }),
  },
  'POST /api/invoices/:id/issue': { expect: INVOICE_A_LAWYER, url: (w) => `/api/invoices/${w.invoiceA}/issue` },
  'POST /api/invoices/:id/credit': { expect: INVOICE_A_LAWYER, url: (w) => `/api/invoices/${w.invoiceA}/credit` },
  'POST /api/invoices/:id/refund': {
    expect: INVOICE_A_LAWYER,
    url: (w) => `/api/invoices/${w.invoiceA}/refund`,
    body: () => ({ amount_cents: 100 }),
  },
  'POST /api/invoices/:id/payment': {
    expect: { anonymous: 401, clientA: 'ok', clientB: 404, lawyerA: 403, lawyerB: 403, admin: 404 },
    url: (w) => `/api/invoices/${w.invoiceA}/payment`,
    badParams: { clientA: 404 },
  },
  'GET /api/invoices/:id/pdf': { expect: CASE_A, url: (w) => `/api/invoices/${w.invoiceA}/pdf` },
  // A client invoice has no UBL, and no fourteen-day letter was sent: 404 for everyone who may read it.
  'GET /api/invoices/:id/ubl': {
    expect: { ...all(404), anonymous: 401 },
    url: (w) => `/api/invoices/${w.invoiceA}/ubl`,
  },
  'GET /api/invoices/:id/letter': {
    expect: { ...all(404), anonymous: 401 },
    url: (w) => `/api/invoices/${w.invoiceA}/letter`,
  },
  'POST /api/payments/mollie/webhook': { expect: PUBLIC, body: () => ({ id: 'tr_unknown' }) },
  'GET /api/admin/invoices': { expect: ADMIN_ONLY },
  'GET /api/admin/invoices.csv': { expect: ADMIN_ONLY },
  // A period without invoices: the zip of every PDF is not what this row is about.
  'GET /api/admin/invoices/export.zip': {
    expect: ADMIN_ONLY,
    url: () => '/api/admin/invoices/export.zip?from=2001-01-01&to=2001-01-31',
  },
  'GET /api/admin/destructions': { expect: ADMIN_ONLY },
  'GET /api/admin/backups/status': { expect: ADMIN_ONLY },
  'GET /api/admin/outbox': { expect: ADMIN_ONLY },
  // The world has no mail with this id: the admin gets 404 (a real retry is in outbox.test.ts).
  'POST /api/admin/outbox/:id/retry': { expect: { ...ADMIN_ONLY, admin: 404 } },
  // The firm's view ('Inzicht'): names, phases and dates for the admin alone.
  'GET /api/admin/insight': { expect: ADMIN_ONLY, url: () => '/api/admin/insight?from=2026-01-01&to=2026-03-31' },
  'GET /api/admin/insight.csv': { expect: ADMIN_ONLY, url: (w) => `/api/admin/insight.csv?lawyer_id=${w.lawyerA}` },
  'GET /api/admin/insights/funnel': {
    expect: ADMIN_ONLY,
    url: (w) => `/api/admin/insights/funnel?from=2026-01-01&until=2026-03-31&lawyer_id=${w.lawyerA}`,
  },
  'GET /api/admin/insights/stuck': { expect: ADMIN_ONLY },
  'GET /api/cases/:id/messages': { expect: CASE_A },
  'POST /api/cases/:id/messages': { expect: CASE_A, body: () => ({ text: 'Hallo' }) },
  'POST /api/cases/:id/messages/read': { expect: CASE_A, body: (w) => ({ up_to: w.messageA }) },
  'GET /api/messages/unread': { expect: { ...SIGNED_IN, admin: 403 } },
  // Lawyer A may delete their own messages, not the client's (403); a message id that fits nothing is unknown to them
  // (404).
  'DELETE /api/messages/:id': {
    expect: { ...CASE_A, lawyerA: 403 },
    url: (w) => `/api/messages/${w.messageA}`,
    badParams: { lawyerA: 404 },
  },
  'POST /api/cases/:id/proposal': { expect: CASE_A_LAWYER, body: () => ({ minimal_achievement: 'M1' }) },
  'POST /api/cases/:id/proposal/sign': {
    expect: CASE_A_CLIENT,
    body: () => ({ full_name: 'Kees Klant', agree: true, start_now: true }),
  },
  'POST /api/cases/:id/withdraw': { expect: CASE_A_CLIENT },
  'GET /api/cases/:id/timeline': { expect: CASE_A },
  'GET /api/cases/:id/export': { expect: CASE_A },
  'POST /api/complaints': { expect: CLIENT_ROLE, body: () => ({ text: 'Matrix' }) },
  'GET /api/complaints/mine': { expect: CLIENT_ROLE },
  // The filing client and the complaints officer only: a lawyer and a plain admin 403, another client 404 (a real
  // officer's download is in complaints.test.ts).
  'POST /api/complaint-files/:id/download': {
    expect: { anonymous: 401, clientA: 'ok', clientB: 404, lawyerA: 403, lawyerB: 403, admin: 403 },
    url: (w) => `/api/complaint-files/${w.complaintFileA}/download`,
  },
  // The complaints officer is an admin marked as such; the matrix's admin is not, so 403 like everyone else.
  'GET /api/admin/complaints': { expect: NOT_OFFICER },
  'GET /api/admin/complaints.csv': { expect: NOT_OFFICER },
  'POST /api/admin/complaints/:id/handling': { expect: NOT_OFFICER, body: () => ({ handling: 'Matrix' }) },
  'POST /api/admin/complaints/:id/outcome': { expect: NOT_OFFICER, body: () => ({ outcome: 'Matrix' }) },
  'GET /api/admin/admins': { expect: ADMIN_ONLY },
  // The world's case id is no admin: 404 for the admin (a real change is in complaints.test.ts).
  'POST /api/admin/admins/:id/complaints-officer': {
    expect: { ...ADMIN_ONLY, admin: 404 },
    body: () => ({ complaints_officer: true }),
  },
  'POST /api/user/email/confirm': { expect: SIGNED_IN, body: () => ({ code: 'ABCDEF' }) },
  'POST /api/events/ticket': { expect: SIGNED_IN },
  // The world has no settlement version: every signed-in actor gets 404 for an unknown version id (the roles are in
  // settlement.test.ts).
  'GET /api/cases/:id/settlement': { expect: CASE_A },
  // Lawyer-only settlement routes: the wrong role is 403 once the case check finds the case (settlement/routes.ts);
  // a path parameter that fits no id finds no case, so client A gets 404 like any unknown case.
  'POST /api/cases/:id/settlement/versions': {
    expect: { ...CASE_A, clientA: 403 },
    multipart: true,
    badParams: { clientA: 404 },
  },
  'POST /api/settlement-versions/:id/final': {
    expect: { ...all(404), anonymous: 401 },
    url: () => '/api/settlement-versions/00000000-0000-4000-8000-000000000000/final',
  },
  'POST /api/settlement-versions/:id/response': {
    expect: { ...all(404), anonymous: 401 },
    url: () => '/api/settlement-versions/00000000-0000-4000-8000-000000000000/response',
    body: () => ({ response: 'agree' }),
  },
  'GET /api/settlement-versions/:id/redline': {
    expect: { ...all(404), anonymous: 401 },
    url: () => '/api/settlement-versions/00000000-0000-4000-8000-000000000000/redline',
  },
  'POST /api/cases/:id/settlement/ww-check/approve': {
    expect: { ...CASE_A, clientA: 403 },
    badParams: { clientA: 404 },
  },
  'POST /api/cases/:id/settlement/signed': {
    expect: { ...CASE_A, clientA: 403 },
    multipart: true,
    badParams: { clientA: 404 },
  },
  // Client-only, likewise after the case check: an id that fits nothing is 404 for lawyer A too.
  'GET /api/cases/:id/settlement/dissolution-letter': {
    expect: { ...CASE_A, lawyerA: 403 },
    badParams: { lawyerA: 404 },
  },
  'GET /api/cases/:id/key-dates.ics': { expect: CASE_A },
  // Settlement (vaststellingsovereenkomst): the calculations for clients and lawyers, never an admin.
  'POST /api/calculations/transition-payment': {
    expect: { ...SIGNED_IN, admin: 403 },
    body: () => ({ start_date: '2020-01-01', end_date: '2025-06-30', monthly_salary_cents: 300_000 }),
  },
  'POST /api/calculations/ww-check': {
    expect: { ...SIGNED_IN, admin: 403 },
    body: () => ({
      start_date: '2020-01-01',
      agreement_date: '2025-04-25',
      end_date: '2025-06-30',
      notice_months: null,
      initiative: 'employer',
      urgent_reason_excluded: true,
      cooling_off_clause: true,
      employee_ill: false,
      severance_cents: 0,
      legal_costs_conditional: false,
    }),
  },
  // The stream takes a ticket from POST /api/events/ticket, not a bearer token: without one, 401 for everyone.
  'GET /api/events': { expect: all(401) },
  // The first conversation: case content (an admin gets 404 like any stranger); booking and 'Bel mij terug' are the
  // client's.
  'GET /api/cases/:id/appointment-slots': { expect: CASE_A },
  'GET /api/cases/:id/appointment': { expect: CASE_A },
  'POST /api/cases/:id/appointment': { expect: CASE_A_CLIENT, body: () => ({ start: '2030-01-02T10:00:00+01:00' }) },
  'PATCH /api/cases/:id/appointment': { expect: CASE_A, body: () => ({ start: '2030-01-02T10:00:00+01:00' }) },
  'DELETE /api/cases/:id/appointment': { expect: CASE_A },
  'GET /api/cases/:id/appointment.ics': { expect: CASE_A },
  'POST /api/cases/:id/appointment/callback': { expect: CASE_A_CLIENT },
  'DELETE /api/cases/:id/appointment/callback': { expect: CASE_A_LAWYER },
  'GET /api/appointments': { expect: LAWYER_ROLE },
  'GET /api/user/absences': { expect: LAWYER_ROLE },
  'POST /api/user/absences': { expect: LAWYER_ROLE, body: () => ({ from: '2030-01-01', until: '2030-01-02' }) },
  // The world has no absence with this id: a lawyer gets 404.
  'DELETE /api/user/absences/:id': {
    expect: { ...LAWYER_ROLE, lawyerA: 404, lawyerB: 404 },
    url: () => '/api/user/absences/00000000-0000-4000-8000-000000000000',
  },
  // 'Download mijn gegevens': the client's own; someone else's export id is 404 (a second request the same day 429,
  // which is no refusal of access).
  'GET /api/user/export': { expect: CLIENT_ROLE },
  'POST /api/user/export': { expect: CLIENT_ROLE },
  'GET /api/user/export/:id': { expect: { ...CLIENT_ROLE, clientB: 404 }, url: (w) => `/api/user/export/${w.exportA}` },
  // Staff make it for a client who asked by mail: the case's lawyer (case access), or an admin from /beheer.
  'POST /api/cases/:id/data-export': { expect: CASE_A_LAWYER },
  'POST /api/admin/cases/:id/data-export': { expect: ADMIN_ONLY },
  // The client's session and a valid signed link: without a session 401, staff 403, a bad link 403.
  'GET /files/exports/:id': {
    expect: { ...all(403), anonymous: 401 },
    url: (w) => `/files/exports/${w.exportA}?v=1&expires=1&signature=x`,
  },
};

let ctx: TestContext;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // The matrix checks answers, not mail: the mails its few hundred worlds queue stay in the
  // outbox instead of going through SMTP to the peer (outbox.test.ts and the mail tests send them).
  await ctx.outbox.stop();
  adminId = await createUser(ctx.db, { role: 'admin', email: uniqueEmail('admin'), name: 'Bea', lastName: 'Beheer' });
});
afterAll(async () => {
  await ctx.close();
});

async function createWorld(): Promise<World> {
  const lawyerA = await createTestLawyer(ctx);
  const lawyerB = await createTestLawyer(ctx);
  const clientA = await createTestClient(ctx, { status: 'check', lawyerIds: [lawyerA.id] });
  const clientB = await createTestClient(ctx, { status: 'check', lawyerIds: [lawyerB.id] });
  const [docA] = await ctx.db
    .select({ id: documents.id })
    .from(documents)
    .where(eq(documents.caseId, clientA.caseId))
    .limit(1);
  const [fb] = await ctx.db
    .insert(feedback)
    .values({ caseId: clientA.caseId, lawyerId: lawyerA.id, clientId: clientA.id, text: 'Top' })
    .returning({ id: feedback.id });
  const upload = multipart({}, [{ filename: 'loon.pdf', contentType: 'application/pdf', data: PDF }]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${docA!.id}/upload`,
    headers: { ...bearer(await tokenFor(ctx, clientA.id)), ...upload.headers },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`upload answered ${uploaded.statusCode}`);
  const message = await insertMessage(ctx.db, {
    caseId: clientA.caseId,
    authorId: clientA.id,
    authorRole: 'client',
    text: 'Vraag',
    documentId: null,
    now: ctx.clock.now(),
  });
  const [exportA] = await ctx.db
    .insert(dataExports)
    .values({
      clientId: clientA.id,
      requestedBy: clientA.id,
      requestedRole: 'client',
      requestedOn: '2020-01-01',
      status: 'expired',
      createdAt: new Date('2020-01-01T10:00:00Z'),
    })
    .returning({ id: dataExports.id });
  const [tA, tB, lA, lB, ad] = await Promise.all(
    [clientA.id, clientB.id, lawyerA.id, lawyerB.id, adminId].map((id) => tokenFor(ctx, id)),
  );
  const complaint = multipart({ text: 'Matrix' }, [
    { filename: 'klacht.pdf', contentType: 'application/pdf', data: PDF },
  ]);
  const filed = await ctx.app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: { ...bearer(tA!), ...complaint.headers },
    payload: complaint.payload,
  });
  if (filed.statusCode !== 201) throw new Error(`complaint answered ${filed.statusCode}`);
  const [complaintFileA] = await ctx.db
    .select({ id: complaintFiles.id })
    .from(complaintFiles)
    .where(eq(complaintFiles.clientId, clientA.id))
    .limit(1);
  const [invoiceA] = await ctx.db
    .insert(invoices)
    .values({
      caseId: clientA.caseId,
      clientId: clientA.id,
      recipient: 'client',
      status: 'open',
      number: `M-${clientA.caseId}`,
      issuedAt: ctx.clock.now(),
      issueDate: '2026-12-01',
      dueDate: '2099-12-15',
      totalCents: 100,
    })
    .returning({ id: invoices.id });
  return {
    caseA: clientA.caseId,
    caseB: clientB.caseId,
    lawyerA: lawyerA.id,
    docA: docA!.id,
    feedbackA: fb!.id,
    messageA: message.id,
    exportA: exportA!.id,
    complaintFileA: complaintFileA!.id,
    invoiceA: invoiceA!.id,
    tokens: { clientA: tA!, clientB: tB!, lawyerA: lA!, lawyerB: lB!, admin: ad! },
  };
}

/** The world the GET rows share. */
let readWorld: World | undefined;

describe('authorization matrix', () => {
  it('has a row for every route the app registers, and no row for a route that does not exist', () => {
    const registered = ctx.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}: ${ACTORS.map((a) => `${a} ${row.expect[a]}`).join(', ')}`, async () => {
      const [method, pattern] = route.split(' ') as [string, string];
      const seen: Record<string, number> = {};
      const allowed = (status: number) => !(status === 401 || status === 403 || status === 404 || status >= 500);
      // A GET changes nothing, so every GET row reads one world. A change gets a world of its own, and a fresh one
      // after every answer that may have changed it: an allowed delete or review must not change the next actor's
      // answer. A refusal changes nothing either.
      let world: World | null = method === 'GET' ? (readWorld ??= await createWorld()) : null;
      let changed = false;
      for (const actor of ACTORS) {
        if (!world || changed) world = await createWorld();
        const url = row.url ? row.url(world) : pattern.replace(':id', world.caseA);
        const headers: Record<string, string> = actor === 'anonymous' ? {} : bearer(world.tokens[actor]);
        let payload: string | Buffer | undefined;
        if (row.multipart) {
          const body = multipart({ title: 'Matrix' }, [
            { filename: 'matrix.pdf', contentType: 'application/pdf', data: PDF },
          ]);
          Object.assign(headers, body.headers);
          payload = body.payload;
        } else if (row.body) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(row.body(world));
        }
        const response = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(payload !== undefined ? { payload } : {}),
        });
        seen[actor] = response.statusCode;
        changed = method !== 'GET' && allowed(response.statusCode);
      }
      const outcome = (status: number): Outcome | number =>
        status === 401 || status === 403 || status === 404 || status >= 500 ? status : 'ok';
      expect(Object.fromEntries(ACTORS.map((a) => [a, outcome(seen[a]!)]))).toEqual(row.expect);
    });
  }

  describe('with bad input: the same refusals first (401, 403, 404), and only an allowed actor gets 422', () => {
    let world: World;
    beforeAll(async () => {
      world = await createWorld();
    });
    const BAD = `\u0000${'x'.repeat(300)}`;
    /** The keys of a zod object schema (through effects such as .transform / .refine). */
    const keysOf = (schema: unknown): string[] => {
      let current = schema as
        | { _def?: { typeName?: string; schema?: unknown; innerType?: unknown }; shape?: Record<string, unknown> }
        | undefined;
      while (current?._def && !current.shape && (current._def.schema || current._def.innerType))
        current = (current._def.schema ?? current._def.innerType) as typeof current;
      return current?.shape ? Object.keys(current.shape) : [];
    };
    type Variant = {
      part: 'body' | 'query' | 'params' | 'multipart';
      url: string;
      headers: Record<string, string>;
      payload?: string | Buffer;
    };
    function variants(route: string, row: Row): Variant[] {
      const [method, pattern] = route.split(' ') as [string, string];
      const schema = ctx.app.routeList.find((r) => `${r.method} ${r.url}` === route)?.schema;
      const url = row.url ? row.url(world) : pattern.replace(':id', world.caseA);
      const list: Variant[] = [];
      if (schema?.body)
        list.push({ part: 'body', url, headers: { 'content-type': 'application/json' }, payload: '[]' });
      else if (row.body && method !== 'GET')
        list.push({ part: 'body', url, headers: { 'content-type': 'application/json' }, payload: '[]' });
      if (row.multipart) {
        const body = multipart({ title: 'Matrix' }, []);
        list.push({ part: 'multipart', url, headers: body.headers, payload: body.payload });
      }
      const queryKeys = keysOf(schema?.querystring);
      if (queryKeys.length > 0)
        list.push({
          part: 'query',
          url: `${url}?${queryKeys.map((k) => `${k}=${encodeURIComponent(BAD)}`).join('&')}`,
          headers: {},
        });
      if (schema?.params) {
        const good: Pick<Variant, 'headers' | 'payload'> = row.body
          ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(row.body(world)) }
          : { headers: {} };
        list.push({
          part: 'params',
          url: pattern.replace(/:[a-zA-Z]+/g, encodeURIComponent(`\u0000${'x'.repeat(70)}`)),
          ...good,
        });
      }
      return list;
    }

    it('covers the routes with a body, a query string or path parameters', () => {
      const covered = Object.entries(MATRIX).filter(([route, row]) => variants(route, row).length > 0);
      expect(covered.length).toBeGreaterThan(45);
    });

    for (const [route, row] of Object.entries(MATRIX)) {
      it(`${route} with bad input`, async () => {
        const method = route.split(' ')[0] as 'GET';
        const wrong: string[] = [];
        for (const variant of variants(route, row)) {
          for (const actor of ACTORS) {
            const headers = { ...variant.headers, ...(actor === 'anonymous' ? {} : bearer(world.tokens[actor])) };
            const response = await ctx.app.inject({
              method,
              url: variant.url,
              headers,
              ...(variant.payload !== undefined ? { payload: variant.payload } : {}),
            });
            const expected = (variant.part === 'params' ? row.badParams?.[actor] : undefined) ?? row.expect[actor];
            // A refusal stays the same refusal; an allowed actor is told the input is wrong (a path
            // parameter that fits no id may also be an unknown id: 404).
            const fine =
              expected !== 'ok'
                ? response.statusCode === expected
                : response.statusCode === 422 || (variant.part === 'params' && response.statusCode === 404);
            if (!fine)
              wrong.push(
                `${variant.part} ${actor}: ${response.statusCode} (expected ${expected === 'ok' ? 422 : expected})`,
              );
          }
        }
        expect(wrong).toEqual([]);
      });
    }
  });

  it("answers another client's PATCH /api/cases/{id} with a bad body 404, an anonymous one 401", async () => {
    const world = await createWorld();
    const bad = { company_name: '', company_postcode: 12 };
    const other = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/cases/${world.caseA}`,
      headers: bearer(world.tokens.clientB),
      payload: bad,
    });
    expect(other.statusCode).toBe(404);
    expect(JSON.stringify(other.json())).not.toContain('company');
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/cases/${world.caseA}`, payload: bad })).statusCode).toBe(
      401,
    );
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/admin/cases/${world.caseA}/stand-ins`,
          headers: bearer(world.tokens.lawyerA),
          payload: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/admin/cases/${world.caseA}/stand-ins`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'PATCH',
          url: `/api/cases/${world.caseA}`,
          headers: bearer(world.tokens.clientA),
          payload: bad,
        })
      ).statusCode,
    ).toBe(422);
  });

  it('never lets an admin read document content or messages', async () => {
    const world = await createWorld();
    const admin = bearer(world.tokens.admin);
    for (const [method, url] of [
      ['GET', `/api/cases/${world.caseA}`],
      ['GET', `/api/cases/${world.caseA}/documents`],
      ['POST', `/api/documents/${world.docA}/download`],
      ['GET', `/api/cases/${world.caseA}/messages`],
    ] as const) {
      expect((await ctx.app.inject({ method, url, headers: admin })).statusCode).toBe(404);
    }
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/admin/cases', headers: admin });
    expect(listed.body).not.toContain('Vraag');
    expect(listed.body).not.toContain('loon.pdf');
  });
});
