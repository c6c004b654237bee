import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { appointments, auditEvents, availability, cases, caseStandIns, messages } from '../infra/db/schema';
import {
  bearer,
  createTestAdmin,
  createTestClient,
  createTestContext,
  createTestLawyer,
  tokenFor,
  type TestContext,
} from '../infra/testing/harness';
import { sendAppointmentReminders } from './reminders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

// Tuesday 1 December 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-12-01T08:00:00Z');
beforeEach(() => ctx.clock.set(NOW));

type Day = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';
async function lawyerWith(hours: [Day, string, string][] = [['wednesday', '10:00', '11:00']]) {
  const lawyer = await createTestLawyer(ctx, { name: 'Sanne', lastName: 'Jansen' });
  if (hours.length)
    await ctx.db
      .insert(availability)
      .values(hours.map(([day, startTime, endTime]) => ({ userId: lawyer.id, day, startTime, endTime })));
  return lawyer;
}

async function setup(hours?: [Day, string, string][]) {
  const lawyer = await lawyerWith(hours);
  const client = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
  return { lawyer, client, clientToken: await tokenFor(ctx, client.id), lawyerToken: await tokenFor(ctx, lawyer.id) };
}

const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

const slotsOf = async (caseId: string, token: string, query = '') => {
  const response = await inject('GET', `/api/cases/${caseId}/appointment-slots${query}`, token);
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { start: string; end: string }[] }).data;
};

function parseInvite(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]!);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    status: events[0]!.getFirstPropertyValue('status'),
    organizer: String(events[0]!.getFirstPropertyValue('organizer')),
    attendees: events[0]!.getAllProperties('attendee').map((p) => String(p.getFirstValue()).toLowerCase()),
  };
}

describe('appointment slots', () => {
  it("answers the assigned lawyer's slots with their Amsterdam offset, from the notice on", async () => {
    const { client, clientToken, lawyerToken } = await setup([
      ['wednesday', '10:00', '11:00'],
      ['tuesday', '09:00', '10:00'],
    ]);
    // Today (Tuesday) is inside the 24-hour notice; next Tuesday is not.
    expect(await slotsOf(client.caseId, clientToken, '?from=2026-12-01&days=7')).toEqual([
      { start: '2026-12-02T10:00:00+01:00', end: '2026-12-02T10:30:00+01:00' },
      { start: '2026-12-02T10:30:00+01:00', end: '2026-12-02T11:00:00+01:00' },
    ]);
    expect((await slotsOf(client.caseId, lawyerToken, '?from=2026-12-08&days=1')).map((s) => s.start)).toEqual([
      '2026-12-08T09:00:00+01:00',
      '2026-12-08T09:30:00+01:00',
    ]);
    // 14 days ahead at most: Tuesday 15 December 09:00 is the last slot (09:30 is past the horizon).
    expect((await slotsOf(client.caseId, clientToken)).map((s) => s.start).slice(-2)).toEqual([
      '2026-12-09T10:30:00+01:00',
      '2026-12-15T09:00:00+01:00',
    ]);
    expect(await slotsOf(client.caseId, clientToken)).toHaveLength(2 + 2 + 2 + 1);
  });

  it('refuses a malformed query with 422', async () => {
    const { client, clientToken } = await setup();
    expect(
      (await inject('GET', `/api/cases/${client.caseId}/appointment-slots?from=2026-13-01`, clientToken)).statusCode,
    ).toBe(422);
    expect((await inject('GET', `/api/cases/${client.caseId}/appointment-slots?days=0`, clientToken)).statusCode).toBe(
      422,
    );
    expect((await inject('GET', `/api/cases/${client.caseId}/appointment-slots?days=99`, clientToken)).statusCode).toBe(
      422,
    );
  });

  it("leaves out the lawyer's absences, managed under 'Mijn beschikbaarheid'", async () => {
    const { client, clientToken, lawyerToken } = await setup([['wednesday', '10:00', '10:30']]);
    expect(await slotsOf(client.caseId, clientToken)).toHaveLength(2);
    const created = await inject('POST', '/api/user/absences', lawyerToken, {
      from: '2026-12-02',
      until: '2026-12-02',
    });
    expect(created.statusCode).toBe(201);
    expect((await slotsOf(client.caseId, clientToken)).map((s) => s.start)).toEqual(['2026-12-09T10:00:00+01:00']);
    const list = await inject('GET', '/api/user/absences', lawyerToken);
    expect(list.json()).toEqual({ data: [{ id: created.json().data.id, from: '2026-12-02', until: '2026-12-02' }] });
    expect(
      (await inject('POST', '/api/user/absences', lawyerToken, { from: '2026-12-05', until: '2026-12-04' })).statusCode,
    ).toBe(422);
    expect(
      (await inject('POST', '/api/user/absences', clientToken, { from: '2026-12-05', until: '2026-12-06' })).statusCode,
    ).toBe(403);
    expect((await inject('DELETE', `/api/user/absences/${created.json().data.id}`, lawyerToken)).statusCode).toBe(204);
    expect(await slotsOf(client.caseId, clientToken)).toHaveLength(2);
  });

  it("offers the stand-in's slots while a stand-in covers the case, and names the stand-in", async () => {
    const { client, clientToken, lawyer } = await setup([['wednesday', '10:00', '10:30']]);
    const standIn = await lawyerWith([['thursday', '14:00', '14:30']]);
    await ctx.db.insert(caseStandIns).values({
      caseId: client.caseId,
      lawyerId: standIn.id,
      fromDate: '2026-12-01',
      untilDate: '2026-12-06',
      createdAt: NOW,
    });
    // Until Sunday the stand-in's Thursday; from Monday the assigned lawyer's Wednesday again.
    expect((await slotsOf(client.caseId, clientToken)).map((s) => s.start)).toEqual(
      ['2026-12-03T14:00:00+01:00', '2026-12-09T10:00:00+01:00', '2026-12-10T14:00:00+01:00'].filter(
        (s) => !s.startsWith('2026-12-10'),
      ),
    );
    const state = await inject('GET', `/api/cases/${client.caseId}/appointment`, clientToken);
    expect(state.json().lawyer).toMatchObject({ id: standIn.id, stand_in: true });
    const booked = await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-03T14:00:00+01:00',
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.lawyer).toMatchObject({ id: standIn.id, stand_in: true });

    // Moved to the assigned lawyer's day: the client and that lawyer get the new time; the stand-in's calendar drops
    // it.
    await ctx.outbox.drain();
    const since = ctx.smtp.messages.length;
    const moved = await inject('PATCH', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-09T10:00:00+01:00',
    });
    expect(moved.statusCode).toBe(200);
    await ctx.outbox.drain();
    const mails = ctx.smtp.messages.slice(since);
    const methods = mails.map((m) => [m.to[0], parseInvite(m.calendars[0]!).method]);
    expect(methods.sort()).toEqual(
      [
        [client.email, 'REQUEST'],
        [lawyer.email, 'REQUEST'],
        [standIn.email, 'CANCEL'],
      ].sort(),
    );
  });
});

describe('booking, rescheduling and cancelling', () => {
  it('books a slot: 201, the case columns, the audit, the timeline and an invite to both', async () => {
    const { client, lawyer, clientToken, lawyerToken } = await setup();
    const since = ctx.smtp.messages.length;
    const response = await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T09:30:00Z',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      start: '2026-12-02T10:30:00+01:00',
      end: '2026-12-02T11:00:00+01:00',
      mode: 'phone',
      video_url: null,
      can_change: true,
    });
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row!.appointmentStartTime?.toISOString()).toBe('2026-12-02T09:30:00.000Z');
    expect(row!.appointmentEndTime?.toISOString()).toBe('2026-12-02T10:00:00.000Z');
    // The slot is gone for everyone.
    expect((await slotsOf(client.caseId, clientToken)).map((s) => s.start)).not.toContain('2026-12-02T10:30:00+01:00');
    const timeline = await inject('GET', `/api/cases/${client.caseId}/timeline`, clientToken);
    expect(timeline.json().data.map((e: { kind: string }) => e.kind)).toContain('appointment.booked');

    await ctx.outbox.drain();
    const mails = ctx.smtp.messages.slice(since);
    const toClient = mails.find((m) => m.to.includes(client.email));
    const toLawyer = mails.find((m) => m.to.includes(lawyer.email));
    expect(toClient?.subject).toBe('Je eerste gesprek is gepland: woensdag 2 december om 10:30');
    expect(toLawyer?.text).toContain('woensdag 2 december om 10:30');
    for (const mail of [toClient!, toLawyer!]) {
      expect(mail.calendars).toHaveLength(1);
      const invite = parseInvite(mail.calendars[0]!);
      expect(invite).toMatchObject({
        method: 'REQUEST',
        sequence: 0,
        start: '2026-12-02T09:30:00.000Z',
        end: '2026-12-02T10:00:00.000Z',
        status: 'CONFIRMED',
      });
      expect(invite.uid).toBe(`${data.id}@localhost`);
      expect(invite.organizer.toLowerCase()).toBe(`mailto:${ctx.config.site.supportEmail}`);
      expect(invite.attendees).toEqual([`mailto:${client.email}`, `mailto:${lawyer.email}`]);
    }
    // The lawyer sees it on the case too.
    const lawyerView = await inject('GET', `/api/cases/${client.caseId}`, lawyerToken);
    expect(lawyerView.json().data.appointment_start_time).toBe('2026-12-02T09:30:00.000Z');
  });

  it('answers 409 for a time outside the slots, in the past, or already taken', async () => {
    const { client, clientToken, lawyer } = await setup();
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, { start: '2026-12-02T09:15:00Z' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, { start: '2026-11-25T09:00:00Z' }))
        .statusCode,
    ).toBe(409);
    const other = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
    expect(
      (
        await inject('POST', `/api/cases/${other.caseId}/appointment`, await tokenFor(ctx, other.id), {
          start: '2026-12-02T09:00:00Z',
        })
      ).statusCode,
    ).toBe(201);
    const taken = await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T09:00:00Z',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Deze tijd is niet (meer) beschikbaar. Kies een andere tijd.');
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, { start: 'morgen' })).statusCode,
    ).toBe(422);
  });

  it('lets exactly one of two clients booking the same slot at once win', async () => {
    const { client, lawyer, clientToken } = await setup();
    const other = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
    const otherToken = await tokenFor(ctx, other.id);
    const answers = await Promise.all([
      inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, { start: '2026-12-02T09:00:00Z' }),
      inject('POST', `/api/cases/${other.caseId}/appointment`, otherToken, { start: '2026-12-02T09:00:00Z' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const rows = await ctx.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.lawyerId, lawyer.id), eq(appointments.status, 'booked')));
    expect(rows).toHaveLength(1);
  });

  it('the database itself refuses a second booking of one slot', async () => {
    const { client, lawyer } = await setup();
    const other = await createTestClient(ctx, { status: 'incomplete-case-file', lawyerIds: [lawyer.id] });
    const values = {
      lawyerId: lawyer.id,
      startAt: new Date('2026-12-02T09:00:00Z'),
      endAt: new Date('2026-12-02T09:30:00Z'),
      createdAt: NOW,
      updatedAt: NOW,
    };
    await ctx.db.insert(appointments).values({ ...values, caseId: client.caseId });
    await expect(ctx.db.insert(appointments).values({ ...values, caseId: other.caseId })).rejects.toThrow();
  });

  it('reschedules with the same UID and a higher SEQUENCE, then cancels with METHOD:CANCEL', async () => {
    const { client, lawyer, clientToken } = await setup([
      ['wednesday', '10:00', '11:00'],
      ['thursday', '10:00', '11:00'],
    ]);
    const booked = await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T10:00:00+01:00',
    });
    const id = booked.json().data.id as string;
    await ctx.outbox.drain();
    let since = ctx.smtp.messages.length;
    const moved = await inject('PATCH', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-03T10:30:00+01:00',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ id, start: '2026-12-03T10:30:00+01:00' });
    // The old slot is free again.
    expect((await slotsOf(client.caseId, clientToken)).map((s) => s.start)).toContain('2026-12-02T10:00:00+01:00');
    await ctx.outbox.drain();
    let mails = ctx.smtp.messages.slice(since);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([client.email, lawyer.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('Je eerste gesprek is verzet naar donderdag 3 december om 10:30');
      expect(parseInvite(mail.calendars[0]!)).toMatchObject({
        method: 'REQUEST',
        uid: `${id}@localhost`,
        sequence: 1,
        start: '2026-12-03T09:30:00.000Z',
      });
    }
    since = ctx.smtp.messages.length;
    expect((await inject('DELETE', `/api/cases/${client.caseId}/appointment`, clientToken)).statusCode).toBe(204);
    const [row] = await ctx.db.select().from(cases).where(eq(cases.id, client.caseId));
    expect(row!.appointmentStartTime).toBeNull();
    await ctx.outbox.drain();
    mails = ctx.smtp.messages.slice(since);
    expect(mails).toHaveLength(2);
    for (const mail of mails)
      expect(parseInvite(mail.calendars[0]!)).toMatchObject({
        method: 'CANCEL',
        uid: `${id}@localhost`,
        sequence: 2,
        status: 'CANCELLED',
      });
    const actions = (
      await ctx.db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.caseId, client.caseId))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['appointment.booked', 'appointment.rescheduled', 'appointment.cancelled']),
    );
    // Cancelled: a new booking is possible.
    expect(
      (
        await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
          start: '2026-12-02T10:00:00+01:00',
        })
      ).statusCode,
    ).toBe(201);
  });

  it('lets the client change it only up to the notice before the start; the lawyer always', async () => {
    const { client, clientToken, lawyer } = await setup([['wednesday', '10:00', '11:00']]);
    await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T10:00:00+01:00',
    });
    ctx.clock.set(new Date('2026-12-01T09:30:00Z')); // 23.5 hours before
    const clientNow = await tokenFor(ctx, client.id);
    const lawyerNow = await tokenFor(ctx, lawyer.id);
    const late = await inject('DELETE', `/api/cases/${client.caseId}/appointment`, clientNow);
    expect(late.statusCode).toBe(409);
    expect((await inject('GET', `/api/cases/${client.caseId}/appointment`, clientNow)).json().data.can_change).toBe(
      false,
    );
    expect(
      (
        await inject('PATCH', `/api/cases/${client.caseId}/appointment`, clientNow, {
          start: '2026-12-09T10:00:00+01:00',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await inject('PATCH', `/api/cases/${client.caseId}/appointment`, lawyerNow, {
          start: '2026-12-09T10:00:00+01:00',
        })
      ).statusCode,
    ).toBe(200);
    expect((await inject('DELETE', `/api/cases/${client.caseId}/appointment`, lawyerNow)).statusCode).toBe(204);
  });

  it("refuses the wrong role and someone else's case", async () => {
    const { client, clientToken, lawyerToken } = await setup();
    const stranger = await setup();
    expect(
      (await inject('GET', `/api/cases/${client.caseId}/appointment-slots`, stranger.clientToken)).statusCode,
    ).toBe(404);
    expect(
      (await inject('GET', `/api/cases/${client.caseId}/appointment-slots`, stranger.lawyerToken)).statusCode,
    ).toBe(404);
    expect(
      (
        await inject('POST', `/api/cases/${client.caseId}/appointment`, stranger.clientToken, {
          start: '2026-12-02T09:00:00Z',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/api/cases/${client.caseId}/appointment`, lawyerToken, { start: '2026-12-02T09:00:00Z' }))
        .statusCode,
    ).toBe(404);
    expect((await inject('GET', '/api/appointments', clientToken)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/cases/${client.caseId}/appointment-slots` })).statusCode,
    ).toBe(401);
  });

  it("shows an admin only that a conversation is planned ('gepland'), never its time", async () => {
    const { client, clientToken } = await setup();
    await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T10:00:00+01:00',
    });
    const admin = await createTestAdmin(ctx);
    const adminToken = await tokenFor(ctx, admin.id);
    const list = await inject('GET', `/api/admin/cases?q=${encodeURIComponent(client.email)}`, adminToken);
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toMatchObject({ id: client.caseId, appointment_planned: true });
    expect(list.body).not.toContain('2026-12-02');
    const audit = await inject('GET', `/api/admin/audit?case=${client.caseId}`, adminToken);
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('appointment.booked');
    expect(audit.body).not.toContain('2026-12-02T');
    expect((await inject('GET', `/api/cases/${client.caseId}/appointment`, adminToken)).statusCode).toBe(404);
  });

  it("serves 'Zet in je agenda' as an .ics file a calendar reads", async () => {
    const { client, clientToken } = await setup();
    await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T10:00:00+01:00',
    });
    const response = await inject('GET', `/api/cases/${client.caseId}/appointment.ics`, clientToken);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    expect(response.headers['content-disposition']).toContain('attachment');
    expect(parseInvite(response.body)).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      start: '2026-12-02T09:00:00.000Z',
    });
  });

  it("shows the lawyer's upcoming appointments for the dashboard", async () => {
    const { client, clientToken, lawyerToken } = await setup();
    await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-02T10:00:00+01:00',
    });
    const upcoming = await inject('GET', '/api/appointments', lawyerToken);
    expect(upcoming.json().data).toEqual([
      expect.objectContaining({ case_id: client.caseId, start: '2026-12-02T10:00:00+01:00' }),
    ]);
  });
});

describe("'Bel mij terug'", () => {
  it('lands as a message and a lawyer task when there is no slot in 14 days, once', async () => {
    const { client, clientToken, lawyerToken } = await setup([]);
    expect(await slotsOf(client.caseId, clientToken)).toEqual([]);
    const asked = await inject('POST', `/api/cases/${client.caseId}/appointment/callback`, clientToken);
    expect(asked.statusCode).toBe(201);
    const thread = await ctx.db.select().from(messages).where(eq(messages.caseId, client.caseId));
    expect(thread).toHaveLength(1);
    expect(thread[0]!.text).toContain('Bel mij terug');
    expect((await inject('POST', `/api/cases/${client.caseId}/appointment/callback`, clientToken)).statusCode).toBe(
      200,
    );
    expect(await ctx.db.select().from(messages).where(eq(messages.caseId, client.caseId))).toHaveLength(1);
    expect((await inject('GET', '/api/appointments', lawyerToken)).json().callbacks).toEqual([
      expect.objectContaining({ case_id: client.caseId }),
    ]);
    expect((await inject('DELETE', `/api/cases/${client.caseId}/appointment/callback`, lawyerToken)).statusCode).toBe(
      204,
    );
    expect((await inject('GET', '/api/appointments', lawyerToken)).json().callbacks).toEqual([]);
  });

  it('is refused while there are slots', async () => {
    const { client, clientToken } = await setup();
    expect((await inject('POST', `/api/cases/${client.caseId}/appointment/callback`, clientToken)).statusCode).toBe(
      409,
    );
  });
});

describe('reminder', () => {
  it('mails both sides once, 24 hours before, without an invite', async () => {
    const { client, lawyer, clientToken } = await setup([['thursday', '10:00', '11:00']]);
    await inject('POST', `/api/cases/${client.caseId}/appointment`, clientToken, {
      start: '2026-12-10T10:00:00+01:00',
    });
    await ctx.outbox.drain();
    const since = ctx.smtp.messages.length;
    const mine = () =>
      ctx.smtp.messages.slice(since).filter((m) => m.to.includes(client.email) || m.to.includes(lawyer.email));
    const reminded = async () =>
      (await ctx.db.select().from(appointments).where(eq(appointments.caseId, client.caseId)))[0]!.reminderSentAt;
    await sendAppointmentReminders(ctx.db, new Date('2026-12-09T08:30:00Z'), undefined);
    expect(await reminded()).toBeNull();
    await sendAppointmentReminders(ctx.db, new Date('2026-12-09T09:30:00Z'), undefined);
    expect(await reminded()).not.toBeNull();
    await sendAppointmentReminders(ctx.db, new Date('2026-12-09T09:45:00Z'), undefined);
    ctx.clock.set(new Date('2026-12-09T09:45:00Z'));
    await ctx.outbox.drain();
    const reminders = mine();
    expect(reminders.map((m) => m.to[0]).sort()).toEqual([client.email, lawyer.email].sort());
    expect(reminders.find((m) => m.to.includes(client.email))!.subject).toBe(
      'Herinnering: morgen je eerste gesprek, donderdag 10 december om 10:00',
    );
    expect(reminders[0]!.calendars).toEqual([]);
  });
});
