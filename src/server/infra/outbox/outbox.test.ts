import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { documents, outbox, users } from '../db/schema';
import type { Db } from '../db/client';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  uniqueEmail,
  type TestContext,
} from '../testing/harness';
import { multipart } from '../testing/multipart';
import { extractLoginCode } from '../testing/smtp-peer';
import { outboxCommand } from '../../cli/main';
import { RETRY_FOR_MS, retryDelayMs } from './worker';
import { enqueueMail } from './outbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const PDF = Buffer.from('%PDF-1.4\n%test\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const SECRET_REASON = 'GEHEIME-REDEN-loonstrook-onleesbaar';
const SECRET_FEEDBACK = 'GEHEIME-FEEDBACK-tekst';

async function caseWithLawyer(status: 'reviewing-documents' | 'negotiation-phase' = 'reviewing-documents') {
  const lawyer = await createTestLawyer(ctx, { name: 'Lotte', lastName: 'Advocaat' });
  const client = await createTestClient(ctx, { status, lawyerIds: [lawyer.id], name: 'Kees' });
  return { lawyer, client, lawyerToken: await tokenFor(ctx, lawyer.id), clientToken: await tokenFor(ctx, client.id) };
}

const rowsTo = (address: string) =>
  ctx.db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(asc(outbox.createdAt));
const mailsTo = (address: string) => ctx.smtp.messages.filter((m) => m.to.includes(address));

async function uploadAsClient(token: string, caseId: string) {
  const [slot] = await ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.caseId, caseId), eq(documents.mandatory, true)))
    .limit(1);
  if (!slot) throw new Error('no mandatory slot');
  const body = multipart({}, [{ filename: 'loonstrook.pdf', contentType: 'application/pdf', data: PDF }]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/documents/${slot.id}/upload`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(200);
  return slot.id;
}

/** Lets the clock pass the retry delays and sends what is due, a few rounds. */
async function catchUp(rounds = 3) {
  for (let i = 0; i < rounds; i++) {
    ctx.clock.advance(10 * 60_000);
    await ctx.outbox.drain();
  }
}

describe('durable outbox', () => {
  it('sends a burst of mail over a few pooled SMTP connections, not one per mail', async () => {
    await ctx.outbox.drain();
    const before = ctx.smtp.connections();
    const addresses = Array.from({ length: 20 }, () => uniqueEmail('burst'));
    for (const address of addresses)
      await enqueueMail(ctx.db as Db, { kind: 'intake_ready', to: { address }, payload: {}, now: ctx.clock.now() });
    await ctx.outbox.drain();
    for (const address of addresses) expect(mailsTo(address)).toHaveLength(1);
    // Five lanes share at most five connections.
    expect(ctx.smtp.connections() - before).toBeLessThanOrEqual(5);
  });

  it('keeps every mail while the SMTP peer is down and delivers each exactly once when it is back', async () => {
    const s = await caseWithLawyer();
    await ctx.smtp.stop();
    try {
      // The lawyer changes the status, the client uploads, the lawyer rejects it (with a reason), the client gives
      // feedback.
      const status = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/cases/${s.client.caseId}/status`,
        headers: bearer(s.lawyerToken),
        payload: { status: 'negotiation-phase' },
      });
      expect(status.statusCode).toBe(200);
      const documentId = await uploadAsClient(s.clientToken, s.client.caseId);
      const review = await ctx.app.inject({
        method: 'POST',
        url: `/api/documents/${documentId}/review`,
        headers: bearer(s.lawyerToken),
        payload: { status: 'Rejected', message: SECRET_REASON },
      });
      expect(review.statusCode).toBe(200);
      const feedback = await ctx.app.inject({
        method: 'POST',
        url: `/api/cases/${s.client.caseId}/lawyers/${s.lawyer.id}/feedback`,
        headers: bearer(s.clientToken),
        payload: { text: SECRET_FEEDBACK },
      });
      expect(feedback.statusCode).toBe(201);
      // Requests answered as always; the worker tried and failed; nothing is lost.
      await ctx.outbox.drain();
      const pending = [...(await rowsTo(s.client.email)), ...(await rowsTo(s.lawyer.email))];
      expect(pending.length).toBeGreaterThanOrEqual(4);
      expect(pending.every((r) => r.status === 'pending' && r.attempts >= 1 && r.lastError !== null)).toBe(true);
      expect(mailsTo(s.client.email)).toHaveLength(0);
    } finally {
      await ctx.smtp.start();
    }
    await catchUp();
    const clientMails = mailsTo(s.client.email);
    expect(clientMails).toHaveLength(1);
    const [clientMail] = clientMails;
    expect(clientMail?.text).toContain('afgekeurd');
    expect(clientMail?.text).toContain('Log in om te zien waarom');
    expect(clientMail?.text).toContain('Onderhandelingen');
    expect(clientMail?.text).toContain(`${ctx.config.publicUrl}/documenten`);
    expect(`${clientMail?.text}${clientMail?.html}`).not.toContain(SECRET_REASON);
    const lawyerMails = mailsTo(s.lawyer.email);
    expect(lawyerMails).toHaveLength(1);
    expect(lawyerMails[0]?.text).toContain('feedback');
    expect(lawyerMails[0]?.text).toMatch(/heeft het document '.+' geüpload/);
    expect(lawyerMails[0]?.text).toContain(`${ctx.config.publicUrl}/feedback`);
    expect(`${lawyerMails[0]?.text}${lawyerMails[0]?.html}`).not.toContain(SECRET_FEEDBACK);
    // Nothing left, nothing sent twice, payloads emptied.
    await catchUp();
    expect(mailsTo(s.client.email)).toHaveLength(1);
    expect(mailsTo(s.lawyer.email)).toHaveLength(1);
    const done = [...(await rowsTo(s.client.email)), ...(await rowsTo(s.lawyer.email))];
    expect(done.every((r) => r.status === 'sent' && Object.keys(r.payload).length === 0)).toBe(true);
  });

  it('answers a code request as always while SMTP is down, and never sends a code older than 10 minutes', async () => {
    const lawyer = await createTestLawyer(ctx);
    await ctx.smtp.stop();
    try {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: lawyer.email } });
      expect(response.statusCode).toBe(200);
      await ctx.outbox.drain();
      ctx.clock.advance(11 * 60_000);
    } finally {
      await ctx.smtp.start();
    }
    await catchUp();
    expect(mailsTo(lawyer.email)).toHaveLength(0);
    const [row] = await rowsTo(lawyer.email);
    expect(row).toMatchObject({ kind: 'login_code', status: 'skipped', payload: {} });
  });

  it('sends a login code at once and empties its row once sent', async () => {
    const lawyer = await createTestLawyer(ctx);
    const since = ctx.smtp.messages.length;
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email: lawyer.email } })).statusCode,
    ).toBe(200);
    const mail = await ctx.smtp.waitForMail(lawyer.email, { since });
    expect(extractLoginCode(mail)).toMatch(/^[A-Z2-9]{6}$/);
    await ctx.outbox.drain();
    const [row] = await rowsTo(lawyer.email);
    expect(row?.status).toBe('sent');
    expect(row?.payload).toEqual({});
  });

  it('retries a 4xx with growing delays for 48 hours, then marks it failed, in the CLI; --retry sends it', async () => {
    const address = uniqueEmail('bounce');
    await ctx.db.insert(users).values({ role: 'client', email: address, name: 'Bo' });
    const [user] = await ctx.db.select().from(users).where(eq(users.email, address));
    ctx.smtp.failWith(451);
    try {
      await enqueueMail(ctx.db as Db, {
        kind: 'deletion_today',
        to: { userId: user!.id },
        payload: {},
        now: ctx.clock.now(),
      });
      await ctx.outbox.drain();
      const delays: number[] = [];
      for (let i = 0; i < 40; i++) {
        const [row] = await rowsTo(address);
        if (!row || row.status !== 'pending') break;
        delays.push(row.nextAttemptAt.getTime() - ctx.clock.now().getTime());
        ctx.clock.set(row.nextAttemptAt);
        await ctx.outbox.drain();
      }
      expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
      expect(Math.max(...delays)).toBe(retryDelayMs(100));
      const [failed] = await rowsTo(address);
      expect(failed?.status).toBe('failed');
      expect(failed?.lastError).toMatch(/^451 /);
      expect(failed?.lastError).not.toContain(address);
      expect(ctx.clock.now().getTime() - failed!.createdAt.getTime()).toBeGreaterThanOrEqual(RETRY_FOR_MS);

      const lines: string[] = [];
      await outboxCommand(ctx.db as Db, null, ctx.clock.now(), (line) => lines.push(line));
      const listed = lines.find((line) => line.startsWith(failed!.id));
      expect(listed).toContain('\tfailed\tdeletion_today\t');
      expect(listed).not.toContain(address);
      expect(lines.join('\n')).not.toContain('verwijderen');
    } finally {
      ctx.smtp.failWith(null);
    }
    const [failed] = await rowsTo(address);
    const out: string[] = [];
    await outboxCommand(ctx.db as Db, failed!.id, ctx.clock.now(), (line) => out.push(line));
    await ctx.outbox.drain();
    expect(mailsTo(address)).toHaveLength(1);
    expect(mailsTo(address)[0]?.subject).toBe('Je account wordt vandaag verwijderd');
    await expect(outboxCommand(ctx.db as Db, failed!.id, ctx.clock.now(), () => undefined)).rejects.toThrow(
      /No pending or failed mail/,
    );
  });

  it('retries a 5xx answer too and fails it after 48 hours', async () => {
    const address = uniqueEmail('reject');
    ctx.smtp.failWith(550);
    try {
      await enqueueMail(ctx.db as Db, { kind: 'intake_ready', to: { address }, payload: {}, now: ctx.clock.now() });
      await ctx.outbox.drain();
      const [first] = await rowsTo(address);
      expect(first).toMatchObject({ status: 'pending', attempts: 1 });
      expect(first?.lastError).toMatch(/^550 /);
      ctx.clock.advance(RETRY_FOR_MS);
      await ctx.outbox.drain();
      const [row] = await rowsTo(address);
      expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    } finally {
      ctx.smtp.failWith(null);
    }
    expect(mailsTo(address)).toHaveLength(0);
  });
});
