import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APPOINTMENT_ERRORS,
  AppointmentSlotsQuerySchema,
  BookAppointmentRequestSchema,
  CreateAbsenceRequestSchema,
  AppointmentSlotsResponseSchema,
  AppointmentStateResponseSchema,
  AppointmentResponseSchema,
  UpcomingAppointmentsResponseSchema,
  AbsenceListResponseSchema,
  AbsenceResponseSchema,
  CallbackRequestedResponseSchema,
} from '../../contract/appointments';
import { amsterdamDate, isChangeAllowed } from '../../contract/rules/appointment-slots';
import { getDisplayName } from '../../contract/rules/display-name';
import { requireUser } from '../auth/access';
import { isUuid, requireCaseAccess, type CaseAccess } from '../cases/access';
import { refuseClosedCase } from '../cases/lock';
import { AppError, forbidden, notFound } from '../infra/errors/errors';
import { contentDisposition } from '../infra/files/content';
import { translator } from '../infra/outbox/i18n';
import { mailSite } from '../infra/outbox/worker';
import {
  bookAppointment,
  cancelAppointment,
  clearCallback,
  getClient,
  getUserLanguage,
  moveAppointment,
  requestCallback,
} from './changes';
import { calendarFile } from './mail';
import { modeOf, videoUrl } from '../infra/lib/appointment-video';
import { appointmentLawyer, appointmentView, appointmentViewSettings, getAppointmentState } from './state';
import {
  caseCoverage,
  deleteAbsence,
  findBookedAppointment,
  insertAbsence,
  lawyerOn,
  listAbsences,
  listCaseSlots,
  listUpcoming,
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

  const viewSettings = appointmentViewSettings(config);
  const toView = (row: AppointmentRow, lawyer: BookingLawyer, standIn: boolean, access: CaseAccess, now: Date) =>
    appointmentView(row, lawyer, standIn, access, now, viewSettings);
  const lawyerOf = (row: AppointmentRow, now: Date) => appointmentLawyer(db, row, now);

  async function slotAt(caseId: string, start: Date, now: Date): Promise<CaseSlot> {
    const slots = await listCaseSlots(db, { caseId, now, settings });
    const slot = slots.find((s) => new Date(s.start).getTime() === start.getTime());
    if (!slot) throw conflict(APPOINTMENT_ERRORS.slotUnavailable);
    return slot;
  }

  app.get(
    '/api/cases/:id/appointment-slots',
    {
      schema: {
        response: { 200: AppointmentSlotsResponseSchema },
        params: IdParams,
        querystring: AppointmentSlotsQuerySchema,
      },
    },
    async (request) => {
      const { caseRow } = await requireCaseAccess(request, request.params.id);
      const slots = await listCaseSlots(db, { caseId: caseRow.id, now: clock.now(), settings, ...request.query });
      return { data: slots.map((s) => ({ start: s.start, end: s.end })) };
    },
  );

  app.get(
    '/api/cases/:id/appointment',
    { schema: { response: { 200: AppointmentStateResponseSchema }, params: IdParams } },
    async (request) => {
      const access = await requireCaseAccess(request, request.params.id);
      return getAppointmentState(db, access, clock.now(), viewSettings);
    },
  );

  app.post(
    '/api/cases/:id/appointment',
    { schema: { response: { 201: AppointmentResponseSchema }, params: IdParams, body: BookAppointmentRequestSchema } },
    async (request, reply) => {
      const access = await requireCaseAccess(request, request.params.id, ['client']);
      const { auth, caseRow } = access;
      refuseClosedCase(caseRow, 'appointment');
      const now = clock.now();
      if (await findBookedAppointment(db, caseRow.id)) throw conflict(APPOINTMENT_ERRORS.alreadyBooked);
      const slot = await slotAt(caseRow.id, new Date(request.body.start), now);
      const row = await bookAppointment(db, { caseRow, slot, actorId: auth.userId, now });
      return reply.status(201).send({ data: toView(row, slot.lawyer, slot.lawyer.standIn, access, now) });
    },
  );

  app.patch(
    '/api/cases/:id/appointment',
    { schema: { response: { 200: AppointmentResponseSchema }, params: IdParams, body: BookAppointmentRequestSchema } },
    async (request) => {
      const access = await requireCaseAccess(request, request.params.id);
      const { auth, caseRow } = access;
      // The input right after the access check: a bad body is 422 before any 409 about the appointment.
      const start = new Date(request.body.start);
      refuseClosedCase(caseRow, 'appointment');
      const now = clock.now();
      const current = await findBookedAppointment(db, caseRow.id);
      if (!current) throw conflict(APPOINTMENT_ERRORS.noAppointment);
      if (auth.role === 'client' && !isChangeAllowed(current.startAt, now, settings.noticeHours))
        throw conflict(APPOINTMENT_ERRORS.tooLate);
      const slot = await slotAt(caseRow.id, start, now);
      const row = await moveAppointment(db, { caseRow, current, slot, actorId: auth.userId, now });
      return { data: toView(row, slot.lawyer, slot.lawyer.standIn, access, now) };
    },
  );

  app.delete('/api/cases/:id/appointment', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const current = await findBookedAppointment(db, caseRow.id);
    if (!current) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    if (auth.role === 'client' && !isChangeAllowed(current.startAt, now, settings.noticeHours))
      throw conflict(APPOINTMENT_ERRORS.tooLate);
    await cancelAppointment(db, { caseRow, current, actorId: auth.userId, now });
    return reply.status(204).send();
  });

  /** 'Zet in je agenda': the booked appointment as an .ics file. */
  app.get('/api/cases/:id/appointment.ics', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id);
    const now = clock.now();
    const row = await findBookedAppointment(db, caseRow.id);
    if (!row) throw conflict(APPOINTMENT_ERRORS.noAppointment);
    const { lawyer } = await lawyerOf(row, now);
    const client = await getClient(db, caseRow.clientId);
    const language = await getUserLanguage(db, auth.userId);
    const clientName = client
      ? getDisplayName({ name: client.name, infix: client.infix, last_name: client.lastName })
      : '';
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
        attendees: [
          ...(client ? [{ name: clientName, email: client.email }] : []),
          { name: lawyer.fullName, email: lawyer.email },
        ],
      },
      'REQUEST',
      language ?? 'nl-NL',
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
  app.post(
    '/api/cases/:id/appointment/callback',
    {
      schema: {
        params: IdParams,
        response: { 200: CallbackRequestedResponseSchema, 201: CallbackRequestedResponseSchema },
      },
    },
    async (request, reply) => {
      const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['client']);
      const now = clock.now();
      const coverage = await caseCoverage(db, caseRow.id, amsterdamDate(now));
      if (!lawyerOn(coverage, amsterdamDate(now))) throw conflict(APPOINTMENT_ERRORS.noLawyer);
      if ((await listCaseSlots(db, { caseId: caseRow.id, now, settings })).length > 0)
        throw conflict(APPOINTMENT_ERRORS.slotsAvailable);
      const text = translator((await getUserLanguage(db, auth.userId)) ?? 'nl-NL')('mail.appointment.callbackMessage');
      const { created, requestedAt } = await requestCallback(db, {
        caseId: caseRow.id,
        clientId: auth.userId,
        text,
        now,
      });
      return reply.status(created ? 201 : 200).send({ data: { requested_at: requestedAt.toISOString() } });
    },
  );

  /** The lawyer called the client back: the task goes. */
  app.delete('/api/cases/:id/appointment/callback', { schema: { params: IdParams } }, async (request, reply) => {
    const { auth, caseRow } = await requireCaseAccess(request, request.params.id, ['lawyer']);
    const now = clock.now();
    await clearCallback(db, {
      caseId: caseRow.id,
      wasRequested: Boolean(caseRow.callbackRequestedAt),
      actorId: auth.userId,
      now,
    });
    return reply.status(204).send();
  });

  /** The lawyer's dashboard: upcoming first conversations and call-back requests. */
  app.get(
    '/api/appointments',
    { schema: { response: { 200: UpcomingAppointmentsResponseSchema } } },
    async (request) => {
      const auth = await requireUser(request);
      if (auth.role !== 'lawyer') throw forbidden();
      return listUpcoming(db, auth.userId, clock.now());
    },
  );

  app.get('/api/user/absences', { schema: { response: { 200: AbsenceListResponseSchema } } }, async (request) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    return { data: await listAbsences(db, auth.userId, amsterdamDate(clock.now())) };
  });

  app.post(
    '/api/user/absences',
    { schema: { response: { 201: AbsenceResponseSchema }, body: CreateAbsenceRequestSchema } },
    async (request, reply) => {
      const auth = await requireUser(request);
      if (auth.role !== 'lawyer') throw forbidden();
      const absence = await insertAbsence(db, {
        lawyerId: auth.userId,
        from: request.body.from,
        until: request.body.until,
        now: clock.now(),
      });
      return reply.status(201).send({ data: absence });
    },
  );

  app.delete('/api/user/absences/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const auth = await requireUser(request);
    if (auth.role !== 'lawyer') throw forbidden();
    if (!isUuid(request.params.id) || !(await deleteAbsence(db, auth.userId, request.params.id)))
      throw notFound(APPOINTMENT_ERRORS.absenceNotFound);
    return reply.status(204).send();
  });
};
