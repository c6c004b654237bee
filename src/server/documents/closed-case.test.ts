import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatusSlug } from '../../contract/statuses';
import { cases, documents } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';
import { deleteDocument } from './queries';
import { SIGNED_LETTER_SLOT } from './workflow-slots';

/**
 * A closed case is a record: from 'Klaar voor facturatie' on, and always under a legal hold, the
 * client no longer deletes or replaces documents; under a legal hold the lawyer does not delete
 * them; the signed engagement letter is never hidden from the client.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const CLOSED =
  'Dit dossier is afgesloten: de documenten kunnen niet meer worden toegevoegd, vervangen, beoordeeld, verborgen of ' +
  'verwijderd.';
const HOLD =
  'Voor dit dossier geldt een bewaarplicht: documenten kunnen niet worden verwijderd of door de cliënt ' +
  'worden vervangen.';

/** A case with an uploaded and approved mandatory document, then moved to `status` (with or without a legal hold). */
async function caseWithApprovedDocument(status: StatusSlug, legalHold: boolean) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const [doc] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
    .limit(1);
  const body = multipart({}, [{ filename: 'contract.pdf', contentType: 'application/pdf', data: PDF }]);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${doc!.id}/upload`,
        headers: { ...bearer(clientToken), ...body.headers },
        payload: body.payload,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${doc!.id}/review`,
        headers: bearer(lawyerToken),
        payload: { status: 'Approved' },
      })
    ).statusCode,
  ).toBe(200);
  await ctx.db
    .update(cases)
    .set({ statusSlug: status, legalHold, legalHoldReason: legalHold ? 'Procedure' : null })
    .where(eq(cases.id, client.caseId));
  const [stored] = await ctx.db.select().from(documents).where(eq(documents.id, doc!.id));
  return { lawyer, client, clientToken, lawyerToken, documentId: doc!.id, storageKey: stored!.storageKey! };
}

const remove = (id: string, token: string, language = 'nl-NL') =>
  ctx.app.inject({
    method: 'DELETE',
    url: `/api/documents/${id}`,
    headers: { ...bearer(token), 'accept-language': language },
  });
function replace(id: string, token: string) {
  const body = multipart({}, [{ filename: 'nieuw.pdf', contentType: 'application/pdf', data: PDF }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/upload`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}
const stillStored = async (c: { documentId: string; storageKey: string }) => {
  const [row] = await ctx.db.select().from(documents).where(eq(documents.id, c.documentId));
  expect(row?.storageKey).toBe(c.storageKey);
  expect(row?.status).toBe('Approved');
  await expect(ctx.storage.read(c.storageKey)).resolves.toBeTruthy();
};

describe('a closed case is a record', () => {
  it("refuses the client deleting or replacing an approved file of a held 'Voltooid' case (409, Dutch)", async () => {
    const c = await caseWithApprovedDocument('completed', true);
    const deleted = await remove(c.documentId, c.clientToken);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual({ message: HOLD });
    expect((await replace(c.documentId, c.clientToken)).statusCode).toBe(409);
    await stillStored(c);
  });

  it("refuses the client from 'Klaar voor facturatie' on, without a hold, in the reader's language", async () => {
    for (const status of ['ready-for-invoicing', 'completed'] as const) {
      const c = await caseWithApprovedDocument(status, false);
      const deleted = await remove(c.documentId, c.clientToken);
      expect(deleted.statusCode, status).toBe(409);
      expect(deleted.json().message).toBe(CLOSED);
      expect((await remove(c.documentId, c.clientToken, 'en-US')).json().message).toBe(
        'This case is closed: its documents can no longer be added, replaced, reviewed, hidden or deleted.',
      );
      const replaced = await replace(c.documentId, c.clientToken);
      expect(replaced.statusCode, status).toBe(409);
      expect(replaced.json().message).toBe(CLOSED);
      await stillStored(c);
    }
    const open = await caseWithApprovedDocument('ready-for-signing', false);
    expect((await remove(open.documentId, open.clientToken)).statusCode).toBe(204);
  });

  it('refuses the lawyer a delete while a legal hold is set or the case is closed, and not otherwise', async () => {
    const held = await caseWithApprovedDocument('negotiation-phase', true);
    const refused = await remove(held.documentId, held.lawyerToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(HOLD);
    await stillStored(held);
    expect((await replace(held.documentId, held.lawyerToken)).statusCode).toBe(200);
    const free = await caseWithApprovedDocument('check', false);
    expect((await remove(free.documentId, free.lawyerToken)).statusCode).toBe(204);
    // A closed case is closed for the lawyer too.
    const closed = await caseWithApprovedDocument('completed', false);
    const refusedClosed = await remove(closed.documentId, closed.lawyerToken);
    expect(refusedClosed.statusCode).toBe(409);
    expect(refusedClosed.json().message).toBe(CLOSED);
    await stillStored(closed);
  });

  it("checks again under the case's row lock: a hold set after the route's check still stops the delete", async () => {
    const c = await caseWithApprovedDocument('check', false);
    // The route saw an open case; a legal hold arrives before the delete's transaction.
    await ctx.db
      .update(cases)
      .set({ legalHold: true, legalHoldReason: 'Procedure' })
      .where(eq(cases.id, c.client.caseId));
    await expect(
      deleteDocument(ctx.db, { documentId: c.documentId, userId: c.client.id, byClient: true, now: ctx.clock.now() }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'errors.document.legalHold' });
    await stillStored(c);
  });

  it('lets parallel deletes and a legal hold never leave a held case without its document', async () => {
    const c = await caseWithApprovedDocument('check', false);
    const [deleted] = await Promise.all([
      remove(c.documentId, c.clientToken),
      ctx.db.update(cases).set({ legalHold: true, legalHoldReason: 'Procedure' }).where(eq(cases.id, c.client.caseId)),
    ]);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, c.documentId));
    // Either the delete came first (204, before the hold) or it was refused with the document kept.
    if (deleted.statusCode === 409) expect(row?.storageKey).toBe(c.storageKey);
    else expect(deleted.statusCode).toBe(204);
  });

  it('never hides the signed engagement letter from the client (409), other documents as before', async () => {
    const c = await caseWithApprovedDocument('reviewing-documents', false);
    const [letter] = await ctx.db
      .insert(documents)
      .values({
        caseId: c.client.caseId,
        title: 'Opdrachtbevestiging (getekend)',
        mandatory: false,
        slotKey: SIGNED_LETTER_SLOT,
        visible: true,
        status: 'Approved',
      })
      .returning({ id: documents.id });
    const hide = (id: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/api/documents/${id}/set-visibility`,
        headers: bearer(c.lawyerToken),
        payload: { visible: false },
      });
    const refused = await hide(letter!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('De getekende opdrachtbevestiging blijft altijd zichtbaar voor de cliënt.');
    expect((await ctx.db.select().from(documents).where(eq(documents.id, letter!.id)))[0]?.visible).toBe(true);
    expect((await hide(c.documentId)).statusCode).toBe(200);
  });

  it('tells the screens about the hold in the case views', async () => {
    const c = await caseWithApprovedDocument('completed', true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/cases/mine', headers: bearer(c.clientToken) })).json().data
        .legal_hold,
    ).toBe(true);
    expect(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/cases/${c.client.caseId}`, headers: bearer(c.lawyerToken) })
      ).json().data.legal_hold,
    ).toBe(true);
  });
});
