import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { outbox } from '../db/schema';
import { createTestClient, createTestContext, uniqueEmail, type TestContext } from '../testing/harness';
import { runExclusive } from '../jobs/scheduler';
import { withEvents } from '../../domain-events';
import { cleanOutbox, outboxCleanupJob } from './cleanup';
import { enqueueMail } from './outbox';
import { retryMail } from './queries';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
const rowsTo = (address: string) => ctx.db.select().from(outbox).where(eq(outbox.toAddress, address));
const rowById = async (id: string) => (await ctx.db.select().from(outbox).where(eq(outbox.id, id)))[0];
const requestCode = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/code', payload: { email } });

describe('outbox clean-up', () => {
  it('keeps no login code: emptied when sent, emptied at expiry when it failed (and then not retried)', async () => {
    const sent = await createTestClient(ctx);
    expect((await requestCode(sent.email)).statusCode).toBe(200);
    await ctx.outbox.drain();
    const [sentRow] = await rowsTo(sent.email);
    expect(sentRow?.status).toBe('sent');
    expect(sentRow?.payload).toEqual({});

    // A code that could not be sent before it expired is skipped, its payload emptied (worker).
    const late = await createTestClient(ctx);
    ctx.smtp.failWith(451);
    try {
      expect((await requestCode(late.email)).statusCode).toBe(200);
      await ctx.outbox.drain();
      ctx.clock.advance(11 * 60_000);
      await ctx.outbox.drain();
    } finally {
      ctx.smtp.failWith(null);
    }
    const [lateRow] = await rowsTo(late.email);
    expect(lateRow?.status).toBe('skipped');
    expect(lateRow?.payload).toEqual({});

    // An attempt that began before the expiry and failed after it leaves a failed row with its
    // code (worker.ts fail()); the clean-up empties it, and it cannot be retried.
    const failing = await createTestClient(ctx);
    expect((await requestCode(failing.email)).statusCode).toBe(200);
    const [queued] = await rowsTo(failing.email);
    await ctx.db
      .update(outbox)
      .set({ status: 'failed', lastError: '550 Mailbox unavailable' })
      .where(eq(outbox.id, queued!.id));
    const failedRow = await rowById(queued!.id);
    expect(JSON.stringify(failedRow?.payload)).toMatch(/"code":"\w+"/);
    await runExclusive(
      ctx.db,
      outboxCleanupJob(() => ctx.clock.now()),
      withEvents,
    );
    expect((await rowById(failedRow!.id))?.payload).not.toEqual({});
    ctx.clock.advance(11 * 60_000);
    await runExclusive(
      ctx.db,
      outboxCleanupJob(() => ctx.clock.now()),
      withEvents,
    );
    expect((await rowById(failedRow!.id))?.payload).toEqual({});
    expect(await retryMail(ctx.db, failedRow!.id, ctx.clock.now())).toBe(false);
  });

  it('deletes the rows of unknown addresses after a day, and every done row after 90 days', async () => {
    const unknown = uniqueEmail('nobody');
    const before = await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.toAddress, ''), eq(outbox.status, 'skipped')));
    expect((await requestCode(unknown)).statusCode).toBe(200);
    const blanks = await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.toAddress, ''), eq(outbox.status, 'skipped')));
    expect(blanks.length).toBe(before.length + 1);
    expect(JSON.stringify(await ctx.db.select().from(outbox))).not.toContain(unknown);

    const address = uniqueEmail('kept');
    await enqueueMail(ctx.db, { kind: 'intake_ready', to: { address }, payload: {}, now: ctx.clock.now() });
    await ctx.outbox.drain();
    const failedAddress = uniqueEmail('failed');
    ctx.smtp.failWith(550);
    try {
      await enqueueMail(ctx.db, {
        kind: 'intake_ready',
        to: { address: failedAddress },
        payload: {},
        now: ctx.clock.now(),
      });
      // Retries for 48 hours, then failed.
      for (let i = 0; i < 20 && (await rowsTo(failedAddress))[0]?.status !== 'failed'; i++) {
        ctx.clock.advance(6 * 3_600_000);
        await ctx.outbox.drain();
      }
    } finally {
      ctx.smtp.failWith(null);
    }
    const [failed] = await rowsTo(failedAddress);
    expect(failed?.status).toBe('failed');
    const pendingAddress = uniqueEmail('pending');

    // Within a day nothing goes; after it, the rows of unknown addresses do.
    await cleanOutbox(ctx.db, ctx.clock.now());
    ctx.clock.advance(DAY);
    // A row still waiting for its next attempt. Written and pushed back in one transaction, so the
    // running worker never sees it due: were it sent meanwhile, the last pass would rightly delete it.
    await ctx.db.transaction(async (tx) => {
      await enqueueMail(tx, {
        kind: 'proposal_ready',
        to: { address: pendingAddress },
        payload: {},
        now: ctx.clock.now(),
      });
      await tx
        .update(outbox)
        .set({ nextAttemptAt: new Date(ctx.clock.now().getTime() + 365 * DAY) })
        .where(eq(outbox.toAddress, pendingAddress));
    });
    await cleanOutbox(ctx.db, ctx.clock.now());
    const ids = blanks.map((b) => b.id);
    expect(await ctx.db.select().from(outbox).where(inArray(outbox.id, ids))).toEqual([]);
    expect(await rowsTo(address)).toHaveLength(1);
    expect((await rowById(failed!.id))?.payload).not.toEqual({});

    // After 30 days a failed row loses its payload (an operator had a month to retry it).
    ctx.clock.advance(30 * DAY);
    await cleanOutbox(ctx.db, ctx.clock.now());
    expect((await rowById(failed!.id))?.payload).toEqual({});
    expect(await rowsTo(address)).toHaveLength(1);

    // After 90 days the sent and failed rows go; a pending row never does.
    ctx.clock.advance(60 * DAY);
    await ctx.smtp.stop();
    try {
      await cleanOutbox(ctx.db, ctx.clock.now());
    } finally {
      await ctx.smtp.start();
    }
    expect(await rowsTo(address)).toEqual([]);
    expect(await rowsTo(failedAddress)).toEqual([]);
    expect(await rowsTo(pendingAddress)).toMatchObject([{ status: 'pending' }]);
  });
});
