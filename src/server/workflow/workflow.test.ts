import { createHash } from 'node:crypto';
import path from 'node:path';
import { unzip } from '../infra/testing/unzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema, CaseLawyerViewResponseSchema } from '../../contract/cases';
import { DocumentResponseSchema } from '../../contract/documents';
import type { StatusSlug } from '../../contract/statuses';
import { TimelineResponseSchema, type TimelineEvent } from '../../contract/workflow';
import { auditEvents, cases, documents, proposalSignatures, users } from '../infra/db/schema';
import { multipart } from '../infra/testing/multipart';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'user-agent': 'Vitest/1.0 (workflow)' },
    ...(payload ? { payload } : {}),
  });
const caseOf = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0];
const statusOf = async (id: string) => (await caseOf(id))?.statusSlug;
const statusAudit = (caseId: string) =>
  ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.caseId, caseId), eq(auditEvents.action, 'case.status_changed')))
    .orderBy(asc(auditEvents.id));
const mandatoryDocs = (caseId: string) =>
  ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, caseId), eq(documents.mandatory, true)))
    .orderBy(asc(documents.createdAt), asc(documents.id));
async function upload(token: string, documentId: string) {
  const body = multipart({}, [{ filename: 'stuk.pdf', data: PDF }]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${documentId}/upload`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

const COMPLETE_PROFILE = {
  name: 'Kees',
  last_name: 'Klant',
  phone_number: '0612345678',
  street: 'Dorpsstraat',
  house_number: '1',
  postcode: '1234AB',
  city: 'Utrecht',
};
const COMPLETE_COMPANY = {
  company_name: 'Bakkerij de Boer BV',
  company_house_number: '5',
  company_postcode: '3011AA',
  company_city: 'Rotterdam',
  contact_email: 'hr@deboer.example',
  contact_phone_number: '0101234567',
};

async function setup(status: StatusSlug, offer: 'start' | 'complete' | 'extreme' | null = 'start') {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  const client = await createTestClient(ctx, {
    status,
    lawyerIds: [lawyer.id],
    name: 'Kees',
    infix: 'van',
    lastName: 'Klant',
  });
  await ctx.db.update(cases).set({ offer, companyName: 'Bakkerij de Boer BV' }).where(eq(cases.id, client.caseId));
  return { lawyer, client, lawyerToken: await tokenFor(ctx, lawyer.id), clientToken: await tokenFor(ctx, client.id) };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl: `${path.join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`,
  }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n');
}

const readFile = async (key: string) => {
  const { stream } = await ctx.storage.read(key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

async function sendLetter(s: Awaited<ReturnType<typeof setup>>, minimal: string = 'M2') {
  return inject('POST', `/api/cases/${s.client.caseId}/proposal`, s.lawyerToken, { minimal_achievement: minimal });
}

describe('lead → almost-client', () => {
  it('moves on when the second of personal and employer data is completed, with the client as actor', async () => {
    const s = await setup('lead', null);
    expect((await inject('PATCH', `/api/cases/${s.client.caseId}`, s.clientToken, COMPLETE_COMPANY)).statusCode).toBe(
      200,
    );
    expect(await statusOf(s.client.caseId)).toBe('lead');
    const response = await inject('PATCH', '/api/user', s.clientToken, COMPLETE_PROFILE);
    expect(response.statusCode).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('almost-client');
    expect(await statusAudit(s.client.caseId)).toEqual([
      expect.objectContaining({
        actorId: s.client.id,
        data: { from: 'lead', to: 'almost-client', cause: 'data.updated' },
      }),
    ]);
  });

  it('also moves on when the employer data come last', async () => {
    const s = await setup('lead', null);
    await inject('PATCH', '/api/user', s.clientToken, COMPLETE_PROFILE);
    expect(await statusOf(s.client.caseId)).toBe('lead');
    await inject('PATCH', `/api/cases/${s.client.caseId}`, s.clientToken, COMPLETE_COMPANY);
    expect(await statusOf(s.client.caseId)).toBe('almost-client');
  });

  it('does not move a case past lead on data saves', async () => {
    const s = await setup('offer-chosen');
    await inject('PATCH', '/api/user', s.clientToken, COMPLETE_PROFILE);
    await inject('PATCH', `/api/cases/${s.client.caseId}`, s.clientToken, COMPLETE_COMPANY);
    expect(await statusOf(s.client.caseId)).toBe('offer-chosen');
    expect(await statusAudit(s.client.caseId)).toEqual([]);
  });
});

describe('offer choice', () => {
  it('moves almost-client → offer-chosen on the client choice, recorded with from and to', async () => {
    const s = await setup('almost-client', null);
    expect(
      (await inject('PATCH', `/api/cases/${s.client.caseId}/offer`, s.clientToken, { offer: 'complete' })).statusCode,
    ).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('offer-chosen');
    expect(await statusAudit(s.client.caseId)).toEqual([
      expect.objectContaining({
        actorId: s.client.id,
        data: expect.objectContaining({ from: 'almost-client', to: 'offer-chosen' }),
      }),
    ]);
  });

  it('sends a case at proposal back to offer-chosen when the client picks another package before signing', async () => {
    const s = await setup('offer-chosen');
    await sendLetter(s);
    expect(
      (await inject('PATCH', `/api/cases/${s.client.caseId}/offer`, s.clientToken, { offer: 'extreme' })).statusCode,
    ).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('offer-chosen');
  });
});

describe('POST /api/cases/{id}/proposal', () => {
  it('renders a PDF with client, employer, package, price, stores it for the client, moves to proposal', async () => {
    const s = await setup('offer-chosen', 'start');
    ctx.clock.advance(1000);
    const response = await sendLetter(s, 'M1');
    expect(response.statusCode).toBe(200);
    const view = CaseLawyerViewResponseSchema.parse(response.json()).data;
    expect(view.status.slug).toBe('proposal');
    expect(view.minimal_achievement).toBe('M1');
    expect(view.proposal_sent_at).toBe(ctx.clock.now().toISOString());
    const letter = view.documents.find((d) => d.id === view.proposal_document_id);
    expect(letter).toMatchObject({ title: 'Opdrachtbevestiging', visible: true, extension: 'pdf', mandatory: false });
    const clientView = CaseClientViewResponseSchema.parse(
      (await inject('GET', '/api/cases/mine', s.clientToken)).json(),
    ).data;
    expect(clientView.documents.some((d) => d.id === letter?.id)).toBe(true);

    const [row] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, view.proposal_document_id as string));
    const bytes = await readFile(row?.storageKey as string);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(view.proposal_sha256);
    const text = await pdfText(bytes);
    expect(text).toContain('Kees van Klant');
    expect(text).toContain('€750,-');
    expect(text).toContain('Bakkerij de Boer BV');
    expect(text).toContain('Start onbezorgd');
    expect(text).toContain('€2.500');
    expect(text).toContain('€495');
    expect(text).toContain('14 dagen herroepingsrecht');
    expect(text).toContain('Modelformulier voor herroeping');
    expect(text).toContain('Minimale resultaatgarantie (M1)');

    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'proposal.sent')));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: s.lawyer.id,
        data: expect.objectContaining({ document_id: letter?.id, minimal_achievement: 'M1', replaced: false }),
      }),
    ]);
    expect(await statusAudit(s.client.caseId)).toEqual([
      expect.objectContaining({
        actorId: s.lawyer.id,
        data: { from: 'offer-chosen', to: 'proposal', cause: 'proposal.sent' },
      }),
    ]);
  });

  it('replaces the letter when sent again at proposal: one document, the old file gone', async () => {
    const s = await setup('offer-chosen', 'extreme');
    const first = CaseLawyerViewResponseSchema.parse((await sendLetter(s, 'M1')).json()).data;
    const [before] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, first.proposal_document_id as string));
    const second = await sendLetter(s, 'M3');
    expect(second.statusCode).toBe(200);
    const view = CaseLawyerViewResponseSchema.parse(second.json()).data;
    expect(view.proposal_document_id).toBe(first.proposal_document_id);
    expect(view.minimal_achievement).toBe('M3');
    expect(view.documents.filter((d) => d.title === 'Opdrachtbevestiging')).toHaveLength(1);
    await expect(ctx.storage.read(before?.storageKey as string)).rejects.toThrow();
    const [after] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, first.proposal_document_id as string));
    expect(await pdfText(await readFile(after?.storageKey as string))).toContain('€5.250,-');
  });

  it('answers 409 at any other phase and changes nothing', async () => {
    for (const status of [
      'lead',
      'almost-client',
      'incomplete-case-file',
      'reviewing-documents',
      'ready-for-invoicing',
      'completed',
    ] as const) {
      const s = await setup(status);
      const response = await sendLetter(s);
      expect(response.statusCode, status).toBe(409);
      const row = await caseOf(s.client.caseId);
      expect(row?.statusSlug).toBe(status);
      expect(row?.minimalAchievement).toBeNull();
      expect(
        (
          await ctx.db
            .select()
            .from(documents)
            .where(and(eq(documents.caseId, s.client.caseId), eq(documents.title, 'Opdrachtbevestiging')))
        ).length,
      ).toBe(0);
    }
  });

  it('refuses clients, other lawyers and bad bodies', async () => {
    const s = await setup('offer-chosen');
    expect(
      (await inject('POST', `/api/cases/${s.client.caseId}/proposal`, s.clientToken, { minimal_achievement: 'M1' }))
        .statusCode,
    ).toBe(404);
    const other = await createTestLawyer(ctx);
    expect(
      (
        await inject('POST', `/api/cases/${s.client.caseId}/proposal`, await tokenFor(ctx, other.id), {
          minimal_achievement: 'M1',
        })
      ).statusCode,
    ).toBe(404);
    for (const body of [
      {},
      { minimal_achievement: 'M4' },
      { minimal_achievement: 'M1', extra: 1 },
      { minimal_achievement: 'M1\u0000' },
    ]) {
      expect((await inject('POST', `/api/cases/${s.client.caseId}/proposal`, s.lawyerToken, body)).statusCode).toBe(
        422,
      );
    }
    expect(await statusOf(s.client.caseId)).toBe('offer-chosen');
  });

  it('keeps the letter from being replaced or deleted through the document calls', async () => {
    const s = await setup('offer-chosen');
    const view = CaseLawyerViewResponseSchema.parse((await sendLetter(s)).json()).data;
    const id = view.proposal_document_id as string;
    expect((await upload(s.clientToken, id)).statusCode).toBe(409);
    expect((await inject('DELETE', `/api/documents/${id}`, s.clientToken)).statusCode).toBe(409);
    expect((await inject('DELETE', `/api/documents/${id}`, s.lawyerToken)).statusCode).toBe(409);
    // the web app hides the buttons from `locked`, for both roles; other documents stay unlocked
    const clientView = CaseClientViewResponseSchema.parse(
      (await inject('GET', '/api/cases/mine', s.clientToken)).json(),
    ).data;
    expect(clientView.documents.filter((d) => d.locked).map((d) => d.id)).toEqual([id]);
    expect(view.documents.filter((d) => d.locked).map((d) => d.id)).toEqual([id]);
    const listed = (await inject('GET', `/api/cases/${s.client.caseId}/documents`, s.clientToken)).json() as {
      data: { id: string; locked: boolean }[];
    };
    expect(listed.data.filter((d) => d.locked).map((d) => d.id)).toEqual([id]);
  });

  it("keeps the signed copy from replace/reject/delete; 'Getekend' (letter's approver), never in review", async () => {
    const s = await setup('offer-chosen');
    await sendLetter(s);
    const signedView = CaseClientViewResponseSchema.parse(
      (
        await inject('POST', `/api/cases/${s.client.caseId}/proposal/sign`, s.clientToken, {
          full_name: 'Kees van Klant',
          agree: true,
          start_now: true,
        })
      ).json(),
    ).data;
    const signed = signedView.documents.find((d) => d.title === 'Opdrachtbevestiging (getekend)');
    expect(signed).toMatchObject({
      status: 'Approved',
      locked: true,
      signed: true,
      approved_by: expect.objectContaining({ id: s.lawyer.id }),
    });
    const id = signed?.id as string;
    expect((await upload(s.clientToken, id)).statusCode).toBe(409);
    expect((await upload(s.lawyerToken, id)).statusCode).toBe(409);
    expect((await inject('DELETE', `/api/documents/${id}`, s.clientToken)).statusCode).toBe(409);
    expect(
      (await inject('POST', `/api/documents/${id}/review`, s.lawyerToken, { status: 'Rejected', message: 'nee' }))
        .statusCode,
    ).toBe(409);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(row).toMatchObject({ status: 'Approved', version: 1 });
    const letter = signedView.documents.find((d) => d.title === 'Opdrachtbevestiging');
    expect(letter).toMatchObject({ signed: false });
  });
});

describe('POST /api/cases/{id}/proposal/sign', () => {
  const sign = (s: Awaited<ReturnType<typeof setup>>, body: object) =>
    inject('POST', `/api/cases/${s.client.caseId}/proposal/sign`, s.clientToken, body);

  it('signs with the matching name: evidence kept, signed copy added, case to incomplete-case-file', async () => {
    const s = await setup('offer-chosen');
    const sent = CaseLawyerViewResponseSchema.parse((await sendLetter(s)).json()).data;
    ctx.clock.advance(60_000);
    const response = await sign(s, {
      full_name: '  kees VAN   klant ',
      agree: true,
      start_now: true,
      proposal_sha256: sent.proposal_sha256,
    });
    expect(response.statusCode).toBe(200);
    const view = CaseClientViewResponseSchema.parse(response.json()).data;
    expect(view.proposal_signed_at).toBe(ctx.clock.now().toISOString());
    expect(view.status.slug).toBe('incomplete-case-file');
    const [evidence] = await ctx.db
      .select()
      .from(proposalSignatures)
      .where(eq(proposalSignatures.caseId, s.client.caseId));
    expect(evidence).toMatchObject({
      signerId: s.client.id,
      typedName: 'kees VAN   klant',
      userAgent: 'Vitest/1.0 (workflow)',
      pdfSha256: sent.proposal_sha256,
      signedAt: ctx.clock.now(),
    });
    expect(evidence?.ip).toBeTruthy();
    const signed = view.documents.find((d) => d.title === 'Opdrachtbevestiging (getekend)');
    expect(signed).toBeDefined();
    const [signedRow] = await ctx.db
      .select()
      .from(documents)
      .where(eq(documents.id, signed?.id as string));
    const text = await pdfText(await readFile(signedRow?.storageKey as string));
    expect(text).toContain('Kees van Klant');
    expect(text).toContain(sent.proposal_sha256 as string);
    expect(text).toContain('Vitest/1.0 (workflow)');
    expect(await statusAudit(s.client.caseId)).toContainEqual(
      expect.objectContaining({
        actorId: s.client.id,
        data: { from: 'proposal', to: 'incomplete-case-file', cause: 'proposal.signed' },
      }),
    );
    expect(
      await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'proposal.signed'))),
    ).toHaveLength(1);

    expect((await sign(s, { full_name: 'Kees van Klant', agree: true, start_now: true })).statusCode).toBe(409);
    const lawyerView = CaseLawyerViewResponseSchema.parse(
      (await inject('GET', `/api/cases/${s.client.caseId}`, s.lawyerToken)).json(),
    ).data;
    expect(lawyerView.proposal_signed_at).toBe(view.proposal_signed_at);
    // the package is fixed now
    expect(
      (await inject('PATCH', `/api/cases/${s.client.caseId}/offer`, s.clientToken, { offer: 'extreme' })).statusCode,
    ).toBe(409);
  });

  it('goes straight to reviewing-documents when no mandatory document is missing', async () => {
    const s = await setup('offer-chosen');
    for (const doc of await mandatoryDocs(s.client.caseId))
      expect((await upload(s.clientToken, doc.id)).statusCode).toBe(200);
    await sendLetter(s);
    expect((await sign(s, { full_name: 'Kees van Klant', agree: true, start_now: true })).statusCode).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('reviewing-documents');
  });

  it('refuses a wrong name (422, full_name), no consent (422), an old letter (409), other phases (409)', async () => {
    const s = await setup('offer-chosen');
    expect((await sign(s, { full_name: 'Kees van Klant', agree: true, start_now: true })).statusCode).toBe(409);
    await sendLetter(s);
    const wrong = await sign(s, { full_name: 'Piet Klant', agree: true, start_now: true });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toHaveProperty('full_name');
    for (const body of [
      { full_name: 'Kees van Klant', agree: false, start_now: true },
      { full_name: 'Kees van Klant', agree: true },
      { full_name: 'Kees van Klant', agree: true, start_now: 'ja' },
      { full_name: 'Kees van Klant' },
      { full_name: '', agree: true, start_now: true },
      { full_name: 'Kees\u0000van Klant', agree: true, start_now: true },
      { full_name: 'x'.repeat(5000), agree: true, start_now: true },
    ]) {
      expect((await sign(s, body)).statusCode).toBe(422);
    }
    expect(
      (await sign(s, { full_name: 'Kees van Klant', agree: true, start_now: true, proposal_sha256: 'a'.repeat(64) }))
        .statusCode,
    ).toBe(409);
    expect(
      (
        await inject('POST', `/api/cases/${s.client.caseId}/proposal/sign`, s.lawyerToken, {
          full_name: 'Kees van Klant',
          agree: true,
          start_now: true,
        })
      ).statusCode,
    ).toBe(404);
    const row = await caseOf(s.client.caseId);
    expect(row?.statusSlug).toBe('proposal');
    expect(row?.proposalSignedAt).toBeNull();
    expect(
      await ctx.db.select().from(proposalSignatures).where(eq(proposalSignatures.caseId, s.client.caseId)),
    ).toEqual([]);
  });

  it('gives exactly one signature for parallel requests', async () => {
    const s = await setup('offer-chosen');
    await sendLetter(s);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => sign(s, { full_name: 'Kees van Klant', agree: true, start_now: true })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(
      await ctx.db.select().from(proposalSignatures).where(eq(proposalSignatures.caseId, s.client.caseId)),
    ).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(documents)
        .where(and(eq(documents.caseId, s.client.caseId), eq(documents.title, 'Opdrachtbevestiging (getekend)'))),
    ).toHaveLength(1);
    expect(
      await ctx.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'proposal.signed'))),
    ).toHaveLength(1);
  });
});

describe('documents move the case', () => {
  it('incomplete → reviewing on the last upload; back on a mandatory rejection; forward on re-upload', async () => {
    const s = await setup('incomplete-case-file');
    const docs = await mandatoryDocs(s.client.caseId);
    expect(docs.length).toBeGreaterThan(1);
    for (const [i, doc] of docs.entries()) {
      await upload(s.clientToken, doc.id);
      expect(await statusOf(s.client.caseId)).toBe(
        i === docs.length - 1 ? 'reviewing-documents' : 'incomplete-case-file',
      );
    }
    // In insertion order (the id): without ORDER BY, PostgreSQL may return them in any order.
    const uploads = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'document.uploaded')))
      .orderBy(asc(auditEvents.id));
    expect(uploads).toHaveLength(docs.length);
    expect(uploads[0]?.data).toMatchObject({ document_id: docs[0]?.id, mandatory: true, replaced: false });
    const first = docs[0]?.id as string;
    const rejected = await inject('POST', `/api/documents/${first}/review`, s.lawyerToken, {
      status: 'Rejected',
      message: 'Onleesbaar',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('incomplete-case-file');
    expect(DocumentResponseSchema.parse((await upload(s.clientToken, first)).json()).data.status).toBe('Uploaded');
    expect(await statusOf(s.client.caseId)).toBe('reviewing-documents');
    const moves = (await statusAudit(s.client.caseId)).map((a) => [a.actorId, a.data]);
    expect(moves).toEqual([
      [s.client.id, { from: 'incomplete-case-file', to: 'reviewing-documents', cause: 'document.uploaded' }],
      [s.lawyer.id, { from: 'reviewing-documents', to: 'incomplete-case-file', cause: 'document.rejected' }],
      [s.client.id, { from: 'incomplete-case-file', to: 'reviewing-documents', cause: 'document.uploaded' }],
    ]);
    const replaced = await ctx.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.caseId, s.client.caseId),
          eq(auditEvents.action, 'document.uploaded'),
          eq(auditEvents.subjectId, first),
        ),
      )
      .orderBy(asc(auditEvents.id));
    expect(replaced.map((a) => a.data.replaced)).toEqual([false, true]);
  });

  it('records deletions, moves back on a mandatory file deleted in reviewing-documents; others do not', async () => {
    const s = await setup('incomplete-case-file');
    const docs = await mandatoryDocs(s.client.caseId);
    for (const doc of docs) await upload(s.clientToken, doc.id);
    const general = multipart({ title: 'Loonstrook' }, [{ filename: 'loon.pdf', data: PDF }]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${s.client.caseId}/documents`,
      headers: { ...bearer(s.clientToken), ...general.headers },
      payload: general.payload,
    });
    const generalId = DocumentResponseSchema.parse(created.json()).data.id;
    expect(
      (await inject('POST', `/api/documents/${generalId}/review`, s.lawyerToken, { status: 'Rejected', message: 'x' }))
        .statusCode,
    ).toBe(200);
    expect(await statusOf(s.client.caseId)).toBe('reviewing-documents');
    expect((await inject('DELETE', `/api/documents/${docs[0]?.id}`, s.clientToken)).statusCode).toBe(204);
    expect(await statusOf(s.client.caseId)).toBe('incomplete-case-file');
    const deleted = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'document.deleted')));
    expect(deleted).toEqual([
      expect.objectContaining({
        actorId: s.client.id,
        data: expect.objectContaining({ document_id: docs[0]?.id, mandatory: true }),
      }),
    ]);
  });

  it('leaves later phases alone on uploads and rejections', async () => {
    const s = await setup('negotiation-phase');
    const [doc] = await mandatoryDocs(s.client.caseId);
    await upload(s.clientToken, doc?.id as string);
    await inject('POST', `/api/documents/${doc?.id}/review`, s.lawyerToken, { status: 'Rejected', message: 'x' });
    expect(await statusOf(s.client.caseId)).toBe('negotiation-phase');
  });
});

describe('completion', () => {
  it("sets completed and completed_at on 'Factuur voldaan' and shows it in both views", async () => {
    const s = await setup('ready-for-invoicing');
    ctx.clock.advance(5000);
    const response = await inject('PATCH', `/api/cases/${s.client.caseId}/status`, s.lawyerToken, {
      status: 'completed',
    });
    expect(response.statusCode).toBe(200);
    const at = ctx.clock.now().toISOString();
    expect(CaseLawyerViewResponseSchema.parse({ data: response.json().data }).data.completed_at).toBe(at);
    expect(
      CaseClientViewResponseSchema.parse((await inject('GET', '/api/cases/mine', s.clientToken)).json()).data
        .completed_at,
    ).toBe(at);
    const [line] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'case.completed')));
    expect(line).toMatchObject({ actorId: s.lawyer.id, data: { from: 'ready-for-invoicing', to: 'completed' } });
    expect(
      (await inject('PATCH', `/api/cases/${s.client.caseId}/status`, s.lawyerToken, { status: 'ready-for-signing' }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses completed from any phase but ready-for-invoicing', async () => {
    for (const status of ['lead', 'proposal', 'reviewing-documents', 'ready-for-signing'] as const) {
      const s = await setup(status);
      expect(
        (await inject('PATCH', `/api/cases/${s.client.caseId}/status`, s.lawyerToken, { status: 'completed' }))
          .statusCode,
        status,
      ).toBe(409);
      expect((await caseOf(s.client.caseId))?.completedAt).toBeNull();
    }
  });
});

describe('GET /api/cases/{id}/export', () => {
  it('streams one zip of every visible document to the client and the lawyer, 404 for anyone else', async () => {
    const s = await setup('reviewing-documents');
    const [doc] = await mandatoryDocs(s.client.caseId);
    await upload(s.clientToken, doc?.id as string);
    const hidden = multipart({ title: 'Interne notitie' }, [{ filename: 'notitie.txt', data: 'geheim' }]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${s.client.caseId}/documents`,
      headers: { ...bearer(s.lawyerToken), ...hidden.headers },
      payload: hidden.payload,
    });
    const hiddenId = DocumentResponseSchema.parse(created.json()).data.id;
    await inject('PATCH', `/api/documents/${hiddenId}/set-visibility`, s.lawyerToken, { visible: false });

    for (const token of [s.clientToken, s.lawyerToken]) {
      const response = await inject('GET', `/api/cases/${s.client.caseId}/export`, token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toContain('attachment');
      const entries = unzip(response.rawPayload);
      expect([...entries.keys()]).toEqual([`${doc?.title} - stuk.pdf`]);
      expect(entries.get(`${doc?.title} - stuk.pdf`)?.equals(PDF)).toBe(true);
    }
    const stranger = await createTestClient(ctx);
    expect(
      (await inject('GET', `/api/cases/${s.client.caseId}/export`, await tokenFor(ctx, stranger.id))).statusCode,
    ).toBe(404);
    const otherLawyer = await createTestLawyer(ctx);
    expect(
      (await inject('GET', `/api/cases/${s.client.caseId}/export`, await tokenFor(ctx, otherLawyer.id))).statusCode,
    ).toBe(404);
    expect((await inject('GET', `/api/cases/not-a-uuid/export`, s.clientToken)).statusCode).toBe(404);
  });
});

describe('GET /api/cases/{id}/timeline', () => {
  it('shows the lawyer every event and the client their subset, newest first, in pages of 20', async () => {
    const s = await setup('offer-chosen');
    await sendLetter(s);
    ctx.clock.advance(1000);
    await inject('POST', `/api/cases/${s.client.caseId}/proposal/sign`, s.clientToken, {
      full_name: 'Kees van Klant',
      agree: true,
      start_now: true,
    });
    const docs = await mandatoryDocs(s.client.caseId);
    for (const doc of docs) {
      ctx.clock.advance(1000);
      await upload(s.clientToken, doc.id);
    }
    ctx.clock.advance(1000);
    await inject('POST', `/api/documents/${docs[0]?.id}/review`, s.lawyerToken, {
      status: 'Rejected',
      message: 'Onleesbaar',
    });
    for (let i = 0; i < 12; i++) {
      ctx.clock.advance(1000);
      await inject('PATCH', `/api/documents/${docs[1]?.id}/set-visibility`, s.lawyerToken, { visible: i % 2 === 1 });
    }

    const lawyerPage = TimelineResponseSchema.parse(
      (await inject('GET', `/api/cases/${s.client.caseId}/timeline`, s.lawyerToken)).json(),
    );
    expect(lawyerPage.data).toHaveLength(20);
    expect(lawyerPage.meta.total).toBeGreaterThan(20);
    const times = lawyerPage.data.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(lawyerPage.data[0]).toMatchObject({ kind: 'document.shown', actor: 'Sanne Jansen' });
    const second = TimelineResponseSchema.parse(
      (await inject('GET', `/api/cases/${s.client.caseId}/timeline?page=2`, s.lawyerToken)).json(),
    );
    const all = [...lawyerPage.data, ...second.data];
    expect(all.map((e) => e.kind)).toEqual(
      expect.arrayContaining([
        'proposal.sent',
        'proposal.signed',
        'document.uploaded',
        'document.rejected',
        'case.status_changed',
      ]),
    );
    expect(all.find((e) => e.kind === 'case.status_changed' && e.details.to === 'proposal')).toMatchObject({
      actor: 'Sanne Jansen',
      details: { from: 'offer-chosen', to: 'proposal', title: null },
    });
    // Kind and details for the app, and a short text in the reader's language beside them.
    const raw = (await inject('GET', `/api/cases/${s.client.caseId}/timeline`, s.lawyerToken)).json() as {
      data: Record<string, unknown>[];
    };
    for (const item of raw.data)
      expect(Object.keys(item).sort()).toEqual(['actor', 'at', 'details', 'id', 'kind', 'text']);

    const clientPage = TimelineResponseSchema.parse(
      (await inject('GET', `/api/cases/${s.client.caseId}/timeline`, s.clientToken)).json(),
    );
    const kinds = new Set(clientPage.data.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['case.status_changed', 'document.rejected', 'proposal.sent', 'proposal.signed']);
    expect(clientPage.data.find((e) => e.kind === 'document.rejected')).toMatchObject({
      actor: 'Sanne Jansen',
      details: { title: docs[0]?.title },
    });
    expect(clientPage.data.find((e) => e.kind === 'proposal.signed')?.actor).toBe('Kees van Klant');
  });

  it("gives each event a short text in the reader's language: Dutch by default, English when asked", async () => {
    const s = await setup('reviewing-documents');
    const [doc] = await mandatoryDocs(s.client.caseId);
    await upload(s.clientToken, doc?.id as string);
    await inject('POST', `/api/documents/${doc?.id}/review`, s.lawyerToken, { status: 'Rejected', message: 'Wazig' });
    const page = async (language?: string) =>
      TimelineResponseSchema.parse(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/cases/${s.client.caseId}/timeline`,
            headers: { ...bearer(s.clientToken), ...(language ? { 'accept-language': language } : {}) },
          })
        ).json(),
      ).data;
    const rejected = (data: TimelineEvent[]) => data.find((e) => e.kind === 'document.rejected')?.text;
    expect(rejected(await page())).toBe(`Document afgekeurd: ${doc?.title}`);
    expect(rejected(await page('nl-NL'))).toBe(`Document afgekeurd: ${doc?.title}`);
    expect(rejected(await page('en-US,en;q=0.9'))).toBe(`Document rejected: ${doc?.title}`);
    for (const event of await page('en')) expect(event.text).not.toMatch(/caseRoute|timeline\.kinds|^\w+\.\w+$/);
  });

  it('hides reviews of hidden documents from the client and answers 404 to anyone else', async () => {
    const s = await setup('reviewing-documents');
    const [doc] = await mandatoryDocs(s.client.caseId);
    await upload(s.clientToken, doc?.id as string);
    await inject('POST', `/api/documents/${doc?.id}/review`, s.lawyerToken, { status: 'Approved' });
    await inject('PATCH', `/api/documents/${doc?.id}/set-visibility`, s.lawyerToken, { visible: false });
    const clientPage = TimelineResponseSchema.parse(
      (await inject('GET', `/api/cases/${s.client.caseId}/timeline`, s.clientToken)).json(),
    );
    expect(clientPage.data.some((e) => e.kind === 'document.approved')).toBe(false);
    const stranger = await createTestLawyer(ctx);
    expect(
      (await inject('GET', `/api/cases/${s.client.caseId}/timeline`, await tokenFor(ctx, stranger.id))).statusCode,
    ).toBe(404);
    expect((await inject('GET', `/api/cases/${s.client.caseId}/timeline?page=0`, s.lawyerToken)).statusCode).toBe(422);
    const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, s.client.id));
    expect(u).toBeDefined();
  });
});
