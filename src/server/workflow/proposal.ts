import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { MinimalAchievement } from '../../contract/offers';
import { canSendProposal, canSignProposal, isMatchingName } from '../../contract/rules/case-route';
import { getWithdrawalEnd } from '../../contract/rules/withdrawal-end';
import { getDisplayName } from '../../contract/rules/display-name';
import type { StatusSlug } from '../../contract/statuses';
import { NAME_MISMATCH_MESSAGE } from '../../contract/workflow';
import { emit, withEvents } from '../domain-events';
import type { CaseRow } from '../cases/access';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { cases, documentViews, documents, proposalSignatures, users } from '../infra/db/schema';
import { documentKey } from '../documents/upload';
import { LETTER_SLOT, SIGNED_LETTER_SLOT } from '../documents/workflow-slots';
import { AppError, fieldError } from '../infra/errors/errors';
import type { Storage } from '../infra/storage/storage';
import { applyCaseEvent } from './apply';
import { renderLetter, renderSignedCopy } from './letter';

export const LETTER_TITLE = 'Opdrachtbevestiging';
export const SIGNED_LETTER_TITLE = 'Opdrachtbevestiging (getekend)';

type Deps = { db: Db; storage: Storage; config: Pick<Config, 'site' | 'withdrawalDays'> };

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
/** `message`: a translation key (errors.workflow.…). */
const conflict = (message: string) => new AppError('conflict', message);

async function readAll(storage: Storage, key: string): Promise<Buffer> {
  const { stream } = await storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function addressOf(parts: {
  street: string | null;
  houseNumber: string | null;
  addition?: string | null;
  postcode: string | null;
  city: string | null;
}): string | null {
  const street = [parts.street, [parts.houseNumber, parts.addition].filter(Boolean).join('')].filter(Boolean).join(' ');
  const place = [parts.postcode, parts.city].filter(Boolean).join(' ');
  const line = [street, place].filter(Boolean).join(', ');
  return line || null;
}

/**
 * The lawyer sends (or at proposal sends again) the engagement letter: renders the PDF,
 * stores it as the document 'Opdrachtbevestiging' (replacing an earlier letter), sets
 * minimal_achievement and moves offer-chosen → proposal, all recorded as proposal.sent.
 * Any other phase answers 409 and changes nothing.
 */
export async function sendProposal(
  deps: Deps,
  input: { caseRow: CaseRow; minimalAchievement: MinimalAchievement; lawyerId: string; now: Date },
): Promise<CaseRow> {
  const { db, storage, config } = deps;
  const { caseRow, now } = input;
  if (!canSendProposal(caseRow.statusSlug as StatusSlug)) throw conflict('errors.workflow.proposalWrongPhase');
  if (!caseRow.offer) throw conflict('errors.workflow.noOffer');
  const [[client], [lawyer]] = await Promise.all([
    db.select().from(users).where(eq(users.id, caseRow.clientId)),
    db.select().from(users).where(eq(users.id, input.lawyerId)),
  ]);
  if (!client) throw new Error(`Case ${caseRow.id} has no client`);
  const bytes = await renderLetter({
    firm: {
      name: config.site.productName,
      addressLines: config.site.addressLines,
      email: config.site.supportEmail,
      phone: config.site.supportPhone,
    },
    client: {
      name: getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName }),
      address: addressOf({
        street: client.street,
        houseNumber: client.houseNumber,
        addition: client.houseNumberAddition,
        postcode: client.postcode,
        city: client.city,
      }),
      email: client.email,
    },
    employer: {
      name: caseRow.companyName,
      address: addressOf({
        street: caseRow.companyStreet,
        houseNumber: caseRow.companyHouseNumber,
        postcode: caseRow.companyPostcode,
        city: caseRow.companyCity,
      }),
    },
    lawyer: lawyer
      ? { name: getDisplayName({ name: lawyer.name, infix: lawyer.infix, last_name: lawyer.lastName }) }
      : null,
    offer: caseRow.offer,
    minimalAchievement: input.minimalAchievement,
    date: now,
    withdrawalDays: config.withdrawalDays,
  });
  const digest = sha256(bytes);
  const newId = randomUUID();
  const key = documentKey(caseRow.id, newId, 1);
  await storage.put(key, Buffer.from(bytes));
  let previousKey: string | null = null;
  try {
    const updated = await withEvents(db, async (tx) => {
      const [locked] = await tx.select().from(cases).where(eq(cases.id, caseRow.id)).for('update');
      if (!locked || !canSendProposal(locked.statusSlug as StatusSlug) || locked.proposalSignedAt)
        throw conflict('errors.workflow.statusChanged');
      const file = {
        storageKey: key,
        filename: 'opdrachtbevestiging.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        uploadedAt: now,
        uploadedBy: input.lawyerId,
      };
      const [existing] = locked.proposalDocumentId
        ? await tx.select().from(documents).where(eq(documents.id, locked.proposalDocumentId))
        : [];
      let documentId: string;
      if (existing) {
        previousKey = existing.storageKey;
        await tx
          .update(documents)
          .set({
            ...file,
            version: sql`${documents.version} + 1`,
            status: 'Approved',
            approvedBy: input.lawyerId,
            rejectedBy: null,
            message: null,
            reviewedAt: now,
            visible: true,
          })
          .where(eq(documents.id, existing.id));
        documentId = existing.id;
      } else {
        await tx.insert(documents).values({
          id: newId,
          caseId: caseRow.id,
          title: LETTER_TITLE,
          mandatory: false,
          slotKey: LETTER_SLOT,
          visible: true,
          status: 'Approved',
          approvedBy: input.lawyerId,
          reviewedAt: now,
          version: 1,
          createdAt: now,
          ...file,
        });
        documentId = newId;
      }
      // The lawyer made it: it is not a document waiting for them to look at.
      await tx
        .insert(documentViews)
        .values({ documentId, userId: input.lawyerId, viewedAt: now })
        .onConflictDoUpdate({ target: [documentViews.documentId, documentViews.userId], set: { viewedAt: now } });
      await tx
        .update(cases)
        .set({
          minimalAchievement: input.minimalAchievement,
          proposalDocumentId: documentId,
          proposalSha256: digest,
          proposalSentAt: now,
          lastUpdateAt: now,
        })
        .where(eq(cases.id, caseRow.id));
      await emit(tx, {
        actorId: input.lawyerId,
        action: 'proposal.sent',
        subjectType: 'case',
        subjectId: caseRow.id,
        caseId: caseRow.id,
        data: {
          document_id: documentId,
          minimal_achievement: input.minimalAchievement,
          offer: locked.offer,
          replaced: Boolean(existing),
          pdf_sha256: digest,
        },
        at: now,
      });
      await applyCaseEvent(tx, { caseId: caseRow.id, event: { type: 'proposal-sent' }, actorId: input.lawyerId, now });
      const [row] = await tx.select().from(cases).where(eq(cases.id, caseRow.id));
      if (!row) throw new Error('unreachable');
      return row;
    });
    if (previousKey) await storage.remove(previousKey).catch(() => undefined);
    return updated;
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export type SignInput = {
  caseRow: CaseRow;
  clientId: string;
  fullName: string;
  shownSha256?: string;
  ip: string;
  userAgent: string;
  now: Date;
  startConsent: boolean;
};

/**
 * The client signs the letter: the typed name must match their display name; the evidence
 * (time, IP, user agent, typed name, SHA-256 of the exact PDF shown) is kept, a signed copy
 * (letter plus signature page) is added as a document, and the case moves on. Exactly one
 * signature per case: the conditional UPDATE and the signature row's primary key see to it.
 */
export async function signProposal(deps: Deps, input: SignInput): Promise<CaseRow> {
  const { db, storage } = deps;
  const { caseRow, now } = input;
  const [client] = await db.select().from(users).where(eq(users.id, input.clientId));
  if (!client) throw new Error('unreachable');
  const clientName = getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName });
  if (!isMatchingName(input.fullName, clientName)) throw fieldError('full_name', NAME_MISMATCH_MESSAGE);
  if (
    !canSignProposal(caseRow.statusSlug as StatusSlug, caseRow.proposalSignedAt) ||
    !caseRow.proposalDocumentId ||
    !caseRow.proposalSha256
  ) {
    throw conflict(caseRow.proposalSignedAt ? 'errors.workflow.alreadySigned' : 'errors.workflow.nothingToSign');
  }
  if (input.shownSha256 && input.shownSha256 !== caseRow.proposalSha256)
    throw conflict('errors.workflow.letterReplaced');
  const [letterDoc] = await db.select().from(documents).where(eq(documents.id, caseRow.proposalDocumentId));
  if (!letterDoc?.storageKey) throw conflict('errors.workflow.nothingToSign');
  const letter = await readAll(storage, letterDoc.storageKey);
  const shownSha256 = sha256(letter);
  if (shownSha256 !== caseRow.proposalSha256) throw conflict('errors.workflow.letterReplaced');
  const withdrawalEndsAt = getWithdrawalEnd(now, deps.config.withdrawalDays);
  const evidence = {
    signedAt: now,
    typedName: input.fullName.trim(),
    ip: input.ip,
    userAgent: input.userAgent.slice(0, 500),
    pdfSha256: shownSha256,
    startConsent: input.startConsent,
    withdrawalEndsAt,
  };
  const signed = await renderSignedCopy(letter, { ...evidence, clientName });
  const signedId = randomUUID();
  const key = documentKey(caseRow.id, signedId, 1);
  await storage.put(key, Buffer.from(signed));
  try {
    return await withEvents(db, async (tx) => {
      const [won] = await tx
        .update(cases)
        .set({ proposalSignedAt: now, lastUpdateAt: now, withdrawalEndsAt, startConsent: input.startConsent })
        .where(
          and(
            eq(cases.id, caseRow.id),
            eq(cases.statusSlug, 'proposal'),
            isNull(cases.proposalSignedAt),
            eq(cases.proposalSha256, shownSha256),
          ),
        )
        .returning({ id: cases.id });
      if (!won) throw conflict('errors.workflow.signedOrChanged');
      await tx.insert(documents).values({
        id: signedId,
        caseId: caseRow.id,
        title: SIGNED_LETTER_TITLE,
        mandatory: false,
        slotKey: SIGNED_LETTER_SLOT,
        visible: true,
        // Nothing to review: the firm's own letter, signed. It carries the approval of the
        // lawyer who sent the letter, so it never waits for a 'Goedkeuren' (shown 'Getekend').
        status: 'Approved',
        approvedBy: letterDoc.approvedBy,
        reviewedAt: now,
        storageKey: key,
        filename: 'opdrachtbevestiging-getekend.pdf',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: signed.length,
        version: 1,
        uploadedAt: now,
        uploadedBy: input.clientId,
        createdAt: now,
      });
      await tx.insert(proposalSignatures).values({
        caseId: caseRow.id,
        signerId: input.clientId,
        signedAt: now,
        typedName: evidence.typedName,
        ip: evidence.ip,
        userAgent: evidence.userAgent,
        pdfSha256: shownSha256,
        letterDocumentId: letterDoc.id,
        signedDocumentId: signedId,
        startConsent: input.startConsent,
        withdrawalEndsAt,
      });
      await emit(tx, {
        actorId: input.clientId,
        action: 'proposal.signed',
        subjectType: 'case',
        subjectId: caseRow.id,
        caseId: caseRow.id,
        data: {
          document_id: signedId,
          letter_document_id: letterDoc.id,
          pdf_sha256: shownSha256,
          start_consent: input.startConsent,
          withdrawal_ends_at: withdrawalEndsAt.toISOString(),
        },
        at: now,
      });
      await applyCaseEvent(tx, {
        caseId: caseRow.id,
        event: { type: 'proposal-signed' },
        actorId: input.clientId,
        now,
      });
      const [row] = await tx.select().from(cases).where(eq(cases.id, caseRow.id));
      if (!row) throw new Error('unreachable');
      return row;
    });
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}
