import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StatusSlug } from '../../contract/statuses';
import { cases, documents, messages, settlementSigned, settlementVersions } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { multipart } from '../infra/testing/multipart';

/**
 * A closed case is closed, for everyone (contract/rules/case-lock.ts): from 'Voltooid' on no
 * change at all, from 'Klaar voor facturatie' on only messages. Each refusal is a 409 in the
 * reader's language and changes nothing.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const DOCUMENTS =
  'Dit dossier is afgesloten: de documenten kunnen niet meer worden toegevoegd, vervangen, beoordeeld, verborgen of ' +
  'verwijderd.';
const SETTLEMENT = 'Dit dossier is afgesloten: de vaststellingsovereenkomst kan niet meer worden gewijzigd.';
const MESSAGES =
  'Dit dossier is voltooid: er kunnen geen berichten meer worden verstuurd. ' +
  'Neem voor vragen contact op met het kantoor.';

/** A case with an uploaded (not yet reviewed) document and an employer's version, then moved to `status`. */
async function closedCase(status: StatusSlug) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'reviewing-documents', lawyerIds: [lawyer.id] });
  await ctx.db.update(cases).set({ offer: 'extreme' }).where(eq(cases.id, client.caseId));
  const c = {
    caseId: client.caseId,
    client: bearer(await tokenFor(ctx, client.id)),
    lawyer: bearer(await tokenFor(ctx, lawyer.id)),
  };
  const [doc] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, client.caseId), eq(documents.mandatory, true)))
    .limit(1);
  expect((await upload(`/api/documents/${doc!.id}/upload`, c.client)).statusCode).toBe(200);
  const version = multipart({ from: 'employer', dated: '2026-02-20', text: 'Artikel 1.' }, []);
  const added = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${client.caseId}/settlement/versions`,
    headers: { ...c.lawyer, ...version.headers },
    payload: version.payload,
  });
  expect(added.statusCode, added.body).toBe(201);
  await ctx.db.update(cases).set({ statusSlug: status }).where(eq(cases.id, client.caseId));
  const snapshot = async () => ({
    documents: await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId)),
    versions: await ctx.db.select().from(settlementVersions).where(eq(settlementVersions.caseId, client.caseId)),
    signed: await ctx.db.select().from(settlementSigned).where(eq(settlementSigned.caseId, client.caseId)),
    messages: await ctx.db.select().from(messages).where(eq(messages.caseId, client.caseId)),
  });
  return { ...c, documentId: doc!.id, versionId: added.json().data.id as string, snapshot };
}

function upload(url: string, headers: Record<string, string>, fields: Record<string, string> = {}) {
  const body = multipart(fields, [{ filename: 'stuk.pdf', contentType: 'application/pdf', data: PDF }]);
  return ctx.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const send = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload: object) =>
  ctx.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });

describe("a 'Voltooid' case takes no change from anyone", () => {
  it('refuses every kind of change with 409 in Dutch (and English), and nothing changes', async () => {
    const c = await closedCase('completed');
    const before = await c.snapshot();
    const refusals: [string, () => ReturnType<typeof send>, string][] = [
      [
        'client adds a document',
        () => upload(`/api/cases/${c.caseId}/documents`, c.client, { title: 'Nieuw' }),
        DOCUMENTS,
      ],
      [
        'lawyer adds a document',
        () => upload(`/api/cases/${c.caseId}/documents`, c.lawyer, { title: 'Nieuw' }),
        DOCUMENTS,
      ],
      ['lawyer replaces a document', () => upload(`/api/documents/${c.documentId}/upload`, c.lawyer), DOCUMENTS],
      [
        'lawyer approves a document',
        () => send('POST', `/api/documents/${c.documentId}/review`, c.lawyer, { status: 'Approved' }),
        DOCUMENTS,
      ],
      [
        'lawyer hides a document',
        () => send('PATCH', `/api/documents/${c.documentId}/set-visibility`, c.lawyer, { visible: false }),
        DOCUMENTS,
      ],
      [
        'lawyer adds a settlement version',
        () => upload(`/api/cases/${c.caseId}/settlement/versions`, c.lawyer, { from: 'employer', dated: '2026-02-25' }),
        SETTLEMENT,
      ],
      [
        'lawyer marks a version final',
        () => send('POST', `/api/settlement-versions/${c.versionId}/final`, c.lawyer, {}),
        SETTLEMENT,
      ],
      [
        'client agrees to a version',
        () => send('POST', `/api/settlement-versions/${c.versionId}/response`, c.client, { response: 'agree' }),
        SETTLEMENT,
      ],
      [
        'lawyer records the signed agreement',
        () =>
          upload(`/api/cases/${c.caseId}/settlement/signed`, c.lawyer, {
            dated: '2026-03-02',
            agreed_on: '2026-03-02',
            cooling_off_clause: 'true',
          }),
        SETTLEMENT,
      ],
      [
        'client sends a message',
        () => send('POST', `/api/cases/${c.caseId}/messages`, c.client, { text: 'Hallo' }),
        MESSAGES,
      ],
      [
        'lawyer sends a message',
        () => send('POST', `/api/cases/${c.caseId}/messages`, c.lawyer, { text: 'Hallo' }),
        MESSAGES,
      ],
      [
        'client sends a message with a file',
        () => upload(`/api/cases/${c.caseId}/messages`, c.client, { text: 'Zie bijlage' }),
        MESSAGES,
      ],
    ];
    for (const [what, attempt, message] of refusals) {
      const response = await attempt();
      expect(response.statusCode, what).toBe(409);
      expect(response.json().message, what).toBe(message);
    }
    const english = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${c.caseId}/messages`,
      headers: { ...c.client, 'content-type': 'application/json', 'accept-language': 'en-US' },
      payload: { text: 'Hello' },
    });
    expect(english.json().message).toBe(
      'This case is completed: no more messages can be sent. For questions, please contact the firm.',
    );
    expect(await c.snapshot()).toEqual(before);
  });

  it('checks again under the row lock: a case completed after the route looked still refuses the change', async () => {
    const c = await closedCase('check');
    const { sendMessage } = await import('../messages/queries');
    await ctx.db.update(cases).set({ statusSlug: 'completed' }).where(eq(cases.id, c.caseId));
    const [row] = await ctx.db.select({ clientId: cases.clientId }).from(cases).where(eq(cases.id, c.caseId));
    await expect(
      sendMessage(ctx.db, {
        caseId: c.caseId,
        author: { userId: row!.clientId, role: 'client' },
        text: 'Te laat',
        file: null,
        now: ctx.clock.now(),
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'errors.caseClosed.message' });
  });
});

describe("a case 'Klaar voor facturatie'", () => {
  it('still takes messages both ways, but no document, file or settlement change', async () => {
    const c = await closedCase('ready-for-invoicing');
    const question = await send('POST', `/api/cases/${c.caseId}/messages`, c.client, { text: 'Vraag over de factuur' });
    expect(question.statusCode, question.body).toBe(201);
    expect((await send('POST', `/api/cases/${c.caseId}/messages`, c.lawyer, { text: 'Antwoord' })).statusCode).toBe(
      201,
    );
    const before = await c.snapshot();
    const attachment = await upload(`/api/cases/${c.caseId}/messages`, c.client, { text: 'Zie bijlage' });
    expect(attachment.statusCode).toBe(409);
    expect(attachment.json().message).toBe(DOCUMENTS);
    expect((await upload(`/api/cases/${c.caseId}/documents`, c.client, { title: 'Nieuw' })).statusCode).toBe(409);
    expect((await upload(`/api/documents/${c.documentId}/upload`, c.lawyer)).statusCode).toBe(409);
    expect(
      (await send('POST', `/api/documents/${c.documentId}/review`, c.lawyer, { status: 'Approved' })).statusCode,
    ).toBe(409);
    const version = await upload(`/api/cases/${c.caseId}/settlement/versions`, c.lawyer, {
      from: 'employer',
      dated: '2026-02-25',
    });
    expect(version.statusCode).toBe(409);
    expect(version.json().message).toBe(SETTLEMENT);
    expect(await c.snapshot()).toEqual(before);
    // The lawyer can still complete the case.
    const completed = await send('PATCH', `/api/cases/${c.caseId}/status`, c.lawyer, { status: 'completed' });
    expect(completed.statusCode, completed.body).toBe(200);
  });
});
