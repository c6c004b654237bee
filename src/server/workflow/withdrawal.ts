import { and, eq, inArray } from 'drizzle-orm';
import { WITHDRAWAL_ERRORS, withdrawalRefusal } from '../../contract/rules/case-route';
import type { StatusSlug } from '../../contract/statuses';
import { emit, withEvents } from '../domain-events';
import type { CaseRow } from '../cases/access';
import type { Db } from '../infra/db/client';
import { cases, documents, engagementWithdrawals, proposalSignatures } from '../infra/db/schema';
import { VOIDED_LETTER_SLOT } from '../documents/workflow-slots';
import { AppError } from '../infra/errors/errors';
import { applyCaseEvent } from './apply';

/** Titles of the void letter and signed copy, kept as a record on the case. */
export const VOIDED_LETTER_TITLE = 'Opdrachtbevestiging (herroepen)';
export const VOIDED_SIGNED_LETTER_TITLE = 'Opdrachtbevestiging (getekend, herroepen)';

/**
 * The client withdraws from the signed engagement within the withdrawal period (BW 6:230o):
 * in one transaction the letter and its signed copy become void records, the signature evidence
 * moves to engagement_withdrawals (so a new letter can be signed later), the case forgets the
 * letter and the period, and the workflow rule moves it back to offer-chosen. The audit line
 * `proposal.withdrawn` makes the mails to the client and the case's lawyers (domain-events/rules.ts).
 * After the period, from 'Klaar voor facturatie' on, under a legal hold, or when there is nothing
 * to withdraw from, 409 and nothing changes.
 */
export async function withdrawEngagement(
  db: Db,
  input: { caseRow: CaseRow; clientId: string; now: Date },
): Promise<CaseRow> {
  const { now } = input;
  return withEvents(db, async (tx) => {
    const [locked] = await tx.select().from(cases).where(eq(cases.id, input.caseRow.id)).for('update');
    if (!locked || !locked.proposalSignedAt) throw new AppError('conflict', 'errors.withdrawal.notSigned');
    const refusal = withdrawalRefusal(locked.statusSlug as StatusSlug, locked.withdrawalEndsAt, now, locked.legalHold);
    if (refusal) throw new AppError('conflict', WITHDRAWAL_ERRORS[refusal]);
    const [signature] = await tx.select().from(proposalSignatures).where(eq(proposalSignatures.caseId, locked.id));
    const letterIds = [signature?.letterDocumentId ?? locked.proposalDocumentId, signature?.signedDocumentId].filter(
      (id): id is string => Boolean(id),
    );
    if (signature) {
      await tx.insert(engagementWithdrawals).values({
        caseId: locked.id,
        clientId: input.clientId,
        signedAt: signature.signedAt,
        withdrawnAt: now,
        startConsent: signature.startConsent,
        evidence: {
          typed_name: signature.typedName,
          ip: signature.ip,
          user_agent: signature.userAgent,
          pdf_sha256: signature.pdfSha256,
          withdrawal_ends_at: signature.withdrawalEndsAt?.toISOString() ?? null,
        },
        letterDocumentId: signature.letterDocumentId,
        signedDocumentId: signature.signedDocumentId,
      });
      await tx.delete(proposalSignatures).where(eq(proposalSignatures.caseId, locked.id));
    }
    if (letterIds.length > 0) {
      const voided = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.caseId, locked.id), inArray(documents.id, letterIds)));
      for (const { id } of voided) {
        await tx
          .update(documents)
          .set({
            slotKey: VOIDED_LETTER_SLOT,
            title: id === signature?.signedDocumentId ? VOIDED_SIGNED_LETTER_TITLE : VOIDED_LETTER_TITLE,
          })
          .where(eq(documents.id, id));
      }
    }
    await tx
      .update(cases)
      .set({
        proposalSignedAt: null,
        proposalDocumentId: null,
        proposalSha256: null,
        proposalSentAt: null,
        minimalAchievement: null,
        withdrawalEndsAt: null,
        startConsent: null,
        lastUpdateAt: now,
      })
      .where(eq(cases.id, locked.id));
    await emit(tx, {
      actorId: input.clientId,
      action: 'proposal.withdrawn',
      subjectType: 'case',
      subjectId: locked.id,
      caseId: locked.id,
      data: {
        from: locked.statusSlug,
        signed_at: locked.proposalSignedAt.toISOString(),
        voided_document_ids: letterIds,
      },
      at: now,
    });
    await applyCaseEvent(tx, {
      caseId: locked.id,
      event: { type: 'engagement-withdrawn' },
      actorId: input.clientId,
      now,
    });
    const [row] = await tx.select().from(cases).where(eq(cases.id, locked.id));
    if (!row) throw new Error('unreachable');
    return row;
  });
}
