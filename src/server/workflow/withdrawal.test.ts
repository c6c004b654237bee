import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CaseClientViewResponseSchema } from '../../contract/cases';
import { auditEvents, cases, documents, engagementWithdrawals, outbox, proposalSignatures } from '../infra/db/schema';
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

const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const inject = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'user-agent': 'Vitest/1.0 (withdrawal)' },
    ...(payload ? { payload } : {}),
  });
const caseOf = async (id: string) => (await ctx.db.select().from(cases).where(eq(cases.id, id)))[0];

async function signedCase(startNow: boolean) {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  const client = await createTestClient(ctx, {
    status: 'offer-chosen',
    lawyerIds: [lawyer.id],
    name: 'Kees',
    infix: 'van',
    lastName: 'Klant',
  });
  await ctx.db
    .update(cases)
    .set({ offer: 'start', companyName: 'Bakkerij de Boer BV' })
    .where(eq(cases.id, client.caseId));
  const s = {
    lawyer,
    client,
    lawyerToken: await tokenFor(ctx, lawyer.id),
    clientToken: await tokenFor(ctx, client.id),
  };
  expect(
    (await inject('POST', `/api/cases/${client.caseId}/proposal`, s.lawyerToken, { minimal_achievement: 'M1' }))
      .statusCode,
  ).toBe(200);
  const signed = await inject('POST', `/api/cases/${client.caseId}/proposal/sign`, s.clientToken, {
    full_name: 'Kees van Klant',
    agree: true,
    start_now: startNow,
  });
  expect(signed.statusCode).toBe(200);
  return { ...s, view: CaseClientViewResponseSchema.parse(signed.json()).data };
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

describe('the withdrawal period when signing', () => {
  it('keeps the client consent with the signature evidence; the signed copy states period and choice', async () => {
    const s = await signedCase(false);
    const [signature] = await ctx.db
      .select()
      .from(proposalSignatures)
      .where(eq(proposalSignatures.caseId, s.client.caseId));
    expect(signature?.startConsent).toBe(false);
    const row = await caseOf(s.client.caseId);
    expect(row?.startConsent).toBe(false);
    // 14 days from the day after signing, to the end of the last day in Amsterdam.
    const days = ((row?.withdrawalEndsAt?.getTime() ?? 0) - (row?.proposalSignedAt?.getTime() ?? 0)) / DAY;
    expect(days).toBeGreaterThan(14);
    expect(days).toBeLessThanOrEqual(15);
    expect(signature?.withdrawalEndsAt?.toISOString()).toBe(row?.withdrawalEndsAt?.toISOString());
    expect(s.view.start_consent).toBe(false);
    expect(s.view.withdrawal_ends_at).toBe(row?.withdrawalEndsAt?.toISOString());
    const [audit] = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, s.client.caseId), eq(auditEvents.action, 'proposal.signed')));
    expect(audit?.data).toMatchObject({ start_consent: false });

    const [copy] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.caseId, s.client.caseId), eq(documents.title, 'Opdrachtbevestiging (getekend)')));
    const text = await pdfText(await readFile(copy?.storageKey as string));
    expect(text).toContain('14 dagen herroepingsrecht');
    expect(text).toContain('Modelformulier voor herroeping');
    expect(text).toContain('Herroepen kan tot en met');
    expect(text).toContain('wacht tot de herroepingstermijn voorbij is');
  });

  it('records the consent to start at once', async () => {
    const s = await signedCase(true);
    const [signature] = await ctx.db
      .select()
      .from(proposalSignatures)
      .where(eq(proposalSignatures.caseId, s.client.caseId));
    expect(signature?.startConsent).toBe(true);
    expect(s.view.start_consent).toBe(true);
  });

  it('uses WITHDRAWAL_DAYS when the firm gives a longer period', async () => {
    const longer = await createTestContext({ withdrawalDays: 30 });
    try {
      const site = await longer.app.inject({ method: 'GET', url: '/api/site' });
      expect(site.json().data.withdrawal_days).toBe(30);
    } finally {
      await longer.close();
    }
  });
});

describe('reviewing documents inside the period', () => {
  async function uploaded(s: Awaited<ReturnType<typeof signedCase>>) {
    const [doc] = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.caseId, s.client.caseId), eq(documents.mandatory, true)))
      .limit(1);
    const body = multipart({}, [{ filename: 'stuk.pdf', data: PDF }]);
    const up = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${doc!.id}/upload`,
      headers: { ...bearer(s.clientToken), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode).toBe(200);
    return doc!.id;
  }

  it('refuses a review without consent until the period ends, with the reason, and allows it after', async () => {
    const s = await signedCase(false);
    const id = await uploaded(s);
    const early = await ctx.app.inject({
      method: 'POST',
      url: `/api/documents/${id}/review`,
      headers: { ...bearer(s.lawyerToken), 'accept-language': 'nl-NL' },
      payload: { status: 'Approved' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('herroepingstermijn');
    const [still] = await ctx.db.select().from(documents).where(eq(documents.id, id));
    expect(still?.status).toBe('Uploaded');
    ctx.clock.advance(16 * DAY);
    const late = await inject('POST', `/api/documents/${id}/review`, await tokenFor(ctx, s.lawyer.id), {
      status: 'Approved',
    });
    expect(late.statusCode).toBe(200);
  });

  it('allows a review at once with consent', async () => {
    const s = await signedCase(true);
    const id = await uploaded(s);
    expect(
      (await inject('POST', `/api/documents/${id}/review`, s.lawyerToken, { status: 'Approved' })).statusCode,
    ).toBe(200);
  });
});

describe('POST /api/cases/{id}/withdraw', () => {
  it('within the period: back to offer-chosen, letter void, evidence kept, both mailed, audited', async () => {
    const s = await signedCase(true);
    const before = await caseOf(s.client.caseId);
    ctx.clock.advance(3 * DAY);
    // Tokens end after 30 idle minutes: new ones after the clock moved.
    s.clientToken = await tokenFor(ctx, s.client.id);
    s.lawyerToken = await tokenFor(ctx, s.lawyer.id);
    const response = await inject('POST', `/api/cases/${s.client.caseId}/withdraw`, s.clientToken);
    expect(response.statusCode).toBe(200);
    const view = CaseClientViewResponseSchema.parse(response.json()).data;
    expect(view.status.slug).toBe('offer-chosen');
    expect(view.proposal_signed_at).toBeNull();
    expect(view.proposal_document_id).toBeNull();
    expect(view.withdrawal_ends_at).toBeNull();
    expect(view.offer?.slug).toBe('start');

    const letters = await ctx.db
      .select()
      .from(documents)
      .where(and(eq(documents.caseId, s.client.caseId), eq(documents.slotKey, 'opdrachtbevestiging-herroepen')));
    expect(letters.map((d) => d.title).sort()).toEqual([
      'Opdrachtbevestiging (getekend, herroepen)',
      'Opdrachtbevestiging (herroepen)',
    ]);
    expect(
      await ctx.db.select().from(proposalSignatures).where(eq(proposalSignatures.caseId, s.client.caseId)),
    ).toEqual([]);
    const [kept] = await ctx.db
      .select()
      .from(engagementWithdrawals)
      .where(eq(engagementWithdrawals.caseId, s.client.caseId));
    expect(kept).toMatchObject({ clientId: s.client.id, startConsent: true, signedAt: before?.proposalSignedAt });
    expect(kept?.evidence).toMatchObject({ typed_name: 'Kees van Klant', pdf_sha256: before?.proposalSha256 });

    const audit = await ctx.db.select().from(auditEvents).where(eq(auditEvents.caseId, s.client.caseId));
    expect(audit.find((a) => a.action === 'proposal.withdrawn')).toMatchObject({ actorId: s.client.id });
    expect(
      audit.find(
        (a) => a.action === 'case.status_changed' && (a.data as { cause?: string }).cause === 'proposal.withdrawn',
      )?.data,
    ).toMatchObject({ to: 'offer-chosen' });

    const mails = await ctx.db.select().from(outbox).where(eq(outbox.kind, 'engagement_withdrawn'));
    expect(mails.filter((m) => m.recipientId === s.client.id)).toHaveLength(1);
    const lawyerMails = await ctx.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'engagement_withdrawn_lawyer'), eq(outbox.recipientId, s.lawyer.id)));
    expect(lawyerMails).toHaveLength(1);
    await ctx.outbox.drain();
    const clientMail = ctx.smtp.messages.find(
      (m) => m.to.includes(s.client.email) && m.subject === 'Je hebt de opdracht herroepen',
    );
    expect(clientMail?.text).toMatch(/\d{2}-\d{2}-\d{4}/);

    // The lawyer can send a new letter, and the client sign it again.
    expect(
      (await inject('POST', `/api/cases/${s.client.caseId}/proposal`, s.lawyerToken, { minimal_achievement: 'M2' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await inject('POST', `/api/cases/${s.client.caseId}/proposal/sign`, s.clientToken, {
          full_name: 'Kees van Klant',
          agree: true,
          start_now: false,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('after the period: 409 and nothing changes', async () => {
    const s = await signedCase(true);
    ctx.clock.advance(15 * DAY);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${s.client.caseId}/withdraw`,
      headers: { ...bearer(await tokenFor(ctx, s.client.id)), 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('The withdrawal period has ended: the engagement can no longer be withdrawn.');
    const row = await caseOf(s.client.caseId);
    expect(row?.proposalSignedAt).not.toBeNull();
    expect(row?.statusSlug).not.toBe('offer-chosen');
    expect(
      await ctx.db.select().from(engagementWithdrawals).where(eq(engagementWithdrawals.caseId, s.client.caseId)),
    ).toEqual([]);
  });

  it("cannot reopen a closed record: refused from 'Klaar voor facturatie' on and under a legal hold", async () => {
    const refusals = [
      ['ready-for-invoicing', false, 'Dit dossier is afgerond: de opdracht kan niet meer worden herroepen.'],
      ['completed', false, 'Dit dossier is afgerond: de opdracht kan niet meer worden herroepen.'],
      [
        'reviewing-documents',
        true,
        'Voor dit dossier geldt een bewaarplicht: de opdracht kan nu niet worden herroepen. ' +
          'Neem contact op met het kantoor.',
      ],
    ] as const;
    for (const [status, legalHold, message] of refusals) {
      const s = await signedCase(true);
      await ctx.db
        .update(cases)
        .set({ statusSlug: status, legalHold, legalHoldReason: legalHold ? 'Procedure' : null })
        .where(eq(cases.id, s.client.caseId));
      const response = await inject('POST', `/api/cases/${s.client.caseId}/withdraw`, s.clientToken);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message, status).toBe(message);
      const row = await caseOf(s.client.caseId);
      expect(row?.proposalSignedAt, status).not.toBeNull();
      expect(row?.statusSlug, status).toBe(status);
      expect(
        await ctx.db.select().from(engagementWithdrawals).where(eq(engagementWithdrawals.caseId, s.client.caseId)),
      ).toEqual([]);
    }
  });

  it('before signing: 409; a lawyer or another client: 404', async () => {
    const lawyer = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'proposal', lawyerIds: [lawyer.id] });
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/withdraw`, await tokenFor(ctx, client.id))).statusCode,
    ).toBe(409);
    const s = await signedCase(true);
    expect((await inject('POST', `/api/cases/${s.client.caseId}/withdraw`, s.lawyerToken)).statusCode).toBe(404);
    expect(
      (await inject('POST', `/api/cases/${s.client.caseId}/withdraw`, await tokenFor(ctx, client.id))).statusCode,
    ).toBe(404);
    expect((await caseOf(s.client.caseId))?.proposalSignedAt).not.toBeNull();
  });
});
