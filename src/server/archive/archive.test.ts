import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { unzip } from '../infra/testing/unzip';
import {
  auditEvents,
  cases,
  complaints,
  documents,
  fileDestructions,
  messages,
  tokens,
  users,
} from '../infra/db/schema';
import { applyRetention, archivedEmail, initialsOf, planRetention, retentionJob } from './retention';
import { runExclusive } from '../infra/jobs/scheduler';
import { withEvents } from '../domain-events';
import { renderMail } from '../infra/outbox/templates';
import { mailSite } from '../infra/outbox/worker';
import { testConfig } from '../infra/config/config';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

/** Every case here completes on this day; the rules are applied at dates after it. */
const COMPLETED = new Date('2020-01-15T10:00:00Z');
const at = (iso: string) => new Date(`${iso}T12:00:00+01:00`);

async function completedCase(input: { legalHold?: boolean; name?: string; lastName?: string } = {}) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, {
    status: 'completed',
    lawyerIds: [lawyer.id],
    name: input.name ?? 'Kees',
    lastName: input.lastName ?? 'Klant',
  });
  await ctx.db
    .update(cases)
    .set({ completedAt: COMPLETED, legalHold: input.legalHold ?? false, companyName: 'Bakkerij Noord' })
    .where(eq(cases.id, client.caseId));
  const key = `documents/${client.caseId}/archive-test`;
  await ctx.storage.put(key, Buffer.from('signed engagement letter'));
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId));
  await ctx.db
    .update(documents)
    .set({ storageKey: key, status: 'Uploaded', version: 1, filename: 'brief.pdf' })
    .where(eq(documents.id, doc!.id));
  await ctx.db.insert(messages).values({
    caseId: client.caseId,
    authorId: client.id,
    authorRole: 'client',
    text: 'Mijn verhaal',
    createdAt: COMPLETED,
  });
  await ctx.db.insert(complaints).values({
    clientId: client.id,
    caseId: client.caseId,
    text: 'Te laat teruggebeld',
    status: 'closed',
    outcome: 'gegrond',
    answerBy: '2020-02-12',
    createdAt: COMPLETED,
    updatedAt: COMPLETED,
    closedAt: COMPLETED,
  });
  const token = await tokenFor(ctx, client.id);
  const lawyerToken = await tokenFor(ctx, lawyer.id);
  return { ...client, key, token, lawyer, lawyerToken, documentId: doc!.id };
}

const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('retention: the account and the file are two things', () => {
  it('6 months and a day on: account deleted, file archived; 5 years and a day on: file destroyed', async () => {
    const admin = await createTestAdmin(ctx);
    const kept = await completedCase({ name: 'Émile', lastName: 'Bakker' });
    const held = await completedCase({ legalHold: true });
    const otherLawyer = await createTestLawyer(ctx);
    const otherToken = await tokenFor(ctx, otherLawyer.id);

    // Six months less a day: nothing yet.
    const early = await planRetention(ctx.db, at('2020-07-14'), 5);
    expect(early.accounts_deleted).not.toContain(kept.caseId);

    const sixMonths = at('2020-07-16');
    const plan = await planRetention(ctx.db, sixMonths, 5);
    expect(plan.accounts_deleted).toContain(kept.caseId);
    expect(plan.files_destroyed).not.toContain(kept.caseId);
    expect(plan.held).toContain(held.caseId);
    expect(plan.accounts_deleted).not.toContain(held.caseId);
    // A plan changes nothing.
    expect((await get('/api/user', kept.token)).statusCode).toBe(200);

    const done = await ctx.db.transaction((tx) => applyRetention(tx, ctx.storage, sixMonths, 5));
    expect(done.accounts_deleted).toContain(kept.caseId);

    // The login, the sessions and the profile are gone; the client cannot sign in.
    expect((await get('/api/user', kept.token)).statusCode).toBe(401);
    expect(await ctx.db.select().from(tokens).where(eq(tokens.userId, kept.id))).toEqual([]);
    const [user] = await ctx.db.select().from(users).where(eq(users.id, kept.id));
    expect(user?.email).toBe(archivedEmail(kept.id));
    expect(user?.phoneNumber).toBeNull();
    expect(user?.deactivatedAt).not.toBeNull();
    // The file stays: case, documents and their bytes, messages, the complaints register.
    const [archived] = await ctx.db.select().from(cases).where(eq(cases.id, kept.caseId));
    expect(archived?.archivedAt?.toISOString()).toBe(sixMonths.toISOString());
    expect((await ctx.storage.read(kept.key)).size).toBe(24);
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, kept.caseId))).toHaveLength(1);
    expect(await ctx.db.select().from(complaints).where(eq(complaints.clientId, kept.id))).toHaveLength(1);
    // The held case: untouched.
    expect((await get('/api/user', held.token)).statusCode).toBe(200);

    // The archive: the admin sees it, with the client's name and the dates; the case's lawyer too.
    const list = await get('/api/admin/archive?q=bakker', admin.token);
    expect(list.statusCode).toBe(200);
    const item = list.json().data.find((c: { case_id: string }) => c.case_id === kept.caseId);
    expect(item).toMatchObject({
      client_name: 'Émile Bakker',
      completed_at: COMPLETED.toISOString(),
      destroy_on: '2025-01-15',
      legal_hold: false,
    });
    expect(
      (await get('/api/admin/archive?q=nobody-by-this-name', admin.token))
        .json()
        .data.map((c: { case_id: string }) => c.case_id),
    ).not.toContain(kept.caseId);
    expect(
      (await get('/api/admin/archive', kept.lawyerToken)).json().data.map((c: { case_id: string }) => c.case_id),
    ).toEqual([kept.caseId]);
    const detail = await get(`/api/admin/archive/${kept.caseId}`, kept.lawyerToken);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.counts).toMatchObject({ documents: 1, messages: 1 });
    // Another lawyer: as if it did not exist. A client: 403. No session: 401. A held (not archived) case: 404.
    expect((await get(`/api/admin/archive/${kept.caseId}`, otherToken)).statusCode).toBe(404);
    expect((await get('/api/admin/archive', otherToken)).json().data).toEqual([]);
    expect((await get('/api/admin/archive', held.token)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/archive' })).statusCode).toBe(401);
    expect((await get(`/api/admin/archive/${held.caseId}`, admin.token)).statusCode).toBe(404);
    expect((await get('/api/admin/archive/not-a-uuid', admin.token)).statusCode).toBe(404);
    expect((await get(`/api/admin/archive?q=${'x'.repeat(201)}`, admin.token)).statusCode).toBe(422);
    expect((await get('/api/admin/archive?q=%00', admin.token)).statusCode).toBe(422);
    expect((await get('/api/admin/destructions', kept.lawyerToken)).statusCode).toBe(403);

    // The zip: the data and the document's bytes, and an audit line of who took it.
    const zip = await get(`/api/admin/archive/${kept.caseId}/zip`, admin.token);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzip(zip.rawPayload);
    expect([...entries.values()].some((bytes) => bytes.toString() === 'signed engagement letter')).toBe(true);
    expect(entries.has('gegevens/dossier.json')).toBe(true);
    expect(entries.has('gegevens/klachten.json')).toBe(false);
    const downloads = await ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'archive.downloaded'));
    expect(downloads.map((d) => [d.subjectId, d.actorId])).toContainEqual([kept.caseId, admin.id]);
    expect((await get(`/api/admin/archive/${kept.caseId}/zip`, otherToken)).statusCode).toBe(404);
    // The case's own lawyer takes the file out too.
    const lawyerZip = await get(`/api/admin/archive/${kept.caseId}/zip`, kept.lawyerToken);
    expect(lawyerZip.statusCode).toBe(200);
    expect(unzip(lawyerZip.rawPayload).has('gegevens/dossier.json')).toBe(true);

    // Read-only: the case's own lawyer cannot write to it any more.
    const write = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${kept.caseId}/messages`,
      headers: bearer(kept.lawyerToken),
      payload: { text: 'Nog een bericht' },
    });
    expect(write.statusCode).toBe(409);
    expect(write.json().message).toBe('Dit dossier is gearchiveerd en kan niet meer worden gewijzigd.');
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, kept.caseId))).toHaveLength(1);
    expect((await get(`/api/cases/${kept.caseId}`, kept.lawyerToken)).statusCode).toBe(200);

    // Five years less a day: kept. Five years and a day: destroyed, with a record.
    expect((await planRetention(ctx.db, at('2025-01-14'), 5)).files_destroyed).not.toContain(kept.caseId);
    const fiveYears = at('2025-01-16');
    const later = await planRetention(ctx.db, fiveYears, 5);
    expect(later.files_destroyed).toContain(kept.caseId);
    expect(later.held).toContain(held.caseId);
    await ctx.db.transaction((tx) => applyRetention(tx, ctx.storage, fiveYears, 5));
    expect(await ctx.db.select().from(cases).where(eq(cases.id, kept.caseId))).toEqual([]);
    expect(await ctx.db.select().from(users).where(eq(users.id, kept.id))).toEqual([]);
    expect(await ctx.db.select().from(complaints).where(eq(complaints.clientId, kept.id))).toEqual([]);
    await expect(ctx.storage.read(kept.key)).rejects.toThrow();
    const [record] = await ctx.db.select().from(fileDestructions).where(eq(fileDestructions.caseId, kept.caseId));
    expect(record).toMatchObject({
      clientInitials: 'É.B.',
      counts: { documents: 1, messages: 1, complaints: 1, settlement_versions: 0, appointments: 0, files: 1 },
    });
    expect(record?.destroyedAt.toISOString()).toBe(fiveYears.toISOString());
    const destructions = await get('/api/admin/destructions', admin.token);
    expect(destructions.statusCode).toBe(200);
    const shown = destructions.json().data.find((d: { case_id: string }) => d.case_id === kept.caseId);
    expect(shown).toMatchObject({ client_initials: 'É.B.', completed_at: COMPLETED.toISOString() });
    expect(JSON.stringify(destructions.json())).not.toContain('Bakker');
    expect((await get(`/api/admin/archive/${kept.caseId}`, admin.token)).statusCode).toBe(404);

    // The legal hold kept both: the account and the file.
    expect((await get('/api/user', held.token)).statusCode).toBe(200);
    expect((await ctx.storage.read(held.key)).size).toBe(24);
  });

  it('a server that was off for years archives and destroys in one run', async () => {
    const late = await completedCase();
    const plan = await planRetention(ctx.db, at('2026-01-01'), 5);
    expect(plan.accounts_deleted).toContain(late.caseId);
    expect(plan.files_destroyed).toContain(late.caseId);
    const job = retentionJob(ctx.storage, () => at('2026-01-01'), 3_600_000, 5);
    await runExclusive(ctx.db, job, withEvents);
    expect(await ctx.db.select().from(cases).where(eq(cases.id, late.caseId))).toEqual([]);
    const [record] = await ctx.db.select().from(fileDestructions).where(eq(fileDestructions.caseId, late.caseId));
    expect(record?.clientInitials).toBe('K.K.');
  });

  it('FILE_RETENTION_YEARS moves the destruction', async () => {
    const c = await completedCase();
    expect((await planRetention(ctx.db, at('2025-01-16'), 7)).files_destroyed).not.toContain(c.caseId);
    expect((await planRetention(ctx.db, at('2027-01-16'), 7)).files_destroyed).toContain(c.caseId);
  });

  it('keeps only initials of the name', () => {
    expect(initialsOf('jan', 'de Vries')).toBe('J.D.');
    expect(initialsOf(null, null)).toBe('?');
    expect(initialsOf('  ', '1234')).toBe('?');
  });

  it('tells the client in the completion mail when the account goes and until when the file is kept', async () => {
    const mail = await renderMail({
      language: 'nl-NL',
      site: mailSite(testConfig()),
      items: [
        {
          kind: 'phase_changed',
          payload: {
            name: 'Kees',
            case_id: '00000000-0000-4000-8000-000000000000',
            from: 'ready-for-invoicing',
            to: 'completed',
            retention: { account_until: '15-07-2020', file_until: '15-01-2025', years: 5 },
          },
        },
      ],
      unsubscribe: [],
    });
    expect(mail.text).toContain('op 15-07-2020, verwijderen we je account');
    expect(mail.text).toContain('nog tot 15-01-2025 (5 jaar na de afronding)');
  });
});

describe('the completion mail with a configured retention', () => {
  let seven: TestContext;
  beforeAll(async () => {
    seven = await createTestContext({ fileRetentionYears: 7 });
  });
  afterAll(async () => {
    await seven.close();
  });

  it('names the configured FILE_RETENTION_YEARS (here 7) and the date it gives, not the default 5', async () => {
    seven.clock.set(new Date('2026-03-10T13:00:00Z'));
    const lawyer = await createTestLawyer(seven);
    const client = await createTestClient(seven, { status: 'ready-for-invoicing', lawyerIds: [lawyer.id] });
    const since = seven.smtp.messages.length;
    const response = await seven.app.inject({
      method: 'PATCH',
      url: `/api/cases/${client.caseId}/status`,
      headers: { ...bearer(await tokenFor(seven, lawyer.id)), 'content-type': 'application/json' },
      payload: JSON.stringify({ status: 'completed' }),
    });
    expect(response.statusCode).toBe(200);
    await seven.outbox.drain();
    const mail = seven.smtp.messages.slice(since).find((m) => m.to.includes(client.email));
    expect(mail?.text).toContain('op 10-09-2026, verwijderen we je account');
    expect(mail?.text).toContain('nog tot 10-03-2033 (7 jaar na de afronding)');
  });
});
