import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { MAX_APPOINTMENT_MOVES_PER_DAY } from '../../contract/appointments';
import { appointments, auditEvents, availability, outbox } from '../infra/db/schema';
import {
  bearer,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';

const WINDOW_MS = 10 * 60_000;
let ctx: TestContext;
beforeAll(async () => {
  // The production digest window: mails of moves close together wait for each other.
  ctx = await createTestContext({ mailDigestMs: WINDOW_MS });
});
afterAll(async () => {
  await ctx.close();
});

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
beforeEach(() => ctx.clock.set(NOW));

/** Wednesdays and Thursdays 10:00–11:00: eight half-hour slots in the next two weeks. */
const SLOTS = ['2026-12-02', '2026-12-03', '2026-12-09', '2026-12-10'].flatMap((day) => [
  `${day}T10:00:00+01:00`,
  `${day}T10:30:00+01:00`,
]);

async function booked() {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  await ctx.db.insert(availability).values(
    (['wednesday', 'thursday'] as const).map((day) => ({
      userId: lawyer.id,
      day,
      startTime: '10:00',
      endTime: '11:00',
    })),
  );
  const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
  const clientToken = await tokenFor(ctx, client.id);
  const response = await move('POST', client.caseId, clientToken, SLOTS[0]!);
  expect(response.statusCode).toBe(201);
  return { lawyer, client, clientToken, lawyerToken: await tokenFor(ctx, lawyer.id) };
}

const move = (method: 'POST' | 'PATCH', caseId: string, token: string, start: string) =>
  ctx.app.inject({
    method,
    url: `/api/cases/${caseId}/appointment`,
    headers: { ...bearer(token), 'content-type': 'application/json', 'accept-language': 'nl-NL' },
    payload: JSON.stringify({ start }),
  });

const movesOf = async (caseId: string) =>
  (
    await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.caseId, caseId), eq(auditEvents.action, 'appointment.rescheduled')))
  ).length;

const movedMails = (caseId: string) =>
  ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.kind, 'appointment_moved'), eq(outbox.status, 'pending')))
    .then((rows) => rows.filter((r) => r.payload.case_id === caseId));

describe('appointment moves are limited per day', () => {
  it(`allows ${MAX_APPOINTMENT_MOVES_PER_DAY} moves a day per case, then 429 in Dutch, nothing changed`, async () => {
    const { client, clientToken, lawyerToken } = await booked();
    for (const start of SLOTS.slice(1, 1 + MAX_APPOINTMENT_MOVES_PER_DAY))
      expect((await move('PATCH', client.caseId, clientToken, start)).statusCode).toBe(200);
    const [before] = await ctx.db.select().from(appointments).where(eq(appointments.caseId, client.caseId));
    const mailsBefore = await ctx.db.select().from(outbox);
    // The lawyer's move counts against the same budget.
    for (const token of [clientToken, lawyerToken]) {
      const refused = await move('PATCH', client.caseId, token, SLOTS[6]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Dit gesprek is vandaag al 3 keer verzet. Morgen kan het weer; heb je eerder een andere tijd nodig, ' +
          'neem dan contact op met je jurist.',
      );
    }
    const [after] = await ctx.db.select().from(appointments).where(eq(appointments.caseId, client.caseId));
    expect(after).toEqual(before);
    expect(await ctx.db.select().from(outbox)).toHaveLength(mailsBefore.length);
    expect(await movesOf(client.caseId)).toBe(MAX_APPOINTMENT_MOVES_PER_DAY);
    // The next Amsterdam day (Wednesday 00:05) has a new budget.
    ctx.clock.set(new Date('2026-12-01T23:05:00Z'));
    const fresh = await tokenFor(ctx, client.id);
    expect((await move('PATCH', client.caseId, fresh, SLOTS[6]!)).statusCode).toBe(200);
  });

  it('lets parallel requests pass no more moves than the budget', async () => {
    const { client, clientToken, lawyerToken } = await booked();
    let succeeded = 0;
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        SLOTS.slice(1, 7).map((start, i) => move('PATCH', client.caseId, i % 2 ? lawyerToken : clientToken, start)),
      );
      for (const answer of answers) expect([200, 409, 429]).toContain(answer.statusCode);
      succeeded += answers.filter((a) => a.statusCode === 200).length;
    }
    expect(succeeded).toBe(MAX_APPOINTMENT_MOVES_PER_DAY);
    expect(await movesOf(client.caseId)).toBe(MAX_APPOINTMENT_MOVES_PER_DAY);
    const [row] = await ctx.db.select().from(appointments).where(eq(appointments.caseId, client.caseId));
    expect(row!.sequence).toBe(MAX_APPOINTMENT_MOVES_PER_DAY);
  });
});

describe('moves within ten minutes give one mail per person', () => {
  it('sends the last move once to the client and once to the lawyer, at most ten minutes after the first', async () => {
    const { client, lawyer } = await booked();
    const clientToken = await tokenFor(ctx, client.id);
    await ctx.outbox.drain();
    const since = ctx.smtp.messages.length;
    for (const [minute, start] of [
      [0, SLOTS[2]!],
      [3, SLOTS[4]!],
      [6, SLOTS[5]!],
    ] as const) {
      ctx.clock.set(new Date(NOW.getTime() + minute * 60_000));
      expect((await move('PATCH', client.caseId, clientToken, start)).statusCode).toBe(200);
      await ctx.outbox.drain();
    }
    // Waiting: one row per person, nothing sent yet.
    expect(await movedMails(client.caseId)).toHaveLength(2);
    expect(ctx.smtp.messages.slice(since).filter((m) => m.to[0] === client.email)).toEqual([]);
    ctx.clock.set(new Date(NOW.getTime() + WINDOW_MS));
    await ctx.outbox.drain();
    const mails = ctx.smtp.messages.slice(since).filter((m) => [client.email, lawyer.email].includes(m.to[0]!));
    expect(mails.map((m) => m.to[0]).sort()).toEqual([client.email, lawyer.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Je eerste gesprek is verzet naar woensdag 9 december om 10:30');
      const event = new ICAL.Component(ICAL.parse(mail.calendars[0]!)).getFirstSubcomponent('vevent')!;
      expect(event.getFirstPropertyValue('sequence')).toBe(3);
    }
  });

  it('drops a waiting move mail when the appointment is cancelled: no "moved" after "cancelled"', async () => {
    const { client } = await booked();
    const clientToken = await tokenFor(ctx, client.id);
    await ctx.outbox.drain();
    const since = ctx.smtp.messages.length;
    expect((await move('PATCH', client.caseId, clientToken, SLOTS[3]!)).statusCode).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cases/${client.caseId}/appointment`,
      headers: bearer(clientToken),
    });
    expect(cancelled.statusCode).toBe(204);
    ctx.clock.set(new Date(NOW.getTime() + WINDOW_MS));
    await ctx.outbox.drain();
    const subjects = ctx.smtp.messages
      .slice(since)
      .filter((m) => m.to[0] === client.email)
      .map((m) => m.subject);
    expect(subjects).toHaveLength(1);
    expect(subjects[0]).toMatch(/^Je eerste gesprek van .* is geannuleerd$/);
    for (const subject of subjects) expect(subject).not.toContain('verzet');
  });
});
