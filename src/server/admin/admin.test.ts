import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  createTestAdmin,
  createTestOfficer,
  createTestContext,
  createTestClient,
  createTestLawyer,
  tokenFor,
  bearer,
  uniqueEmail,
  type TestContext,
} from '../infra/testing/harness';
import { createUser } from '../users/create';
import { auditEvents, cases, documents as documentsTable, users } from '../infra/db/schema';
import { reviewDocument } from '../documents/queries';
import { destroyExpiredFiles, purgeExpiredAccounts } from '../archive/retention';
import { getFileDestructionDate } from '../../contract/rules/case-route';
import { auditCsv } from './csv';
import { serverTranslate } from '../infra/errors/language';
import { CSV_MOMENT, openAsDutchExcel } from '../infra/testing/dutch-excel';
import { localDate } from '../infra/lib/local-date';

let ctx: TestContext;
let admin: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestAdmin(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
const as = (token: string) => bearer(token);
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? as(token) : {}, ...(payload ? { payload } : {}) });

describe('admin: lawyers', () => {
  it('creates a lawyer, who must then enrol a second factor; refuses a taken e-mail', async () => {
    const email = uniqueEmail('new-lawyer');
    const created = await call('POST', '/api/admin/lawyers', admin.token, {
      name: 'Nora',
      last_name: 'Nieuw',
      email: email.toUpperCase(),
      title: 'Advocaat',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      email,
      full_name: 'Nora Nieuw',
      title: 'Advocaat',
      active: true,
      two_factor_enabled: false,
      active_cases_count: 0,
    });
    const again = await call('POST', '/api/admin/lawyers', admin.token, { name: 'Nora', last_name: 'Nieuw', email });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toHaveProperty('email');
    expect(
      (await call('POST', '/api/admin/lawyers', admin.token, { name: 'A\u0000', last_name: 'B', email: uniqueEmail() }))
        .statusCode,
    ).toBe(422);
    const list = await call('GET', '/api/admin/lawyers', admin.token);
    expect(list.json().data.map((l: { email: string }) => l.email)).toContain(email);
  });

  it('deactivation revokes tokens at once, refuses sign-in and flags the active cases until reassigned', async () => {
    const lawyer = await createTestLawyer(ctx);
    const other = await createTestLawyer(ctx);
    const client = await createTestClient(ctx, { status: 'check', lawyerIds: [lawyer.id] });
    const token = await tokenFor(ctx, lawyer.id);
    expect((await call('GET', '/api/user', token)).statusCode).toBe(200);

    const off = await call('POST', `/api/admin/lawyers/${lawyer.id}/deactivate`, admin.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, active_cases_count: 1 });
    expect((await call('GET', '/api/user', token)).statusCode).toBe(401);
    // No code is sent and none is accepted: the address counts as unknown.
    const since = ctx.smtp.messages.length;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: lawyer.email } })).statusCode,
    ).toBe(200);
    await ctx.outbox.drain();
    expect(ctx.smtp.messages.slice(since).filter((m) => m.to.includes(lawyer.email))).toHaveLength(0);

    const found = await call('GET', `/api/admin/cases?q=${encodeURIComponent(client.email)}`, admin.token);
    expect(found.json().data[0]).toMatchObject({ id: client.caseId, needs_reassignment: true });
    // A deactivated lawyer cannot be chosen.
    expect(
      (await call('POST', `/api/admin/cases/${client.caseId}/assign`, admin.token, { lawyer_id: lawyer.id }))
        .statusCode,
    ).toBe(422);

    const assigned = await call('POST', `/api/admin/cases/${client.caseId}/assign`, admin.token, {
      lawyer_id: other.id,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({
      needs_reassignment: false,
      lawyers: [{ id: other.id, active: true }],
      status: { slug: 'check' },
    });
    const [row] = await ctx.db.select({ status: cases.statusSlug }).from(cases).where(eq(cases.id, client.caseId));
    expect(row?.status).toBe('check');
    // The new lawyer opens it; the old one (reactivated) no longer can.
    expect((await call('GET', `/api/cases/${client.caseId}`, await tokenFor(ctx, other.id))).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/lawyers/${lawyer.id}/reactivate`, admin.token)).json().data.active).toBe(
      true,
    );
    expect((await call('GET', `/api/cases/${client.caseId}`, await tokenFor(ctx, lawyer.id))).statusCode).toBe(404);
    const [audit] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'case.reassigned'));
    expect(audit).toMatchObject({
      actorId: admin.id,
      subjectId: client.caseId,
      data: { from: [lawyer.id], to: other.id },
    });
  });

  it('answers 404 for an unknown lawyer or case id', async () => {
    expect(
      (await call('POST', '/api/admin/lawyers/00000000-0000-0000-0000-000000000000/deactivate', admin.token))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', '/api/admin/lawyers/not-a-uuid/deactivate', admin.token)).statusCode).toBe(404);
    const client = await createTestClient(ctx);
    expect((await call('POST', `/api/admin/lawyers/${client.id}/deactivate`, admin.token)).statusCode).toBe(404);
    expect(
      (
        await call('PATCH', '/api/admin/cases/00000000-0000-0000-0000-000000000000/legal-hold', admin.token, {
          legal_hold: true,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('admin: a handover reaches the people it concerns', () => {
  it('mails the new lawyer and the stand-in, tells the client who their lawyer is, with no case content', async () => {
    const former = await createTestLawyer(ctx, { name: 'Frits', lastName: 'Vroeger' });
    const next = await createTestLawyer(ctx, { name: 'Nina', lastName: 'Nieuw' });
    const standIn = await createTestLawyer(ctx, { name: 'Victor', lastName: 'Vervanger' });
    const client = await createTestClient(ctx, { status: 'check', lawyerIds: [former.id] });
    const since = ctx.smtp.messages.length;
    const mailsTo = (email: string) => ctx.smtp.messages.slice(since).filter((m) => m.to.includes(email));

    expect(
      (await call('POST', `/api/admin/cases/${client.caseId}/assign`, admin.token, { lawyer_id: next.id })).statusCode,
    ).toBe(200);
    await ctx.outbox.drain();
    expect(mailsTo(next.email).map((m) => m.subject)).toEqual(['Er is een dossier aan je toegewezen']);
    expect(mailsTo(next.email)[0]?.text).toContain(`/dossiers/${client.caseId}`);
    expect(mailsTo(client.email).map((m) => m.subject)).toEqual(['Je hebt een nieuwe jurist']);
    expect(mailsTo(client.email)[0]?.text).toContain('Nina Nieuw');
    expect(mailsTo(former.email)).toHaveLength(0);

    const day = localDate(ctx.clock.now());
    expect(
      (
        await call('POST', `/api/admin/cases/${client.caseId}/stand-ins`, admin.token, {
          lawyer_id: standIn.id,
          from: day,
          until: day,
        })
      ).statusCode,
    ).toBe(201);
    await ctx.outbox.drain();
    expect(mailsTo(standIn.email).map((m) => m.subject)).toEqual(['Er is een dossier aan je toegewezen']);
    const [y, m, d] = day.split('-');
    expect(mailsTo(standIn.email)[0]?.text).toContain(`${d}-${m}-${y}`);
    expect(mailsTo(client.email).map((mail) => mail.subject)).toEqual([
      'Je hebt een nieuwe jurist',
      'Je jurist wordt tijdelijk vervangen',
    ]);
    expect(mailsTo(client.email)[1]?.text).toContain('Victor Vervanger');
    expect(mailsTo(next.email)).toHaveLength(1);
  });
});

describe('admin: stand-ins and legal hold', () => {
  it('shows the stand-in on the client lawyer card during its dates only and lets them open the case', async () => {
    const lawyer = await createTestLawyer(ctx, { name: 'Vaste' });
    const standIn = await createTestLawyer(ctx, { name: 'Vervanger' });
    const client = await createTestClient(ctx, { status: 'check', lawyerIds: [lawyer.id] });
    const today = ctx.clock.now();
    const from = localDate(new Date(today.getTime() + 2 * DAY));
    const until = localDate(new Date(today.getTime() + 4 * DAY));
    expect(
      (
        await call('POST', `/api/admin/cases/${client.caseId}/stand-ins`, admin.token, {
          lawyer_id: standIn.id,
          from: until,
          until: from,
        })
      ).statusCode,
    ).toBe(422);
    const added = await call('POST', `/api/admin/cases/${client.caseId}/stand-ins`, admin.token, {
      lawyer_id: standIn.id,
      from,
      until,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.stand_ins).toEqual([expect.objectContaining({ lawyer_id: standIn.id, from, until })]);

    const lawyersOn = async () =>
      (await call('GET', '/api/cases/mine', await tokenFor(ctx, client.id))).json().data.lawyers as {
        id: string;
        stand_in: unknown;
      }[];
    const standInToken = await tokenFor(ctx, standIn.id);
    expect((await lawyersOn()).map((l) => l.id)).toEqual([lawyer.id]);
    expect((await call('GET', `/api/cases/${client.caseId}`, standInToken)).statusCode).toBe(404);

    ctx.clock.advance(2 * DAY);
    const during = await lawyersOn();
    // The assigned lawyer first, the stand-in as stand-in.
    expect(during.map((l) => l.id)).toEqual([lawyer.id, standIn.id]);
    expect(during[0]?.stand_in).toBeNull();
    expect(during[1]?.stand_in).toEqual({ from, until });
    expect((await call('GET', `/api/cases/${client.caseId}`, await tokenFor(ctx, standIn.id))).statusCode).toBe(200);

    ctx.clock.advance(3 * DAY);
    expect((await lawyersOn()).map((l) => l.id)).toEqual([lawyer.id]);
    // Back to the start, so the other tests' sessions stay valid.
    ctx.clock.advance(-5 * DAY);
    expect((await call('GET', `/api/cases/${client.caseId}`, await tokenFor(ctx, standIn.id))).statusCode).toBe(404);
  });

  it('sets and clears legal hold with a reason; a held case survives the retention job', async () => {
    const client = await createTestClient(ctx, { status: 'completed' });
    await ctx.db
      .update(cases)
      .set({ completedAt: new Date(ctx.clock.now().getTime() - 200 * DAY) })
      .where(eq(cases.id, client.caseId));
    expect(
      (
        await call('PATCH', `/api/admin/cases/${client.caseId}/legal-hold`, admin.token, {
          legal_hold: true,
          reason: '',
        })
      ).statusCode,
    ).toBe(422);
    const held = await call('PATCH', `/api/admin/cases/${client.caseId}/legal-hold`, admin.token, {
      legal_hold: true,
      reason: 'Procedure bij de kantonrechter',
    });
    expect(held.json().data).toMatchObject({ legal_hold: true, legal_hold_reason: 'Procedure bij de kantonrechter' });
    await purgeExpiredAccounts(ctx.db, ctx.storage, ctx.clock.now());
    expect(await ctx.db.select().from(users).where(eq(users.id, client.id))).toHaveLength(1);

    const cleared = await call('PATCH', `/api/admin/cases/${client.caseId}/legal-hold`, admin.token, {
      legal_hold: false,
      reason: 'Procedure afgerond',
    });
    expect(cleared.json().data).toMatchObject({ legal_hold: false, legal_hold_reason: null });
    const changes = async () =>
      (
        await ctx.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'case.legal_hold_changed'))
          .orderBy(asc(auditEvents.id))
      )
        .filter((c) => c.subjectId === client.caseId)
        .map((c) => c.data);
    // While the case lives, the audit trail keeps the reasons.
    expect(await changes()).toEqual([
      { legal_hold: true, reason: 'Procedure bij de kantonrechter' },
      { legal_hold: false, reason: 'Procedure afgerond' },
    ]);
    await destroyExpiredFiles(
      ctx.db,
      ctx.storage,
      getFileDestructionDate(new Date(ctx.clock.now().getTime() - 190 * 86_400_000)),
      5,
      1_000,
    );
    expect(await ctx.db.select().from(users).where(eq(users.id, client.id))).toHaveLength(0);
    // The purge keeps the skeleton of each line and removes the free-text reasons.
    expect(await changes()).toEqual([
      { legal_hold: true, personal_data_removed: true },
      { legal_hold: false, personal_data_removed: true },
    ]);
  });
});

describe('admin: audit', () => {
  it('filters and pages the audit trail, and records that it was read', async () => {
    const client = await createTestClient(ctx, { status: 'check' });
    await call('PATCH', `/api/admin/cases/${client.caseId}/legal-hold`, admin.token, {
      legal_hold: true,
      reason: 'Onderzoek',
    });
    const byCase = await call('GET', `/api/admin/audit?case=${client.caseId}`, admin.token);
    expect(byCase.statusCode).toBe(200);
    // Newest first: the hold, then the case's creation.
    expect(byCase.json().data).toEqual([
      expect.objectContaining({
        action: 'case.legal_hold_changed',
        actor_id: admin.id,
        actor_name: 'Bea Beheer',
        subject_id: client.caseId,
      }),
      expect.objectContaining({ action: 'case.created', actor_id: null, subject_id: client.caseId }),
    ]);
    const reads = await call('GET', `/api/admin/audit?action=audit.read&actor=${admin.id}`, admin.token);
    expect(reads.json().data.length).toBeGreaterThanOrEqual(1);
    const today = localDate(ctx.clock.now());
    expect((await call('GET', `/api/admin/audit?from=2000-01-01&until=2000-01-02`, admin.token)).json().data).toEqual(
      [],
    );
    expect(
      (await call('GET', `/api/admin/audit?from=${today}&until=${today}&case=${client.caseId}`, admin.token)).json()
        .data,
    ).toHaveLength(2);
    for (const bad of ['case=x', 'from=2026-13-01', 'page=0', 'action=%00', 'unknown=1']) {
      expect((await call('GET', `/api/admin/audit?${bad}`, admin.token)).statusCode).toBe(422);
    }
  });

  it('names the audit and complaints exports after the day in Amsterdam, not in UTC', async () => {
    const saved = ctx.clock.now();
    try {
      // 23:30 UTC on 9 March is already 10 March in Amsterdam.
      ctx.clock.set(new Date('2026-03-09T23:30:00Z'));
      // The complaints register is for the complaints officer.
      const { token } = await createTestOfficer(ctx);
      for (const [url, name] of [
        ['/api/admin/audit.csv', 'audit-2026-03-10.csv'],
        ['/api/admin/complaints.csv', 'klachtenregister-2026-03-10.csv'],
      ]) {
        const response = await call('GET', url as string, token);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      }
    } finally {
      ctx.clock.set(saved);
    }
  });

  it('exports the audit trail as well-formed CSV, also for names with commas, quotes and newlines', async () => {
    const tricky = await createUser(ctx.db, {
      role: 'admin',
      email: uniqueEmail('tricky'),
      name: 'Jan, "de Baas"',
      lastName: 'Regel\nTwee',
    });
    const client = await createTestClient(ctx);
    await call('PATCH', `/api/admin/cases/${client.caseId}/legal-hold`, await tokenFor(ctx, tricky), {
      legal_hold: true,
      reason: '=HYPERLINK("x")',
    });
    const response = await call('GET', `/api/admin/audit.csv?case=${client.caseId}`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = openAsDutchExcel(response.body);
    expect(rows[0]).toEqual([
      'Nummer',
      'Tijdstip',
      'Id van wie',
      'Wie',
      'Handeling',
      'Code van de handeling',
      'Soort onderwerp',
      'Id van het onderwerp',
      'Gegevens',
    ]);
    expect(rows[1]?.[1]).toMatch(CSV_MOMENT);
    // The hold, then the case's creation (newest first).
    expect(rows).toHaveLength(3);
    expect(rows[2]?.slice(4, 6)).toEqual(['Dossier aangemaakt', 'case.created']);
    expect(rows[1]?.[3]).toBe('Jan, "de Baas" Regel\nTwee');
    expect(rows[1]?.slice(4, 6)).toEqual(['Bewaarplicht gewijzigd', 'case.legal_hold_changed']);
    // The reason is case content: the admin's export leaves it out.
    expect(JSON.parse(rows[1]?.[8] ?? '')).toEqual({ legal_hold: true });
    const exported = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'audit.exported'));
    expect(exported.length).toBeGreaterThanOrEqual(1);
  });

  it('writes the CSV Dutch Excel opens: BOM, semicolons, Dutch headers, Amsterdam time, safe cells', () => {
    const csv = auditCsv(
      [
        {
          id: 1,
          created_at: '2026-07-01T08:05:00.000Z',
          actor_id: null,
          actor_name: 'José; de Baas',
          action: 'x',
          subject_type: '@case',
          subject_id: '=cmd|/C calc!A0',
          data: { t: 'he said "hi"\r\nbye' },
        },
      ],
      serverTranslate('nl-NL'),
    );
    expect(csv.startsWith('\uFEFFNummer;Tijdstip;')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, row] = openAsDutchExcel(csv);
    expect(header).toHaveLength(9);
    expect(row).toEqual([
      '1',
      '01-07-2026 10:05',
      '',
      'José; de Baas',
      'x',
      'x',
      "'@case",
      "'=cmd|/C calc!A0",
      JSON.stringify({ t: 'he said "hi"\r\nbye' }),
    ]);
    const english = openAsDutchExcel(auditCsv([], serverTranslate('en-US')));
    expect(english[0]?.slice(0, 2)).toEqual(['Number', 'Time']);
  });
});

describe('admin: the audit trail without case content', () => {
  it('shows actions, actors, dates and ids only, in words, and finds lines by lawyer and client names', async () => {
    const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Ďijkstra' });
    const client = await createTestClient(ctx, {
      status: 'reviewing-documents',
      lawyerIds: [lawyer.id],
      name: 'Émile',
      lastName: 'Bakker',
    });
    const other = await createTestClient(ctx, {
      status: 'reviewing-documents',
      lawyerIds: [(await createTestLawyer(ctx)).id],
    });
    await ctx.db.update(cases).set({ clientName: 'Émile Bakker' }).where(eq(cases.id, client.caseId));
    const [document] = await ctx.db
      .insert(documentsTable)
      .values({
        caseId: client.caseId,
        title: 'Ontslagbrief GEHEIM',
        status: 'Uploaded',
        filename: 'brief.pdf',
        extension: 'pdf',
        version: 1,
      })
      .returning();
    await reviewDocument(ctx.db, {
      documentId: document!.id,
      lawyerId: lawyer.id,
      decision: { status: 'Rejected', message: 'Verkeerde brief, privé-reden' },
      now: ctx.clock.now(),
    });
    await call('PATCH', `/api/admin/cases/${other.caseId}/legal-hold`, admin.token, {
      legal_hold: true,
      reason: 'Zaak bij de rechter',
    });

    const byNames = await call(
      'GET',
      `/api/admin/audit?lawyer=${encodeURIComponent('sanne dijk')}&client=${encodeURIComponent('emile')}`,
      admin.token,
    );
    expect(byNames.statusCode).toBe(200);
    const lines = byNames.json().data as { action: string; subject_id: string; data: Record<string, unknown> }[];
    expect(lines.map((l) => l.action)).toContain('document.rejected');
    expect(lines.every((l) => l.subject_id !== other.caseId)).toBe(true);
    const rejected = lines.find((l) => l.action === 'document.rejected');
    expect(rejected?.data).toEqual({ case_id: client.caseId, document_id: document!.id, mandatory: false, version: 1 });
    expect(
      (await call('GET', `/api/admin/audit?client=${encodeURIComponent('Nobody Anywhere')}`, admin.token)).json().data,
    ).toEqual([]);
    // The same for every line of every page: no free text of a case.
    const all = await call('GET', '/api/admin/audit', admin.token);
    expect(all.body).not.toMatch(/GEHEIM|privé-reden|Zaak bij de rechter/);
    const csv = await call('GET', `/api/admin/audit.csv?client=emile`, admin.token);
    expect(csv.body).not.toMatch(/GEHEIM|privé-reden/);
    expect(csv.body).toContain('Document afgekeurd');
    const english = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/audit.csv?client=emile',
      headers: { ...as(admin.token), 'accept-language': 'en-US' },
    });
    expect(english.body).toContain('Document rejected');
    // The filters themselves are checked like any input.
    expect((await call('GET', `/api/admin/audit?lawyer=${'x'.repeat(201)}`, admin.token)).statusCode).toBe(422);
  });
});

describe('admin: access', () => {
  it('answers 401 without a session and 403 for clients and lawyers', async () => {
    const lawyer = await tokenFor(ctx, (await createTestLawyer(ctx)).id);
    const client = await tokenFor(ctx, (await createTestClient(ctx)).id);
    for (const url of ['/api/admin/lawyers', '/api/admin/cases', '/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await call('GET', url, null)).statusCode).toBe(401);
      expect((await call('GET', url, lawyer)).statusCode).toBe(403);
      expect((await call('GET', url, client)).statusCode).toBe(403);
      expect((await call('GET', url, admin.token)).statusCode).toBe(200);
    }
  });
});
