import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { OFFER_DISPLAY_NAMES } from '../../contract/offers';
import { getDisplayName } from '../../contract/rules/display-name';
import { STATUSES } from '../../contract/statuses';
import { TIMELINE_PAGE_SIZE } from '../../contract/workflow';
import type { Db } from '../infra/db/client';
import {
  answers,
  appointments,
  caseLawyers,
  caseStandIns,
  cases,
  complaintFiles,
  complaints,
  contactPersons,
  cookieRecords,
  dataExports,
  documents,
  engagementWithdrawals,
  feedback,
  messages,
  outbox,
  proposalSignatures,
  questions,
  users,
} from '../infra/db/schema';
import { clientInvoicesForExport } from '../invoices/export';
import { getTimeline } from '../workflow/timeline';
import { ENTRIES } from './rules';
import { zipEntryNames } from '../workflow/export';
import { amsterdamDay } from '../../contract/rules/dutch-date';

/** The zip folder of the documents attached to the client's complaints. */
export const COMPLAINT_FILES_FOLDER = 'klachten';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const statusName = (slug: string) => STATUSES.find((s) => s.slug === slug)?.displayName ?? slug;

/** The most rows of one kind an export reads (a conversation, the mail log): far above any real case. */
const MAX_ROWS = 20_000;

export type ExportData = {
  language: string;
  sections: Record<string, unknown>;
  caseId: string | null;
  /**
   * Stored files the zip holds besides the case's documents (a complaint's documents): entry name, storage key, date.
   */
  files: { entry: string; key: string; at: Date }[];
  /** Files made when the zip is written (the client's invoices and fourteen-day letters as PDFs). */
  generated: { entry: string; at: Date; render: () => Promise<Uint8Array> }[];
};

/**
 * Everything the portal holds about one client, as plain JSON per zip entry (see rules.ts for
 * which table goes where). Each list is read by its index and bounded. Names of staff appear
 * where the client sees them in the portal too; staff's own records do not.
 */
export async function collectClientData(db: Db, clientId: string, now = new Date()): Promise<ExportData | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.role, 'client')));
  if (!user) return null;
  const [theCase] = await db.select().from(cases).where(eq(cases.clientId, clientId));
  const caseId = theCase?.id ?? null;
  const none = Promise.resolve([]);

  const [
    cookieRows,
    answerRows,
    lawyerRows,
    standInRows,
    contactRows,
    messageRows,
    documentRows,
    signatureRows,
    withdrawalRows,
    appointmentRows,
    complaintRows,
    feedbackRows,
    mailRows,
    exportRows,
    complaintFileRows,
  ] = await Promise.all([
    db.select().from(cookieRecords).where(eq(cookieRecords.userId, clientId)).orderBy(asc(cookieRecords.name)),
    db
      .select({
        ownerId: answers.ownerId,
        audience: questions.audience,
        question: questions.text,
        answer: answers.answer,
        updatedAt: answers.updatedAt,
        position: questions.position,
      })
      .from(answers)
      .innerJoin(questions, eq(questions.id, answers.questionId))
      .where(caseId ? inArray(answers.ownerId, [clientId, caseId]) : eq(answers.ownerId, clientId))
      .orderBy(asc(questions.audience), asc(questions.position)),
    caseId
      ? db
          .select({
            name: users.name,
            infix: users.infix,
            lastName: users.lastName,
            title: users.title,
            assignedAt: caseLawyers.assignedAt,
          })
          .from(caseLawyers)
          .innerJoin(users, eq(users.id, caseLawyers.lawyerId))
          .where(eq(caseLawyers.caseId, caseId))
      : none,
    caseId
      ? db
          .select({
            name: users.name,
            infix: users.infix,
            lastName: users.lastName,
            from: caseStandIns.fromDate,
            until: caseStandIns.untilDate,
          })
          .from(caseStandIns)
          .innerJoin(users, eq(users.id, caseStandIns.lawyerId))
          .where(eq(caseStandIns.caseId, caseId))
          .orderBy(asc(caseStandIns.fromDate))
      : none,
    caseId
      ? db.select().from(contactPersons).where(eq(contactPersons.caseId, caseId)).orderBy(asc(contactPersons.position))
      : none,
    caseId
      ? db
          .select({
            message: messages,
            name: users.name,
            infix: users.infix,
            lastName: users.lastName,
            documentTitle: documents.title,
          })
          .from(messages)
          .leftJoin(users, eq(users.id, messages.authorId))
          .leftJoin(documents, eq(documents.id, messages.documentId))
          .where(eq(messages.caseId, caseId))
          .orderBy(asc(messages.createdAt), asc(messages.id))
          .limit(MAX_ROWS)
      : none,
    caseId
      ? db
          .select()
          .from(documents)
          .where(and(eq(documents.caseId, caseId), eq(documents.visible, true)))
          .orderBy(desc(documents.mandatory), asc(documents.createdAt))
      : none,
    caseId ? db.select().from(proposalSignatures).where(eq(proposalSignatures.caseId, caseId)) : none,
    caseId
      ? db
          .select()
          .from(engagementWithdrawals)
          .where(eq(engagementWithdrawals.caseId, caseId))
          .orderBy(asc(engagementWithdrawals.withdrawnAt))
      : none,
    caseId
      ? db
          .select({ appointment: appointments, name: users.name, infix: users.infix, lastName: users.lastName })
          .from(appointments)
          .innerJoin(users, eq(users.id, appointments.lawyerId))
          .where(eq(appointments.caseId, caseId))
          .orderBy(asc(appointments.createdAt))
      : none,
    db.select().from(complaints).where(eq(complaints.clientId, clientId)).orderBy(asc(complaints.createdAt)),
    db
      .select({ feedback, name: users.name, infix: users.infix, lastName: users.lastName })
      .from(feedback)
      .innerJoin(users, eq(users.id, feedback.lawyerId))
      .where(eq(feedback.clientId, clientId))
      .orderBy(asc(feedback.createdAt)),
    db
      .select({
        kind: outbox.kind,
        status: outbox.status,
        createdAt: outbox.createdAt,
        sentAt: outbox.sentAt,
        to: outbox.toAddress,
      })
      .from(outbox)
      .where(or(eq(outbox.recipientId, clientId), eq(outbox.toAddress, user.email)))
      .orderBy(asc(outbox.createdAt))
      .limit(MAX_ROWS),
    db.select().from(dataExports).where(eq(dataExports.clientId, clientId)).orderBy(asc(dataExports.createdAt)),
    db
      .select()
      .from(complaintFiles)
      .where(eq(complaintFiles.clientId, clientId))
      .orderBy(asc(complaintFiles.createdAt))
      .limit(MAX_ROWS),
  ]);
  // A complaint's documents go in the zip under klachten/, named 'Klacht YYYY-MM-DD - file name'.
  const filedOn = new Map(complaintRows.map((c) => [c.id, amsterdamDay(c.createdAt)]));
  const complaintFileNames = zipEntryNames(
    complaintFileRows.map((f) => ({
      title: `Klacht ${filedOn.get(f.complaintId) ?? ''}`.trim(),
      filename: f.filename,
    })),
  );
  const files = complaintFileRows.map((f, index) => ({
    entry: `${COMPLAINT_FILES_FOLDER}/${complaintFileNames[index] as string}`,
    key: f.storageKey,
    at: f.createdAt,
    complaintId: f.complaintId,
    filename: f.filename,
    sizeBytes: f.sizeBytes,
  }));

  const timeline: unknown[] = [];
  if (caseId) {
    for (let page = 1; page <= MAX_ROWS / TIMELINE_PAGE_SIZE; page++) {
      const { items, total } = await getTimeline(db, { caseId, forClient: true, page, language: user.language });
      timeline.push(
        ...items.map((item) => ({
          at: item.at,
          by: item.actor,
          what: item.text,
          kind: item.kind,
        })),
      );
      if (page * TIMELINE_PAGE_SIZE >= total || items.length === 0) break;
    }
    timeline.reverse();
  }
  const invoiceExport = await clientInvoicesForExport(db, clientId, { language: user.language, now });

  const person = (row: { name: string | null; infix: string | null; lastName: string | null }) =>
    getDisplayName({ name: row.name, infix: row.infix, last_name: row.lastName });
  const sections: Record<string, unknown> = {
    [ENTRIES.profile]: {
      email: user.email,
      name: user.name,
      infix: user.infix,
      last_name: user.lastName,
      phone_number: user.phoneNumber,
      street: user.street,
      house_number: user.houseNumber,
      house_number_addition: user.houseNumberAddition,
      postcode: user.postcode,
      city: user.city,
      language: user.language,
      mail_opt_outs: user.mailOptOuts,
      has_photo: Boolean(user.avatarKey),
      created_at: iso(user.createdAt),
      updated_at: iso(user.updatedAt),
    },
    [ENTRIES.case]: theCase
      ? {
          id: theCase.id,
          title: theCase.title,
          notes: theCase.notes,
          phase: { slug: theCase.statusSlug, name: statusName(theCase.statusSlug) },
          package: theCase.offer ? { slug: theCase.offer, name: OFFER_DISPLAY_NAMES[theCase.offer] } : null,
          package_chosen_at: iso(theCase.offerChosenAt),
          minimal_achievement: theCase.minimalAchievement,
          proposal_sent_at: iso(theCase.proposalSentAt),
          proposal_signed_at: iso(theCase.proposalSignedAt),
          start_consent: theCase.startConsent,
          withdrawal_ends_at: iso(theCase.withdrawalEndsAt),
          employer: {
            name: theCase.companyName,
            street: theCase.companyStreet,
            house_number: theCase.companyHouseNumber,
            postcode: theCase.companyPostcode,
            city: theCase.companyCity,
            contact_email: theCase.contactEmail,
            contact_phone_number: theCase.contactPhoneNumber,
          },
          intake_answers: theCase.typeform,
          appointment: theCase.appointmentStartTime
            ? { start: iso(theCase.appointmentStartTime), end: iso(theCase.appointmentEndTime) }
            : null,
          callback_requested_at: iso(theCase.callbackRequestedAt),
          // Whether a hold applies is the client's to know; the admin's reason for it is internal.
          legal_hold: theCase.legalHold,
          completed_at: iso(theCase.completedAt),
          created_at: iso(theCase.createdAt),
          last_update_at: iso(theCase.lastUpdateAt),
          lawyers: lawyerRows.map((l) => ({ name: person(l), title: l.title, assigned_at: iso(l.assignedAt) })),
          stand_ins: standInRows.map((s) => ({ name: person(s), from: s.from, until: s.until })),
        }
      : null,
    [ENTRIES.answers]: answerRows.map((a) => ({
      about: a.ownerId === clientId ? 'client' : a.audience === 'finalization' ? 'case_closing' : 'story',
      question: a.question,
      answer: a.answer,
      updated_at: iso(a.updatedAt),
    })),
    [ENTRIES.contactPersons]: contactRows.map((c) => ({
      position: c.position,
      first_name: c.firstName,
      infix: c.infix,
      last_name: c.lastName,
      job_title: c.jobTitle,
      email: c.email,
      phone_number: c.phoneNumber,
    })),
    [ENTRIES.messages]: messageRows.map(({ message, ...author }) => ({
      at: iso(message.createdAt),
      from: message.authorRole,
      author: message.authorId ? person(author) : null,
      text: message.text,
      attachment: author.documentTitle,
      read_at: iso(message.readAt),
    })),
    [ENTRIES.timeline]: timeline,
    [ENTRIES.documents]: documentRows.map((d) => ({
      title: d.title,
      mandatory: d.mandatory,
      status: d.status,
      message: d.message,
      filename: d.filename,
      content_type: d.contentType,
      size_bytes: d.sizeBytes,
      version: d.version,
      uploaded_at: iso(d.uploadedAt),
      reviewed_at: iso(d.reviewedAt),
      in_zip: Boolean(d.storageKey),
    })),
    [ENTRIES.engagement]: {
      signature: signatureRows[0]
        ? {
            signed_at: iso(signatureRows[0].signedAt),
            typed_name: signatureRows[0].typedName,
            ip: signatureRows[0].ip,
            user_agent: signatureRows[0].userAgent,
            letter_sha256: signatureRows[0].pdfSha256,
            start_consent: signatureRows[0].startConsent,
            withdrawal_ends_at: iso(signatureRows[0].withdrawalEndsAt),
          }
        : null,
      withdrawals: withdrawalRows.map((w) => ({
        signed_at: iso(w.signedAt),
        withdrawn_at: iso(w.withdrawnAt),
        start_consent: w.startConsent,
        evidence: w.evidence,
      })),
    },
    [ENTRIES.appointments]: appointmentRows.map(({ appointment, ...lawyer }) => ({
      start: iso(appointment.startAt),
      end: iso(appointment.endAt),
      status: appointment.status,
      lawyer: person(lawyer),
      cancelled_at: iso(appointment.cancelledAt),
      created_at: iso(appointment.createdAt),
    })),
    [ENTRIES.complaints]: complaintRows.map((c) => ({
      filed_at: iso(c.createdAt),
      text: c.text,
      status: c.status,
      answer_by: c.answerBy,
      handling: c.handling,
      outcome: c.outcome,
      closed_at: iso(c.closedAt),
      documents: files
        .filter((f) => f.complaintId === c.id)
        .map((f) => ({ filename: f.filename, size_bytes: f.sizeBytes, in_zip: f.entry })),
    })),
    [ENTRIES.feedback]: feedbackRows.map(({ feedback: f, ...lawyer }) => ({
      lawyer: person(lawyer),
      text: f.text,
      created_at: iso(f.createdAt),
      updated_at: iso(f.updatedAt),
    })),
    [ENTRIES.cookies]: cookieRows.map((c) => ({ name: c.name, value: c.value, updated_at: iso(c.updatedAt) })),
    [ENTRIES.mails]: mailRows.map((m) => ({
      kind: m.kind,
      to: m.to,
      status: m.status,
      created_at: iso(m.createdAt),
      sent_at: iso(m.sentAt),
    })),
    [ENTRIES.exports]: exportRows.map((e) => ({
      requested_by: e.requestedRole,
      requested_at: iso(e.createdAt),
      status: e.status,
      ready_at: iso(e.readyAt),
      expires_at: iso(e.expiresAt),
    })),
    [ENTRIES.invoices]: invoiceExport.records,
  };
  return {
    language: user.language,
    sections,
    caseId,
    files: files.map(({ entry, key, at }) => ({ entry, key, at })),
    generated: invoiceExport.files,
  };
}
