import { and, desc, eq, sql } from 'drizzle-orm';
import type { OfferSlug } from '../../contract/offers';
import type { SettlementResponseRequest } from '../../contract/settlement';
import type { Db } from '../infra/db/client';
import {
  settlementResponses,
  settlementSigned,
  settlementSignedSuperseded,
  settlementVersions,
} from '../infra/db/schema';
import { emit, withEvents } from '../domain-events';
import { insertMessage } from '../messages/queries';
import { applyCaseEvent } from '../workflow/apply';
import type { VersionRow } from './queries';
import type { Redline } from '../../contract/rules/redline';
import { amsterdamToday } from '../../contract/rules/amsterdam-date';
import {
  AGREE_ERRORS,
  SIGNED_RECORD_ERRORS,
  agreeRefusal,
  isDatedBeforeFinal,
  signedRecordRefusal,
} from '../../contract/rules/settlement-signing';
import { STALE_WRITE_MESSAGE } from '../../contract/row-version';
import type { StatusSlug } from '../../contract/statuses';
import type { CaseRow } from '../cases/access';
import { lockOpenCase } from '../cases/lock';
import { AppError, fieldError } from '../infra/errors/errors';

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
    /** The redline against version number `after` (0: none), kept only if that is still the newest. */
    redline: { value: Redline; after: number };
    now: Date;
  },
): Promise<VersionRow> {
  const { id, caseRow, actorId, fields, text, terms, file, now } = input;
  return withEvents(db, async (tx) => {
    await lockOpenCase(tx, caseRow.id, 'settlement');
    const [row] = await tx
      .insert(settlementVersions)
      .values({
        id,
        caseId: caseRow.id,
        number: sql`(SELECT coalesce(max(number), 0) + 1 FROM settlement_versions WHERE case_id = ${caseRow.id})`,
        // A version added meanwhile makes the redline stale: left NULL, the redline job computes it.
        redline: sql`CASE WHEN (SELECT coalesce(max(number), 0) FROM settlement_versions WHERE case_id = ${caseRow.id})
          = ${input.redline.after} THEN ${JSON.stringify(input.redline.value)}::jsonb END`,
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
    await lockOpenCase(tx, caseRow.id, 'settlement');
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
    const locked = await lockOpenCase(tx, caseId, 'settlement');
    if (locked && body.response === 'agree') await refuseAgree(tx, locked, version);
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
    await lockOpenCase(tx, caseId, 'settlement');
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

type SignedValues = Omit<typeof settlementSigned.$inferInsert, 'caseId' | 'version'>;

/**
 * 'Akkoord' only on the employer's newest version, before signing (contract/rules/settlement-signing.ts),
 * read under the case's row lock: a version added or an agreement signed meanwhile is seen.
 */
async function refuseAgree(tx: Db, caseRow: CaseRow, version: VersionRow): Promise<void> {
  const [newest] = await tx
    .select({ id: settlementVersions.id })
    .from(settlementVersions)
    .where(and(eq(settlementVersions.caseId, caseRow.id), eq(settlementVersions.fromParty, 'employer')))
    .orderBy(desc(settlementVersions.number))
    .limit(1);
  const [signed] = await tx
    .select({ caseId: settlementSigned.caseId })
    .from(settlementSigned)
    .where(eq(settlementSigned.caseId, caseRow.id));
  const refusal = agreeRefusal({
    version: { id: version.id, from: version.fromParty },
    newestEmployerVersionId: newest?.id ?? null,
    signed: signed !== undefined,
    status: caseRow.statusSlug as StatusSlug,
  });
  if (refusal) throw new AppError('conflict', AGREE_ERRORS[refusal]);
}

/**
 * Records the signed agreement of a case, once; or corrects it while the bedenktijd runs
 * (contract/rules/settlement-signing.ts). Under the case's row lock: of two parallel records one
 * wins, the other is refused (409) and its caller removes its file. `expectedVersion` is the
 * record's version the form was loaded with (0: none yet). A correction keeps the record it
 * replaces, file included, in settlement_signed_superseded. The agreement is never dated before
 * the final version (422 on `dated`).
 */
export async function recordSigned(
  db: Db,
  input: { caseId: string; actorId: string; expectedVersion: number; values: SignedValues; now: Date },
): Promise<{ corrected: boolean }> {
  const { caseId, actorId, expectedVersion, values, now } = input;
  return withEvents(db, async (tx) => {
    const locked = await lockOpenCase(tx, caseId, 'settlement');
    if (!locked) throw new AppError('not_found', 'errors.server.notFound');
    const [existing] = await tx.select().from(settlementSigned).where(eq(settlementSigned.caseId, caseId));
    if ((existing?.version ?? 0) !== expectedVersion)
      throw new AppError(
        'conflict',
        existing && expectedVersion === 0 ? 'errors.settlement.alreadySigned' : STALE_WRITE_MESSAGE,
      );
    const refusal = signedRecordRefusal({
      status: locked.statusSlug as StatusSlug,
      legalHold: locked.legalHold,
      existing: existing ?? null,
      today: amsterdamToday(now),
    });
    if (refusal) throw new AppError('conflict', SIGNED_RECORD_ERRORS[refusal]);
    const [final] = await tx
      .select({ dated: settlementVersions.dated })
      .from(settlementVersions)
      .where(and(eq(settlementVersions.caseId, caseId), eq(settlementVersions.final, true)));
    if (isDatedBeforeFinal(values.dated, final?.dated ?? null))
      throw fieldError('dated', 'errors.settlement.signedBeforeFinal');
    if (existing) {
      const { caseId: _case, expiredTaskAt: _task, ...kept } = existing;
      await tx.insert(settlementSignedSuperseded).values({ ...kept, caseId, supersededBy: actorId, supersededAt: now });
      await tx
        .update(settlementSigned)
        .set({ ...values, version: existing.version + 1 })
        .where(and(eq(settlementSigned.caseId, caseId), eq(settlementSigned.version, existing.version)));
    } else {
      await tx.insert(settlementSigned).values({ caseId, ...values, version: 1 });
    }
    await emit(tx, {
      actorId,
      action: 'settlement.signed',
      subjectType: 'case',
      subjectId: caseId,
      caseId,
      data: { cooling_off_ends_on: values.coolingOffEndsOn, corrected: existing !== undefined },
      at: now,
    });
    return { corrected: existing !== undefined };
  });
}
