import { and, eq, sql } from 'drizzle-orm';
import type { OfferSlug } from '../../contract/offers';
import type { SettlementResponseRequest } from '../../contract/settlement';
import type { Db } from '../db/client';
import { settlementResponses, settlementSigned, settlementVersions } from '../db/schema';
import { emit, withEvents } from '../domain-events';
import { insertMessage } from '../messages/queries';
import { applyCaseEvent } from '../workflow/apply';
import type { VersionRow } from './queries';

// The changes to a settlement agreement, each in one transaction with its domain event and the
// workflow's move; the routes (routes.ts) check access and input and call one of these.

type CaseRef = { id: string; offer: string | null };
type StoredFile = { key: string; filename: string; contentType: string; size: number };

/** Adds the next version (numbered in the insert itself) of a case's settlement agreement. */
export async function addSettlementVersion(
  db: Db,
  input: {
    id: string;
    caseRow: CaseRef;
    actorId: string;
    fields: { from: VersionRow['fromParty']; dated: string; reply_by?: string | null; note?: string | null };
    text: string;
    terms: (typeof settlementVersions.$inferInsert)['terms'];
    file: StoredFile | null;
    now: Date;
  },
): Promise<VersionRow> {
  const { id, caseRow, actorId, fields, text, terms, file, now } = input;
  return withEvents(db, async (tx) => {
    const [row] = await tx
      .insert(settlementVersions)
      .values({
        id,
        caseId: caseRow.id,
        number: sql`(SELECT coalesce(max(number), 0) + 1 FROM settlement_versions WHERE case_id = ${caseRow.id})`,
        fromParty: fields.from,
        dated: fields.dated,
        replyBy: fields.reply_by ?? null,
        note: fields.note || null,
        text,
        terms,
        filename: file?.filename ?? null,
        contentType: file?.contentType ?? null,
        sizeBytes: file?.size ?? null,
        storageKey: file?.key ?? null,
        createdBy: actorId,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('version not created');
    await emit(tx, {
      actorId,
      action: 'settlement.version_added',
      subjectType: 'settlement_version',
      subjectId: row.id,
      caseId: caseRow.id,
      data: { from: row.fromParty, number: row.number, version_id: row.id },
      at: now,
    });
    await applyCaseEvent(tx, {
      caseId: caseRow.id,
      event: { type: 'settlement-version-added', offer: caseRow.offer as OfferSlug | null },
      actorId,
      now,
    });
    return row;
  });
}

/** Makes one version the final one (the former final one, and its check approval, no longer). */
export async function makeVersionFinal(
  db: Db,
  input: { version: VersionRow; caseRow: CaseRef; actorId: string; now: Date },
): Promise<VersionRow> {
  const { version, caseRow, actorId, now } = input;
  return withEvents(db, async (tx) => {
    await tx
      .update(settlementVersions)
      .set({ final: false, finalAt: null, wwApprovedAt: null, wwApprovedBy: null })
      .where(and(eq(settlementVersions.caseId, caseRow.id), eq(settlementVersions.final, true)));
    const [updated] = await tx
      .update(settlementVersions)
      .set({ final: true, finalAt: now })
      .where(eq(settlementVersions.id, version.id))
      .returning();
    await emit(tx, {
      actorId,
      action: 'settlement.version_final',
      subjectType: 'settlement_version',
      subjectId: version.id,
      caseId: caseRow.id,
      data: { number: version.number, version_id: version.id },
      at: now,
    });
    await applyCaseEvent(tx, {
      caseId: caseRow.id,
      event: { type: 'settlement-final', offer: caseRow.offer as OfferSlug | null },
      actorId,
      now,
    });
    return updated ?? version;
  });
}

/** The client's answer to a version; a question also becomes a message (after `quote`) to the lawyer. */
export async function respondToVersion(
  db: Db,
  input: {
    version: VersionRow;
    caseId: string;
    clientId: string;
    body: SettlementResponseRequest;
    quote: string;
    now: Date;
  },
): Promise<void> {
  const { version, caseId, clientId, body, quote, now } = input;
  await withEvents(db, async (tx) => {
    let messageId: string | null = null;
    if (body.response === 'question' && body.text) {
      const message = await insertMessage(tx, {
        caseId,
        authorId: clientId,
        authorRole: 'client',
        text: `${quote}\n\n${body.text}`,
        documentId: null,
        now,
      });
      messageId = message.id;
      await emit(tx, {
        actorId: clientId,
        action: 'message.sent',
        subjectType: 'case',
        subjectId: caseId,
        caseId,
        data: { message_id: message.id, attachment: false },
        at: now,
      });
    }
    await tx.insert(settlementResponses).values({
      versionId: version.id,
      caseId,
      clientId,
      response: body.response,
      text: body.text ?? null,
      messageId,
      createdAt: now,
    });
    await emit(tx, {
      actorId: clientId,
      action: 'settlement.response',
      subjectType: 'settlement_version',
      subjectId: version.id,
      caseId,
      data: { response: body.response, version_id: version.id },
      at: now,
    });
  });
}

/** The final version of a case's agreement, if one is marked final. */
export async function getFinalVersion(db: Db, caseId: string): Promise<VersionRow | null> {
  const [final] = await db
    .select()
    .from(settlementVersions)
    .where(and(eq(settlementVersions.caseId, caseId), eq(settlementVersions.final, true)));
  return final ?? null;
}

/** The lawyer approves the unemployment-benefit check of the final version. */
export async function approveWwCheck(
  db: Db,
  input: { final: VersionRow; caseId: string; actorId: string; now: Date },
): Promise<void> {
  const { final, caseId, actorId, now } = input;
  await withEvents(db, async (tx) => {
    await tx
      .update(settlementVersions)
      .set({ wwApprovedAt: now, wwApprovedBy: actorId })
      .where(eq(settlementVersions.id, final.id));
    await emit(tx, {
      actorId,
      action: 'settlement.check_approved',
      subjectType: 'settlement_version',
      subjectId: final.id,
      caseId,
      data: { version_id: final.id },
      at: now,
    });
    await applyCaseEvent(tx, { caseId, event: { type: 'settlement-check-approved' }, actorId, now });
  });
}

type SignedValues = Omit<typeof settlementSigned.$inferInsert, 'caseId'>;

/** Records (or replaces) the signed agreement of a case. */
export async function recordSigned(
  db: Db,
  input: { caseId: string; actorId: string; values: SignedValues; now: Date },
): Promise<void> {
  const { caseId, actorId, values, now } = input;
  await withEvents(db, async (tx) => {
    await tx
      .insert(settlementSigned)
      .values({ caseId, ...values })
      .onConflictDoUpdate({ target: settlementSigned.caseId, set: values });
    await emit(tx, {
      actorId,
      action: 'settlement.signed',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: { cooling_off_ends_on: values.coolingOffEndsOn },
      at: now,
    });
  });
}
