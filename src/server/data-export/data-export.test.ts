import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DataExportAcceptedResponseSchema, DataExportResponseSchema } from '../../contract/data-export';
import {
  answers,
  appointments,
  auditEvents,
  cases,
  complaintFiles,
  complaints,
  contactPersons,
  cookieRecords,
  dataExports,
  documents,
  engagementWithdrawals,
  feedback,
  invoices,
  outbox,
  proposalSignatures,
  questions,
  settlementResponses,
  settlementVersions,
  users,
} from '../infra/db/schema';
import { purgeExpiredAccounts } from '../archive/retention';
import { insertMessage } from '../messages/queries';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { pdfText } from '../infra/testing/pdf-text';
import { unzip } from '../infra/testing/unzip';
import { dataExportJob } from './job';
import { LEASE_MS, removeExpiredExports } from './queries';
import { EXPORTED_ENTRIES } from './rules';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // 10:00 in Amsterdam: the once-a-day rule counts Amsterdam days.
  ctx.clock.set(new Date('2026-12-08T09:00:00Z'));
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;
const call = (method: 'GET' | 'POST', url: string, token: string | null, language = 'nl-NL') =>
  ctx.app.inject({ method, url, headers: { ...(token ? bearer(token) : {}), 'accept-language': language } });

/** A client whose data reaches every table with an export rule, each with a marker text to find in the zip. */
async function fullClient() {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  const client = await createTestClient(ctx, {
    status: 'negotiation-phase',
    lawyerIds: [lawyer.id],
    name: 'Kees',
    lastName: 'Klant',
    phoneNumber: '06-MARKER-PHONE',
  });
  const now = ctx.clock.now();
  await ctx.db
    .update(cases)
    .set({ companyName: 'Werkgever MARKER-EMPLOYER B.V.', offer: 'complete' })
    .where(eq(cases.id, client.caseId));
  const [question] = await ctx.db
    .insert(questions)
    .values({ audience: 'case', text: 'Wat is er gebeurd?', position: 901 })
    .returning();
  await ctx.db
    .insert(answers)
    .values({ questionId: question!.id, ownerId: client.caseId, answer: 'MARKER-ANSWER ontslag op staande voet' });
  await ctx.db
    .insert(contactPersons)
    .values({ caseId: client.caseId, position: 1, firstName: 'Henk', lastName: 'MARKER-CONTACT' });
  await insertMessage(ctx.db, {
    caseId: client.caseId,
    authorId: client.id,
    authorRole: 'client',
    text: 'MARKER-MESSAGE mijn vraag',
    documentId: null,
    now,
  });
  await ctx.storage.put(`documents/${client.caseId}/visible.pdf`, Buffer.from('%PDF-1.4 MARKER-FILE-CONTENT'));
  await ctx.storage.put(`documents/${client.caseId}/hidden.pdf`, Buffer.from('%PDF-1.4 HIDDEN-CONTENT'));
  await ctx.db.insert(documents).values([
    {
      caseId: client.caseId,
      title: 'Arbeidscontract',
      filename: 'contract.pdf',
      status: 'Uploaded',
      storageKey: `documents/${client.caseId}/visible.pdf`,
      version: 1,
      uploadedAt: now,
      mandatory: true,
    },
    {
      caseId: client.caseId,
      title: 'Interne notitie HIDDEN-TITLE',
      filename: 'intern.pdf',
      status: 'Uploaded',
      visible: false,
      storageKey: `documents/${client.caseId}/hidden.pdf`,
      version: 1,
      uploadedAt: now,
    },
  ]);
  await ctx.db.insert(proposalSignatures).values({
    caseId: client.caseId,
    signerId: client.id,
    signedAt: now,
    typedName: 'Kees MARKER-SIGNED',
    ip: '192.0.2.1',
    userAgent: 'test',
    pdfSha256: 'a'.repeat(64),
    startConsent: true,
  });
  await ctx.db.insert(engagementWithdrawals).values({
    caseId: client.caseId,
    clientId: client.id,
    signedAt: now,
    withdrawnAt: now,
    evidence: { typed_name: 'MARKER-WITHDRAWN' },
  });
  await ctx.storage.put(`settlement/${client.caseId}/v1.pdf`, Buffer.from('%PDF-1.4 MARKER-SETTLEMENT-FILE'));
  const [version] = await ctx.db
    .insert(settlementVersions)
    .values({
      caseId: client.caseId,
      number: 1,
      fromParty: 'employer',
      dated: '2026-12-01',
      text: 'MARKER-SETTLEMENT-TEXT',
      filename: 'voorstel.pdf',
      storageKey: `settlement/${client.caseId}/v1.pdf`,
    })
    .returning();
  await ctx.db.insert(settlementResponses).values({
    versionId: version!.id,
    caseId: client.caseId,
    clientId: client.id,
    response: 'question',
    text: 'MARKER-RESPONSE',
  });
  await ctx.db.insert(appointments).values({
    caseId: client.caseId,
    lawyerId: lawyer.id,
    startAt: new Date('2026-12-10T09:00:00Z'),
    endAt: new Date('2026-12-10T09:30:00Z'),
    createdAt: now,
    updatedAt: now,
  });
  const [complaint] = await ctx.db
    .insert(complaints)
    .values({
      clientId: client.id,
      caseId: client.caseId,
      text: 'MARKER-COMPLAINT',
      answerBy: '2027-01-05',
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await ctx.storage.put(`complaints/${client.id}/bewijs`, Buffer.from('%PDF-1.4 MARKER-COMPLAINT-FILE'));
  await ctx.db.insert(complaintFiles).values({
    complaintId: complaint!.id,
    clientId: client.id,
    storageKey: `complaints/${client.id}/bewijs`,
    filename: 'bewijs.pdf',
    contentType: 'application/pdf',
    sizeBytes: 30,
    createdAt: now,
  });
  await ctx.db
    .insert(feedback)
    .values({ caseId: client.caseId, lawyerId: lawyer.id, clientId: client.id, text: 'MARKER-FEEDBACK' });
  await ctx.db.insert(cookieRecords).values({ userId: client.id, name: 'ad_storage', value: 'MARKER-COOKIE' });
  await ctx.db.insert(outbox).values({
    kind: 'complaint_received',
    recipientId: client.id,
    toAddress: client.email,
    status: 'sent',
    nextAttemptAt: now,
    createdAt: now,
    sentAt: now,
  });
  await ctx.db.insert(auditEvents).values({
    actorId: lawyer.id,
    action: 'case.status_changed',
    subjectType: 'case',
    subjectId: client.caseId,
    caseId: client.caseId,
    data: { from: 'check', to: 'negotiation-phase' },
    createdAt: now,
  });
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  const invoiceNumber = await issuedInvoice(client, lawyerToken);
  return { lawyer, client, clientToken: await tokenFor(ctx, client.id), lawyerToken, invoiceNumber };
}

/** An issued invoice to the client whose fourteen-day letter went out, and a draft the client never sees. */
async function issuedInvoice(client: { id: string; caseId: string }, lawyerToken: string) {
  await ctx.db
    .update(users)
    .set({ street: 'Dorpsstraat', houseNumber: '1', postcode: '1234 AB', city: 'Utrecht' })
    .where(eq(users.id, client.id));
  await ctx.db.update(cases).set({ statusSlug: 'ready-for-invoicing' }).where(eq(cases.id, client.caseId));
  const line = { description: 'Juridische bijstand beëindiging arbeidsovereenkomst', quantity: 1 };
  const draft = async (unitPriceCents: number) => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${client.caseId}/invoices`,
      headers: bearer(lawyerToken),
      payload: { recipient: 'client', lines: [{ ...line, unit_price_cents: unitPriceCents }] },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ data: { id: string } }>().data.id;
  };
  const id = await draft(75_000);
  await draft(12_300); // stays a draft
  const issued = await ctx.app.inject({
    method: 'POST',
    url: `/api/invoices/${id}/issue`,
    headers: bearer(lawyerToken),
  });
  expect(issued.statusCode, issued.body).toBe(200);
  await ctx.db.update(invoices).set({ letterSentAt: ctx.clock.now() }).where(eq(invoices.id, id));
  await ctx.db.update(cases).set({ statusSlug: 'negotiation-phase' }).where(eq(cases.id, client.caseId));
  return issued.json<{ data: { number: string } }>().data.number;
}

async function downloadZip(token: string) {
  const status = DataExportResponseSchema.parse((await call('GET', '/api/user/export', token)).json()).data;
  expect(status?.status).toBe('ready');
  const file = await ctx.app.inject({ method: 'GET', url: status!.download_url!, headers: bearer(token) });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-type']).toBe('application/zip');
  return unzip(file.rawPayload);
}

describe("'Download mijn gegevens'", () => {
  it("keeps the admin's internal legal-hold reason out of the client's views and export", async () => {
    const w = await fullClient();
    const admin = await createTestAdmin(ctx);
    const reason = 'MARKER-HOLD-REASON intern onderzoek';
    const held = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/admin/cases/${w.client.caseId}/legal-hold`,
      headers: bearer(admin.token),
      payload: { legal_hold: true, reason },
    });
    expect(held.statusCode).toBe(200);
    for (const url of ['/api/cases/mine', '/api/cases/mine/dashboard', `/api/cases/${w.client.caseId}/timeline`])
      expect((await call('GET', url, w.clientToken)).body, url).not.toContain('MARKER-HOLD-REASON');
    const since = ctx.smtp.messages.length;
    expect((await call('POST', '/api/user/export', w.clientToken)).statusCode).toBe(202);
    await ctx.smtp.waitForMail(w.client.email, { since, timeoutMs: 30_000 });
    const entries = await downloadZip(w.clientToken);
    expect(entries.get('gegevens/dossier.json')!.toString('utf8')).toContain('"legal_hold": true');
    // The download needs the client's own session beside the signed link: none 401, another client's 404.
    const link = DataExportResponseSchema.parse((await call('GET', '/api/user/export', w.clientToken)).json()).data!
      .download_url!;
    const without = await ctx.app.inject({ method: 'GET', url: link });
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe('Je bent niet ingelogd of je sessie is verlopen. Log opnieuw in.');
    const stranger = await createTestClient(ctx, { status: 'lead' });
    const other = await ctx.app.inject({ method: 'GET', url: link, headers: bearer(await tokenFor(ctx, stranger.id)) });
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.subarray(0, 2).toString()).not.toBe('PK');
    for (const [name, content] of entries) expect(content.toString('utf8'), name).not.toContain('MARKER-HOLD-REASON');
  });

  it('builds the zip after a 202, mails a link, no content; the zip has the PDF, JSON per table, files', async () => {
    const w = await fullClient();
    const since = ctx.smtp.messages.length;
    const response = await call('POST', '/api/user/export', w.clientToken);
    expect(response.statusCode).toBe(202);
    const accepted = DataExportAcceptedResponseSchema.parse(response.json()).data;
    expect(['pending', 'building', 'ready']).toContain(accepted.status);
    expect(accepted.download_url).toBeNull();

    const mail = await ctx.smtp.waitForMail(w.client.email, { since, timeoutMs: 30_000 });
    expect(mail.subject).toBe('Je gegevens staan klaar om te downloaden');
    // The link's end, 24 hours after it was ready, in Amsterdam; the mail leads to /instellingen and holds nothing of
    // the case.
    expect(mail.text).toContain('werkt tot 09-12-2026 10:00');
    expect(mail.html).toContain('/instellingen');
    for (const marker of ['MARKER', 'Arbeidscontract', 'Sanne']) expect(mail.text).not.toContain(marker);

    const entries = await downloadZip(w.clientToken);
    for (const entry of EXPORTED_ENTRIES) expect([...entries.keys()], entry).toContain(entry);
    expect(entries.get('samenvatting.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    const json = (entry: string) => entries.get(`gegevens/${entry}.json`)!.toString('utf8');
    expect(json('profiel')).toContain('06-MARKER-PHONE');
    expect(json('dossier')).toContain('MARKER-EMPLOYER');
    expect(json('dossier')).toContain('Sanne Jansen');
    expect(json('antwoorden')).toContain('MARKER-ANSWER');
    expect(json('contactpersonen')).toContain('MARKER-CONTACT');
    expect(json('berichten')).toContain('MARKER-MESSAGE');
    expect(json('tijdlijn')).toContain('Fase gewijzigd');
    expect(json('documenten')).toContain('Arbeidscontract');
    expect(json('opdrachtbevestiging')).toContain('MARKER-SIGNED');
    expect(json('opdrachtbevestiging')).toContain('MARKER-WITHDRAWN');
    expect(json('afspraken')).toContain('Sanne Jansen');
    expect(json('klachten')).toContain('MARKER-COMPLAINT');
    expect(json('feedback')).toContain('MARKER-FEEDBACK');
    expect(json('cookies')).toContain('MARKER-COOKIE');
    expect(json('e-mails')).toContain('complaint_received');
    const settlement = entries.get('vaststellingsovereenkomst/gegevens.json')!.toString('utf8');
    expect(settlement).toContain('MARKER-SETTLEMENT-TEXT');
    expect(settlement).toContain('MARKER-RESPONSE');
    expect(entries.get('documenten/Arbeidscontract - contract.pdf')!.toString()).toContain('MARKER-FILE-CONTENT');
    expect(entries.get('vaststellingsovereenkomst/versie-1-voorstel.pdf')!.toString()).toContain(
      'MARKER-SETTLEMENT-FILE',
    );
    // A complaint's documents, listed with the complaint and in the zip under klachten/.
    expect(json('klachten')).toContain('bewijs.pdf');
    const complaintFile = [...entries.keys()].find(
      (name) => name.startsWith('klachten/') && name.endsWith('bewijs.pdf'),
    );
    expect(complaintFile && entries.get(complaintFile)!.toString()).toContain('MARKER-COMPLAINT-FILE');
    // The client's own invoices: the data, each invoice's PDF and its fourteen-day letter; never a draft.
    const invoiceRecords = JSON.parse(entries.get('facturen/facturen.json')!.toString('utf8')) as Record<
      string,
      unknown
    >[];
    expect(invoiceRecords).toHaveLength(1);
    expect(invoiceRecords[0]).toMatchObject({
      number: w.invoiceNumber,
      kind: 'invoice',
      status: 'open',
      subtotal_cents: 75_000,
      vat_cents: 15_750,
      total_cents: 90_750,
      files: [`facturen/factuur-${w.invoiceNumber}.pdf`, `facturen/veertiendagenbrief-${w.invoiceNumber}.pdf`],
    });
    const invoiceText = (await pdfText(entries.get(`facturen/factuur-${w.invoiceNumber}.pdf`)!)).replace(/\s+/g, ' ');
    expect(invoiceText).toContain(`Factuur ${w.invoiceNumber}`);
    expect(invoiceText).toContain('€ 907,50');
    const letterText = await pdfText(entries.get(`facturen/veertiendagenbrief-${w.invoiceNumber}.pdf`)!);
    expect(letterText.replace(/\s+/g, ' ')).toContain('6:96 lid 6');
    expect([...entries.keys()].filter((name) => name.startsWith('facturen/'))).toHaveLength(3);
    const summary = (await pdfText(entries.get('samenvatting.pdf')!)).replace(/\s+/g, ' ');
    expect(summary).toContain(`Factuur ${w.invoiceNumber} · `);
    expect(summary).toContain('€ 907,50 · Open');
    // What the client may not see stays out.
    for (const [name, content] of entries) {
      expect(name).not.toContain('intern');
      expect(content.toString('latin1')).not.toContain('HIDDEN');
    }

    // Audited: asked, ready and downloaded, without content.
    const lines = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, w.client.id)));
    expect(lines.map((l) => l.action).sort()).toEqual([
      'data_export.downloaded',
      'data_export.ready',
      'data_export.requested',
    ]);
    expect(JSON.stringify(lines.map((l) => l.data))).not.toContain('MARKER');
  });

  it('allows one request a day: 429 with Retry-After, also in parallel; works the next Amsterdam day', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const token = await tokenFor(ctx, client.id);
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/user/export', token)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 429, 429]);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json().message).toBe('Je kunt één keer per dag je gegevens opvragen. Probeer het morgen opnieuw.');
    // 10:00 in Amsterdam: 14 hours to midnight.
    expect(refused.headers['retry-after']).toBe(String(14 * 3600));
    const english = await call('POST', '/api/user/export', token, 'en-US');
    expect(english.json().message).toBe('You can request your data once a day. Please try again tomorrow.');
    const status = DataExportResponseSchema.parse((await call('GET', '/api/user/export', token)).json()).data!;
    expect(status.next_request_at).toBe('2026-12-08T23:00:00.000Z');
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.clientId, client.id))).toHaveLength(1);

    ctx.clock.advance(14 * HOUR - 1000);
    expect((await call('POST', '/api/user/export', await tokenFor(ctx, client.id))).statusCode).toBe(429);
    ctx.clock.advance(1000);
    expect((await call('POST', '/api/user/export', await tokenFor(ctx, client.id))).statusCode).toBe(202);
    ctx.clock.set(new Date('2026-12-08T09:00:00Z'));
  });

  it('keeps the link for 24 hours, then the status says expired and the job deletes the file', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const token = await tokenFor(ctx, client.id);
    const since = ctx.smtp.messages.length;
    await call('POST', '/api/user/export', token);
    await ctx.smtp.waitForMail(client.email, { since, timeoutMs: 30_000 });
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.clientId, client.id));
    expect(await ctx.storage.exists(row!.storageKey!)).toBe(true);

    ctx.clock.advance(24 * HOUR - 60_000);
    const late = DataExportResponseSchema.parse(
      (await call('GET', '/api/user/export', await tokenFor(ctx, client.id))).json(),
    ).data!;
    expect(late.status).toBe('ready');
    const link = late.download_url!;
    const session = bearer(await tokenFor(ctx, client.id));
    expect((await ctx.app.inject({ method: 'GET', url: link, headers: session })).statusCode).toBe(200);
    await removeExpiredExports(ctx.db, ctx.storage, ctx.clock.now());
    expect(await ctx.storage.exists(row!.storageKey!)).toBe(true);

    ctx.clock.advance(60_000);
    const gone = DataExportResponseSchema.parse(
      (await call('GET', '/api/user/export', await tokenFor(ctx, client.id))).json(),
    ).data!;
    expect(gone.status).toBe('expired');
    expect(gone.download_url).toBeNull();
    // A link handed out before the end stops working at the end.
    const expired = await ctx.app.inject({ method: 'GET', url: link, headers: session });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe('Deze download is niet meer beschikbaar. Vraag je gegevens opnieuw op.');

    await dataExportJob(ctx.storage, () => ctx.clock.now()).run(ctx.db);
    expect(await ctx.storage.exists(row!.storageKey!)).toBe(false);
    const [after] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(after).toMatchObject({ status: 'expired', storageKey: null });
    ctx.clock.set(new Date('2026-12-08T09:00:00Z'));
  });

  it("answers 404 for someone else's export id, and never hands out a link to it", async () => {
    const a = await createTestClient(ctx, { status: 'lead' });
    const b = await createTestClient(ctx, { status: 'lead' });
    const accepted = DataExportAcceptedResponseSchema.parse(
      (await call('POST', '/api/user/export', await tokenFor(ctx, a.id))).json(),
    ).data;
    const tokenB = await tokenFor(ctx, b.id);
    expect((await call('GET', `/api/user/export/${accepted.id}`, tokenB)).statusCode).toBe(404);
    expect((await call('GET', '/api/user/export/not-an-id', tokenB)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/export/${accepted.id}`, await tokenFor(ctx, a.id))).statusCode).toBe(200);
    expect(DataExportResponseSchema.parse((await call('GET', '/api/user/export', tokenB)).json()).data).toBeNull();
    // A forged link is refused.
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/files/exports/${accepted.id}?v=1&expires=9999999999&signature=forged`,
          headers: bearer(await tokenFor(ctx, a.id)),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lets lawyer and admin make it for a client who asked by mail: link to client only, staff see none', async () => {
    const w = await fullClient();
    const other = await createTestLawyer(ctx);
    expect(
      (await call('POST', `/api/cases/${w.client.caseId}/data-export`, await tokenFor(ctx, other.id))).statusCode,
    ).toBe(404);

    const since = ctx.smtp.messages.length;
    const response = await call('POST', `/api/cases/${w.client.caseId}/data-export`, w.lawyerToken);
    expect(response.statusCode).toBe(202);
    const made = DataExportAcceptedResponseSchema.parse(response.json()).data;
    expect(made.requested_by).toBe('lawyer');
    expect(made.download_url).toBeNull();
    const mail = await ctx.smtp.waitForMail(w.client.email, { since, timeoutMs: 30_000 });
    expect(mail.subject).toBe('Je gegevens staan klaar om te downloaden');
    expect(ctx.smtp.messages.slice(since).some((m) => m.to.includes(w.lawyer.email))).toBe(false);
    // The client sees it as theirs and downloads it.
    const entries = await downloadZip(w.clientToken);
    expect(entries.has('samenvatting.pdf')).toBe(true);
    // The same day again: 429 for staff too.
    expect((await call('POST', `/api/cases/${w.client.caseId}/data-export`, w.lawyerToken)).statusCode).toBe(429);

    const admin = await createTestAdmin(ctx);
    expect(
      (await call('POST', `/api/admin/cases/00000000-0000-4000-8000-000000000000/data-export`, admin.token)).statusCode,
    ).toBe(404);
    ctx.clock.advance(24 * HOUR);
    const adminToken = await tokenFor(ctx, admin.id);
    const byAdmin = await call('POST', `/api/admin/cases/${w.client.caseId}/data-export`, adminToken);
    expect(byAdmin.statusCode).toBe(202);
    expect(DataExportAcceptedResponseSchema.parse(byAdmin.json()).data).toMatchObject({
      requested_by: 'admin',
      download_url: null,
    });
    const audit = await call('GET', `/api/admin/audit?action=data_export.requested`, adminToken);
    expect(audit.statusCode).toBe(200);
    const lines = (
      audit.json() as { data: { actor_id: string; data: Record<string, unknown>; subject_id: string }[] }
    ).data.filter((l) => l.subject_id === w.client.id);
    expect(lines.map((l) => l.data.requested_by).sort()).toEqual(['admin', 'lawyer']);
    expect(JSON.stringify(audit.json())).not.toContain('MARKER');
    ctx.clock.set(new Date('2026-12-08T09:00:00Z'));
  });

  it('takes over a build whose builder stopped (lease over) through the scheduled job', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const [row] = await ctx.db
      .insert(dataExports)
      .values({
        clientId: client.id,
        requestedBy: client.id,
        requestedRole: 'client',
        requestedOn: '2026-12-08',
        status: 'building',
        leaseUntil: new Date(ctx.clock.now().getTime() + LEASE_MS),
        attempts: 1,
        // The oldest export in this file's database, so the job takes this one over first and not
        // a build an earlier test started in the background (its lease ends with the same step).
        createdAt: new Date(ctx.clock.now().getTime() - 24 * 60 * 60_000),
      })
      .returning();
    // The job's own clock: a build an earlier test started in the background reads the test's
    // clock, which stays put, so it cannot take this build over before the job does.
    let now = ctx.clock.now();
    const job = dataExportJob(ctx.storage, () => now);
    expect(job.exclusive).toBe(false);
    expect(await job.run(ctx.db)).toBe(0);
    now = new Date(now.getTime() + LEASE_MS);
    expect(await job.run(ctx.db)).toBe(1);
    const [done] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, row!.id));
    expect(done).toMatchObject({ status: 'ready', attempts: 2 });
  });

  it('deletes the export and its file with the account', async () => {
    const client = await createTestClient(ctx, { status: 'lead' });
    const token = await tokenFor(ctx, client.id);
    const since = ctx.smtp.messages.length;
    await call('POST', '/api/user/export', token);
    await ctx.smtp.waitForMail(client.email, { since, timeoutMs: 30_000 });
    const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.clientId, client.id));
    await ctx.db
      .update(cases)
      .set({ statusSlug: 'completed', completedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(cases.id, client.caseId));
    await purgeExpiredAccounts(ctx.db, ctx.storage, ctx.clock.now());
    // The account is deleted (the file stays archived for the firm); the export goes with the account.
    expect((await ctx.db.select().from(users).where(eq(users.id, client.id)))[0]?.deactivatedAt).not.toBeNull();
    expect(await ctx.db.select().from(dataExports).where(eq(dataExports.id, row!.id))).toEqual([]);
    expect(await ctx.storage.exists(row!.storageKey!)).toBe(false);
  });

  it('refuses staff and anonymous callers on the client routes', async () => {
    expect((await call('POST', '/api/user/export', null)).statusCode).toBe(401);
    const lawyer = await createTestLawyer(ctx);
    expect((await call('POST', '/api/user/export', await tokenFor(ctx, lawyer.id))).statusCode).toBe(403);
  });
});
