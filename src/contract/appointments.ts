import { z } from 'zod';
import { CalendarDateSchema } from './calendar-date';
import { text } from './text';
import { validationKey } from './validation-messages';
import { APPOINTMENT_HORIZON_DAYS } from './rules/appointment-slots';

/** GET /api/cases/{id}/appointment-slots?from=YYYY-MM-DD&days=N (N 1–15, default the whole horizon). */
export const AppointmentSlotsQuerySchema = z
  .object({
    from: CalendarDateSchema.optional(),
    days: z.coerce
      .number()
      .int()
      .min(1)
      .max(APPOINTMENT_HORIZON_DAYS + 1)
      .optional(),
  })
  .strict();

export const AppointmentSlotSchema = z.object({ start: z.string(), end: z.string() });
export type AppointmentSlotView = z.infer<typeof AppointmentSlotSchema>;
export const AppointmentSlotsResponseSchema = z.object({ data: z.array(AppointmentSlotSchema) });

/** POST and PATCH /api/cases/{id}/appointment: the start of a slot, ISO 8601 with an offset. */
export const BookAppointmentRequestSchema = z
  .object({ start: text().datetime({ offset: true, message: validationKey('appointmentStart') }) })
  .strict();
export type BookAppointmentRequest = z.infer<typeof BookAppointmentRequestSchema>;

/** How the conversation happens, configured by the firm. */
export const AppointmentModeSchema = z.enum(['phone', 'video']);
export type AppointmentMode = z.infer<typeof AppointmentModeSchema>;

export const AppointmentLawyerSchema = z.object({
  id: z.string().uuid(),
  full_name: z.string(),
  stand_in: z.boolean(),
});

export const AppointmentSchema = z.object({
  id: z.string().uuid(),
  case_id: z.string().uuid(),
  start: z.string(),
  end: z.string(),
  lawyer: AppointmentLawyerSchema,
  mode: AppointmentModeSchema,
  video_url: z.string().nullable(),
  /** The signed-in user may still move or cancel it (a client up to the notice before the start; a lawyer always). */
  can_change: z.boolean(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

/**
 * GET /api/cases/{id}/appointment: the booked first conversation (or null), who the slots are
 * with now (the stand-in while one covers the case; null without a lawyer), the notice and
 * whether the client asked to be called back.
 */
export const AppointmentStateResponseSchema = z.object({
  data: AppointmentSchema.nullable(),
  lawyer: AppointmentLawyerSchema.nullable(),
  mode: AppointmentModeSchema,
  notice_hours: z.number().int(),
  callback_requested_at: z.string().nullable(),
});
export type AppointmentState = z.infer<typeof AppointmentStateResponseSchema>;
export const AppointmentResponseSchema = z.object({ data: AppointmentSchema });

/** GET /api/appointments: the lawyer's upcoming first conversations and open call-back requests (dashboard). */
export const UpcomingAppointmentSchema = z.object({
  id: z.string().uuid(),
  case_id: z.string().uuid(),
  client_name: z.string(),
  start: z.string(),
  end: z.string(),
});
export const CallbackRequestSchema = z.object({
  case_id: z.string().uuid(),
  client_name: z.string(),
  requested_at: z.string(),
});
/**
 * 201 of POST /api/cases/{id}/appointment/callback ('Bel mij terug'), 200 when the client had already asked:
 * when the request was made.
 */
export const CallbackRequestedResponseSchema = z.object({ data: z.object({ requested_at: z.string() }) });
export const UpcomingAppointmentsResponseSchema = z.object({
  data: z.array(UpcomingAppointmentSchema),
  callbacks: z.array(CallbackRequestSchema),
});
export type UpcomingAppointments = z.infer<typeof UpcomingAppointmentsResponseSchema>;

/** A lawyer's absence in 'Mijn beschikbaarheid': 'Afwezig van … tot en met …' (both inclusive). */
export const AbsenceSchema = z.object({ id: z.string().uuid(), from: z.string(), until: z.string() });
export type Absence = z.infer<typeof AbsenceSchema>;
export const AbsenceListResponseSchema = z.object({ data: z.array(AbsenceSchema) });
export const AbsenceResponseSchema = z.object({ data: AbsenceSchema });
export const CreateAbsenceRequestSchema = z
  .object({ from: CalendarDateSchema, until: CalendarDateSchema })
  .strict()
  .refine((value) => value.until >= value.from, { message: validationKey('absenceEndBeforeStart'), path: ['until'] });
export type CreateAbsenceRequest = z.infer<typeof CreateAbsenceRequestSchema>;

/** Server messages (translation keys) of the booking. */
export const APPOINTMENT_ERRORS = {
  slotUnavailable: 'errors.appointments.slotUnavailable',
  alreadyBooked: 'errors.appointments.alreadyBooked',
  noAppointment: 'errors.appointments.none',
  tooLate: 'errors.appointments.tooLate',
  noLawyer: 'errors.appointments.noLawyer',
  slotsAvailable: 'errors.appointments.slotsAvailable',
  absenceNotFound: 'errors.appointments.absenceNotFound',
  tooManyMoves: 'errors.appointments.tooManyMoves',
} as const;

/** Moves of a case's appointment per Amsterdam day (each sends both sides a calendar update); a further one is 429. */
export const MAX_APPOINTMENT_MOVES_PER_DAY = 3;
