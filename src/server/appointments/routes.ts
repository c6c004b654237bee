import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  APPOINTMENT_ERRORS,
  AppointmentSlotsQuerySchema,
  BookAppointmentRequestSchema,
  CreateAbsenceRequestSchema,
  type Appointment,
} from '../../contract/appointments';
import { amsterdamDate, isChangeAllowed, toAmsterdamIso } from '../../contract/rules/appointment-slots';
import { getDisplayName } from '../../contract/rules/display-name';
import { requireUser } from '../auth/access';
import { emit } from '../domain-events';
import { isUuid, requireCaseAccess, type CaseAccess } from '../cases/access';
import { appointments, cases, users } from '../db/schema';
import { AppError, forbidden, notFound } from '../errors/errors';
import { contentDisposition } from '../files/content';
import { insertMessage } from '../messages/queries';
import { translator } from '../outbox/i18n';
import { mailSite } from '../outbox/worker';
import { queueAppointmentMails } from './notify';
import { calendarFile } from './mail';
import { modeOf, videoUrl } from './invite';
import {
  caseCoverage,
  deleteAbsence,
  findBookedAppointment,
  findLawyer,
  insertAbsence,
  isUniqueViolation,
  lawyerOn,
  listAbsences,
  listCaseSlots,
  listUpcoming,
  setCaseAppointment,
  type AppointmentRow,
  type BookingLawyer,
  type CaseSlot,
} from './queries';

const IdParams = z.object({ id: z.string().max(64) });
const conflict = (message: string) => new AppError('conflict', message);

export const appointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.deps;
  const settings = { minutes: config.appointments.minutes, noticeHours: config.appointments.noticeHours };
  const videoTemplate = config.appointments.videoUrlTemplate;
  const site = mailSite(config);

  function toView(row: AppointmentRow, lawyer: BookingLawyer, standIn: boolean, access: CaseAccess, now: Date): Appointment {
    return {
      id: row.id,
      case_id: row.caseId,
      start: toAmsterdamIso(row.startAt),
      end: toAmsterdamIso(row.endAt),
      lawyer: { id: lawyer.id, full_name: lawyer.fullName, stand_in: standIn },
      mode: modeOf(videoTemplate),
      video_url: videoUrl(videoTemplate, row.id),
      can_change: access.auth.role === 'lawyer' || isChangeAllowed(row.startAt, now, settings.noticeHours),
    };
  }

  /** The appointment's lawyer, marked stand-in when a stand-in covers its day. */
  async function lawyerOf(row: AppointmentRow, now: Date): Promise<{ lawyer: BookingLawyer; standIn: boolean }> {
    const coverage = await caseCoverage(db, row.caseId, amsterdamDate(now));
    const standIn = coverage.standIns.some((s) => s.lawyer.id === row.lawyerId && s.from <= amsterdamDate(row.startAt) && amsterdamDate(row.startAt) <= s.until);
    const lawyer = (await findLawyer(db, row.lawyerId)) ?? { id: row.lawyerId, fullName: '', email: '', standIn };
    return { lawyer: { ...lawyer, standIn }, standIn };
  }

  async function slotAt(caseId: string, start: Date, now: Date): Promise<CaseSlot> {
    const slots = await listCaseSlots(db, { caseId, now, settings });
    const slot = slots.find((s) => new Date(s.start).getTime() === start.getTime());
    if (!slot) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
    return slot;
  }

  /** A refused insert or move: the unique index on (lawyer, start) means the slot was just taken. */
  function refusal(error: unknown): never {
    if (isUniqueViolation(error, 'appointments_lawyer_start_key')) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
    if (isUniqueViolation(error, 'appointments_case_booked_key')) throw conflict(APPOINTMENT_ERRORS.alreadyBooked);
    throw error;
  }

  app.get('/api/cases/:id/appointment-slots', { schema: { params: IdParams, querystring: AppointmentSlotsQuerySchema } }, async (request) => {
    const { caseRow } = await requireCaseAccess(request, request.params.id);
    const slots = await listCaseSlots(db, { caseId: caseRow.id, now: clock.now(), settings, ...request.query });
    return { data: slots.map((s) => ({ start: s.start, end: s.end })) };
  });

  app.get('/api/cases/:id/appointment', { schema: { params: IdParams } }, async (request) => {
    const access = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const row = await findBookedAppointment(db, access.caseRow.id);
    const coverage = await caseCoverage(db, access.caseRow.id, amsterdamDate(now));
    const current = lawyerOn(coverage, amsterdamDate(now));
    let data: Appointment | null = null;
    if (row) {
      const { lawyer, standIn } = await lawyerOf(row, now);
      data = toView(row, lawyer, standIn, access, now);
    }
    return {
      data,
      lawyer: current ? { id: current.id, full_name: current.fullName, stand_in: current.standIn } : null,
      mode: modeOf(videoTemplate),
      notice_hours: settings.noticeHours,
      callback_requested_at: access.caseRow.callbackRequestedAt?.toISOString() ?? null,
    };
  });

  app.post('/api/cases/:id/appointment', { schema: { params: IdParams, body: BookAppointmentRequestSchema } }, async (request, reply) => {
    const access = await requireCaseAccess(request, request.params.id, ['client']);
    const { auth, caseRow } = access;
    const now = clock.now();
    if (await findBookedAppointment(db, caseRow.id)) throw conflict(APPOINTMENT_ERRORS.alreadyBooked);
    const slot = await slotAt(caseRow.id, new Date(request.body.start), now);
    const row = await db
      .transaction(async (tx) => {
        const [inserted] = await tx
          .insert(appointments)
          .values({ caseId: caseRow.id, lawyerId: slot.lawyer.id, startAt: new Date(slot.start), endAt: new Date(slot.end), bookedBy: auth.userId, createdAt: now, updatedAt: now })
          .returning();
        if (!inserted) throw new Error('Appointment not created');
        await setCaseAppointment(tx, caseRow.id, { startAt: inserted.startAt, endAt: inserted.endAt }, now);
        await emit(tx, { actorId: auth.userId, action: 'appointment.booked', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: { appointment_id: inserted.id, lawyer_id: slot.lawyer.id }, at: now });
        await queueAppointmentMails(tx, 'appointment_booked', { row: inserted, caseRow, lawyer: slot.lawyer, videoTemplate, now });
        return inserted;
      })
      .catch(refusal);
    return reply.status(201).send({ data: toView(row, slot.lawyer, slot.lawyer.standIn, access, now) });
  });

  app.patch('/api/cases/:id/appointment', { schema: { params: IdParams, body: BookAppointmentRequestSchema } }, async (request) => {
    const access = await requireCaseAccess(request, request.params.id);
    const { auth, caseRow } = access;
    // The input right after the access check: a bad body is 422 before any 409 about the appointment.
    const start = new Date(request.body.start);
    const now = clock.now();
    const current = await findBookedAppointment(db, caseRow.id);
    if (!current) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    if (auth.role === 'client' && !isChangeAllowed(current.startAt, now, settings.noticeHours)) throw conflict(APPOINTMENT_ERRORS.tooLate);
    const slot = await slotAt(caseRow.id, start, now);
    const previousLawyer = current.lawyerId !== slot.lawyer.id ? await findLawyer(db, current.lawyerId) : null;
    const row = await db
      .transaction(async (tx) => {
        const [moved] = await tx
          .update(appointments)
          .set({ lawyerId: slot.lawyer.id, startAt: new Date(slot.start), endAt: new Date(slot.end), sequence: current.sequence + 1, reminderSentAt: null, updatedAt: now })
          .where(and(eq(appointments.id, current.id), eq(appointments.status, 'booked'), eq(appointments.sequence, current.sequence)))
          .returning();
        // Moved or cancelled by someone else meanwhile.
        if (!moved) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
        await setCaseAppointment(tx, caseRow.id, { startAt: moved.startAt, endAt: moved.endAt }, now);
        await emit(tx, { actorId: auth.userId, action: 'appointment.rescheduled', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: { appointment_id: moved.id, lawyer_id: slot.lawyer.id }, at: now });
        await queueAppointmentMails(tx, 'appointment_moved', { row: moved, caseRow, lawyer: slot.lawyer, videoTemplate, now });
        // The day now falls to another lawyer (a stand-in's period): the first one's calendar drops it.
        if (previousLawyer) await queueAppointmentMails(tx, 'appointment_cancelled', { row: moved, caseRow, lawyer: previousLawyer, videoTemplate, now, only: 'lawyer' });
        return moved;
      })
      .catch(refusal);
    return { data: toView(row, slot.lawyer, slot.lawyer.standIn, access, now) };
  });

  app.delete('/api/cases/:id/appointment', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const current = await findBookedAppointment(db, caseRow.id);
    if (!current) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    if (auth.role === 'client' && !isChangeAllowed(current.startAt, now, settings.noticeHours)) throw conflict(APPOINTMENT_ERRORS.tooLate);
    const lawyer = (await findLawyer(db, current.lawyerId)) ?? null;
    await db.transaction(async (tx) => {
      const [cancelled] = await tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledAt: now, sequence: current.sequence + 1, updatedAt: now })
        .where(and(eq(appointments.id, current.id), eq(appointments.status, 'booked')))
        .returning();
      if (!cancelled) throw conflict(APPOINTMENT_ERRORS.noAppointment);
      await setCaseAppointment(tx, caseRow.id, null, now);
      await emit(tx, { actorId: auth.userId, action: 'appointment.cancelled', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: { appointment_id: cancelled.id, lawyer_id: cancelled.lawyerId }, at: now });
      if (lawyer) await queueAppointmentMails(tx, 'appointment_cancelled', { row: cancelled, caseRow, lawyer, videoTemplate, now });
    });
    return reply.status(204).send();
  });

  /** 'Zet in je agenda': the booked appointment as an .ics file. */
  app.get('/api/cases/:id/appointment.ics', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const row = await findBookedAppointment(db, caseRow.id);
    if (!row) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    const { lawyer } = await lawyerOf(row, now);
    const [client] = await db.select().from(users).where(eq(users.id, caseRow.clientId));
    const [me] = await db.select({ language: users.language }).from(users).where(eq(users.id, auth.userId));
    const clientName = client ? getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName }) : '';
    const content = calendarFile(
      {
        appointment_id: row.id,
        case_id: row.caseId,
        sequence: row.sequence,
        start: row.startAt.toISOString(),
        end: row.endAt.toISOString(),
        stamp: row.updatedAt.toISOString(),
        lawyer_name: lawyer.fullName,
        mode: modeOf(videoTemplate),
        video_url: videoUrl(videoTemplate, row.id),
        attendees: [...(client ? [{ name: clientName, email: client.email }] : []), { name: lawyer.fullName, email: lawyer.email }],
      },
      'REQUEST',
      me?.language ?? 'nl-NL',
      site,
    );
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8; method=REQUEST')
      .header('Content-Disposition', contentDisposition('attachment', 'eerste-gesprek.ics'))
      .send(content);
  });

  /**
   * 'Bel mij terug': no slot in the next 14 days, so the client asks to be called. It lands as a
   * message from the client in the case's conversation and as a task on the lawyer's dashboard.
   */
  app.post('/api/cases/:id/appointment/callback', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
    const now = clock.now();
    const coverage = await caseCoverage(db, caseRow.id, amsterdamDate(now));
    if (!lawyerOn(coverage, amsterdamDate(now))) throw conflict(APPOINTMENT_ERRORS.noLawyer);
    if ((await listCaseSlots(db, { caseId: caseRow.id, now, settings })).length > 0) throw conflict(APPOINTMENT_ERRORS.slotsAvailable);
    const [me] = await db.select({ language: users.language }).from(users).where(eq(users.id, auth.userId));
    const text = translator(me?.language ?? 'nl-NL')('mail.appointment.callbackMessage');
    const result = await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(cases)
        .set({ callbackRequestedAt: now, lastUpdateAt: now })
        .where(and(eq(cases.id, caseRow.id), isNull(cases.callbackRequestedAt)))
        .returning({ at: cases.callbackRequestedAt });
      // Asked before and not dealt with yet: nothing new.
      if (!marked) return null;
      const message = await insertMessage(tx, { caseId: caseRow.id, authorId: auth.userId, authorRole: 'client', text, documentId: null, now });
      await emit(tx, { actorId: auth.userId, action: 'message.sent', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: { message_id: message.id, attachment: false }, at: now });
      await emit(tx, { actorId: auth.userId, action: 'appointment.callback_requested', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: {}, at: now });
      return message.id;
    });
    const [after] = await db.select({ at: cases.callbackRequestedAt }).from(cases).where(eq(cases.id, caseRow.id));
    return reply.status(result ? 201 : 200).send({ data: { requested_at: (after?.at ?? now).toISOString() } });
  });

  /** The lawyer called the client back: the task goes. */
  app.delete('/api/cases/:id/appointment/callback', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
    const now = clock.now();
    await db.transaction(async (tx) => {
      const cleared = await tx.update(cases).set({ callbackRequestedAt: null, lastUpdateAt: now }).where(and(eq(cases.id, caseRow.id))).returning({ id: cases.id });
      if (cleared.length && caseRow.callbackRequestedAt) {
        await emit(tx, { actorId: auth.userId, action: 'appointment.callback_done', subjectType: 'case', subjectId: caseRow.id, caseId: caseRow.id, data: {}, at: now });
      }
    });
    return reply.status(204).send();
  });

  /** The lawyer's dashboard: upcoming first conversations and call-back requests. */
  app.get('/api/appointments', async (request) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    return listUpcoming(db, auth.userId, clock.now());
  });

  app.get('/api/user/absences', async (request) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    return { data: await listAbsences(db, auth.userId, amsterdamDate(clock.now())) };
  });

  app.post('/api/user/absences', { schema: { body: CreateAbsenceRequestSchema } }, async (request, reply) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    const absence = await insertAbsence(db, { lawyerId: auth.userId, from: request.body.from, until: request.body.until, now: clock.now() });
    return reply.status(201).send({ data: absence });
  });

  app.delete('/api/user/absences/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    if (!isUuid(request.params.id) || !(await deleteAbsence(db, auth.userId, request.params.id))) throw notFound(APPOINTMENT_ERRORS.absenceNotFound);
    return reply.status(204).send();
  });
};
