import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { outbox, users } from '../infra/db/schema';
import { createTestClient, createTestContext, type TestContext } from '../infra/testing/harness';
import { runExclusive } from '../infra/jobs/scheduler';
import { withEvents } from '../domain-events';
import { sendTodoReminders, todoReminderJob } from './todo-reminders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const DAY = 86_400_000;
const SUBJECT = 'Herinnering: er staat nog iets voor je klaar in je portaal';
const remindersTo = (address: string) =>
  ctx.smtp.messages.filter((m) => m.to.includes(address) && m.subject === SUBJECT);

/** Runs the job the way the scheduler does (advisory lock, its own transaction), then sends what is due. */
async function runJob(job = todoReminderJob(() => ctx.clock.now(), 3_600_000, 1_000)) {
  await runExclusive(ctx.db, job, withEvents);
  await ctx.outbox.drain();
}

describe('7-day to-do reminder', () => {
  it('mails a client with open to-dos after 7 days without progress, once per week, never twice', async () => {
    // A new lead: personal data, employer data and documents are still to do.
    const client = await createTestClient(ctx, { status: 'lead' });
    const done = await createTestClient(ctx, { status: 'completed' });
    await runJob();
    expect(remindersTo(client.email)).toHaveLength(0);

    ctx.clock.advance(6 * DAY);
    await runJob();
    expect(remindersTo(client.email)).toHaveLength(0);

    ctx.clock.advance(1 * DAY + 60_000);
    // Two instances (two jobs with their own cursor) and a second run: one mail.
    await Promise.all([runJob(), runJob()]);
    await runJob();
    const [mail] = remindersTo(client.email);
    expect(remindersTo(client.email)).toHaveLength(1);
    expect(mail?.text).toMatch(/Er staan al een week \d+ taken voor je klaar in je portaal\./);
    // Nothing private: only the count and a link to the portal.
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/`);
    expect(remindersTo(done.email)).toHaveLength(0);

    // Still idle: not again within the week, again after it.
    ctx.clock.advance(3 * DAY);
    await runJob();
    expect(remindersTo(client.email)).toHaveLength(1);
    ctx.clock.advance(4 * DAY);
    await runJob();
    expect(remindersTo(client.email)).toHaveLength(2);
  });

  it('waits 7 days after the last progress, and respects the reminders preference', async () => {
    const busy = await createTestClient(ctx, { status: 'lead' });
    const optedOut = await createTestClient(ctx, { status: 'lead' });
    await ctx.db
      .update(users)
      .set({ mailOptOuts: ['reminders'] })
      .where(eq(users.id, optedOut.id));
    ctx.clock.advance(10 * DAY);
    // The client edited their profile two days ago: progress.
    await ctx.db
      .update(users)
      .set({ updatedAt: new Date(ctx.clock.now().getTime() - 2 * DAY) })
      .where(eq(users.id, busy.id));
    await runJob();
    expect(remindersTo(busy.email)).toHaveLength(0);
    expect(remindersTo(optedOut.email)).toHaveLength(0);
    expect(await ctx.db.select().from(outbox).where(eq(outbox.toAddress, optedOut.email))).toEqual([]);
    ctx.clock.advance(5 * DAY + 60_000);
    await runJob();
    expect(remindersTo(busy.email)).toHaveLength(1);
  });

  it('walks all idle cases over successive runs with its cursor', async () => {
    const clients = [
      await createTestClient(ctx, { status: 'lead' }),
      await createTestClient(ctx, { status: 'lead' }),
      await createTestClient(ctx, { status: 'lead' }),
    ];
    ctx.clock.advance(8 * DAY);
    const job = todoReminderJob(() => ctx.clock.now(), 3_600_000, 1);
    // One case per run; other idle cases of this file share the walk, so run until each has its mail.
    for (let i = 0; i < 20 && clients.some((c) => remindersTo(c.email).length === 0); i++) await runJob(job);
    for (const c of clients) expect(remindersTo(c.email)).toHaveLength(1);
    // A full pass reminds whoever is left; a second pass in the same week writes nothing.
    await sendTodoReminders(ctx.db, ctx.clock.now());
    expect((await sendTodoReminders(ctx.db, ctx.clock.now())).sent).toBe(0);
  });
});
