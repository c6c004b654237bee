import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import {
  createTestContext,
  createTestClient,
  createTestLawyer,
  tokenFor,
  bearer,
  type TestContext,
} from '../infra/testing/harness';
import { auditEvents, cases, documents, tokens, users } from '../infra/db/schema';
import { getDeletionDate } from '../../contract/rules/case-route';
import { archivedEmail, formatNoticeDate, purgeExpiredAccounts, retentionJob, sendDeletionNotices } from './retention';
import { runExclusive } from '../infra/jobs/scheduler';
import { withEvents } from '../domain-events';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;

async function completedClient(daysAgo: number, legalHold = false) {
  const lawyer = await createTestLawyer(ctx);
  const client = await createTestClient(ctx, { status: 'completed', lawyerIds: [lawyer.id] });
  await ctx.db
    .update(cases)
    .set({ completedAt: new Date(ctx.clock.now().getTime() - daysAgo * DAY), legalHold })
    .where(eq(cases.id, client.caseId));
  const key = `documents/${client.caseId}/retention-test`;
  await ctx.storage.put(key, Buffer.from('private'));
  const [doc] = await ctx.db.select().from(documents).where(eq(documents.caseId, client.caseId));
  await ctx.db
    .update(documents)
    .set({ storageKey: key, status: 'Uploaded', version: 1 })
    .where(eq(documents.id, doc!.id));
  const token = await tokenFor(ctx, client.id);
  return { ...client, key, token };
}

const exists = async (userId: string) => (await ctx.db.select().from(users).where(eq(users.id, userId))).length === 1;
/** The account is deleted: the login address is replaced and sign-in refused (the file stays, archived). */
const accountDeleted = async (userId: string) =>
  (await ctx.db.select().from(users).where(eq(users.id, userId)))[0]?.email === archivedEmail(userId);

describe('retention purge', () => {
  it('deletes an account 6 months after the end (tokens, login), archives the file, keeps an audit line', async () => {
    const old = await completedClient(190);
    const recent = await completedClient(150);
    const held = await completedClient(400, true);
    await purgeExpiredAccounts(ctx.db, ctx.storage, ctx.clock.now());

    expect(await accountDeleted(old.id)).toBe(true);
    const [archived] = await ctx.db.select().from(cases).where(eq(cases.id, old.caseId));
    expect(archived?.archivedAt).not.toBeNull();
    expect(await ctx.db.select().from(tokens).where(eq(tokens.userId, old.id))).toEqual([]);
    // The firm's file keeps its documents until FILE_RETENTION_YEARS (archive/archive.test.ts).
    expect((await ctx.storage.read(old.key)).size).toBe(7);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: bearer(old.token) })).statusCode).toBe(
      401,
    );
    // Beside the fixture's 'case.created' line, one line for the deletion; none carries the address.
    const audit = await ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, old.caseId))
      .orderBy(asc(auditEvents.id));
    expect(audit.map((a) => a.action)).toEqual(['case.created', 'retention.account_deleted']);
    expect(JSON.stringify(audit)).not.toContain(old.email);

    expect(await accountDeleted(recent.id)).toBe(false);
    expect(await accountDeleted(held.id)).toBe(false);
    expect((await ctx.storage.read(held.key)).size).toBe(7);
  });

  it('runs a job under an advisory lock only once at a time', async () => {
    let inside = 0;
    let maximum = 0;
    const job = {
      lockKey: 4242,
      run: async () => {
        inside++;
        maximum = Math.max(maximum, inside);
        await new Promise((resolve) => setTimeout(resolve, 50));
        inside--;
      },
    };
    const results = await Promise.all([runExclusive(ctx.db, job, withEvents), runExclusive(ctx.db, job, withEvents)]);
    expect(maximum).toBe(1);
    expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
  });
});

describe('deletion notices', () => {
  const UPCOMING = 'Je account wordt over 30 dagen verwijderd';
  const TODAY = 'Je account wordt vandaag verwijderd';
  const mailsTo = (address: string, subject: string) =>
    ctx.smtp.messages.filter((m) => m.to.includes(address) && m.subject === subject);

  it('mails once 30 days before the deletion, with its date, and not to a case on hold or further away', async () => {
    const soon = await completedClient(160);
    const later = await completedClient(100);
    const held = await completedClient(170, true);
    const job = retentionJob(ctx.storage, () => ctx.clock.now());
    // Hourly runs on two instances: one notice.
    await Promise.all([runExclusive(ctx.db, job, withEvents), runExclusive(ctx.db, job, withEvents)]);
    await runExclusive(ctx.db, job, withEvents);
    expect(await sendDeletionNotices(ctx.db, ctx.clock.now())).toBe(0);
    await ctx.outbox.drain();
    const [case_] = await ctx.db
      .select({ completedAt: cases.completedAt })
      .from(cases)
      .where(eq(cases.id, soon.caseId));
    const date = formatNoticeDate(getDeletionDate(case_!.completedAt!));
    expect(date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    const notices = mailsTo(soon.email, UPCOMING);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`Op ${date} verwijderen we je account`);
    expect(notices[0]?.text).toContain(`${ctx.config.publicUrl}/documenten`);
    expect(mailsTo(later.email, UPCOMING)).toHaveLength(0);
    expect(mailsTo(held.email, UPCOMING)).toHaveLength(0);
    expect(await exists(soon.id)).toBe(true);

    // Seventy days on, the later case enters its window.
    ctx.clock.advance(70 * DAY);
    await runExclusive(ctx.db, job, withEvents);
    await ctx.outbox.drain();
    expect(mailsTo(later.email, UPCOMING)).toHaveLength(1);
    expect(mailsTo(held.email, UPCOMING)).toHaveLength(0);
    ctx.clock.advance(-70 * DAY);
  });

  it('mails on the day the account is deleted, once, to the address it had', async () => {
    const old = await completedClient(200);
    await ctx.db.update(users).set({ language: 'en-US' }).where(eq(users.id, old.id));
    const job = retentionJob(ctx.storage, () => ctx.clock.now());
    await runExclusive(ctx.db, job, withEvents);
    await runExclusive(ctx.db, job, withEvents);
    await ctx.outbox.drain();
    expect(await accountDeleted(old.id)).toBe(true);
    const mails = ctx.smtp.messages.filter((m) => m.to.includes(old.email));
    expect(mails.map((m) => m.subject)).toEqual(['Your account is deleted today']);
    expect(mailsTo(old.email, TODAY)).toHaveLength(0);
  });
});
