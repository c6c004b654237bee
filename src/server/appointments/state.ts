import type { Appointment, AppointmentState } from '../../contract/appointments';
import { amsterdamDate, isChangeAllowed, toAmsterdamIso } from '../../contract/rules/appointment-slots';
import type { CaseAccess } from '../cases/access';
import type { Config } from '../infra/config/config';
import type { Db } from '../infra/db/client';
import { modeOf, videoUrl } from '../infra/lib/appointment-video';
import {
  caseCoverage,
  findBookedAppointment,
  findLawyer,
  lawyerOn,
  type AppointmentRow,
  type BookingLawyer,
} from './queries';

/** What the answers about a first conversation need from the configuration. */
export type AppointmentViewSettings = { noticeHours: number; videoTemplate: string | undefined };

export const appointmentViewSettings = (config: Config): AppointmentViewSettings => ({
  noticeHours: config.appointments.noticeHours,
  videoTemplate: config.appointments.videoUrlTemplate,
});

/** A booked first conversation as its reader sees it. */
export function appointmentView(
  row: AppointmentRow,
  lawyer: BookingLawyer,
  standIn: boolean,
  access: CaseAccess,
  now: Date,
  settings: AppointmentViewSettings,
): Appointment {
  return {
    id: row.id,
    case_id: row.caseId,
    start: toAmsterdamIso(row.startAt),
    end: toAmsterdamIso(row.endAt),
    lawyer: { id: lawyer.id, full_name: lawyer.fullName, stand_in: standIn },
    mode: modeOf(settings.videoTemplate),
    video_url: videoUrl(settings.videoTemplate, row.id),
    can_change: access.auth.role === 'lawyer' || isChangeAllowed(row.startAt, now, settings.noticeHours),
  };
}

/** The appointment's lawyer, marked stand-in when a stand-in covers its day. */
export async function appointmentLawyer(
  db: Db,
  row: AppointmentRow,
  now: Date,
): Promise<{ lawyer: BookingLawyer; standIn: boolean }> {
  const coverage = await caseCoverage(db, row.caseId, amsterdamDate(now));
  const standIn = coverage.standIns.some(
    (s) =>
      s.lawyer.id === row.lawyerId && s.from <= amsterdamDate(row.startAt) && amsterdamDate(row.startAt) <= s.until,
  );
  const lawyer = (await findLawyer(db, row.lawyerId)) ?? { id: row.lawyerId, fullName: '', email: '', standIn };
  return { lawyer: { ...lawyer, standIn }, standIn };
}

/**
 * The answer of GET /api/cases/{id}/appointment: the booked first conversation, who it is with now, and a pending
 * call-back request.
 */
export async function getAppointmentState(
  db: Db,
  access: CaseAccess,
  now: Date,
  settings: AppointmentViewSettings,
): Promise<AppointmentState> {
  const row = await findBookedAppointment(db, access.caseRow.id);
  const coverage = await caseCoverage(db, access.caseRow.id, amsterdamDate(now));
  const current = lawyerOn(coverage, amsterdamDate(now));
  let data: Appointment | null = null;
  if (row) {
    const { lawyer, standIn } = await appointmentLawyer(db, row, now);
    data = appointmentView(row, lawyer, standIn, access, now, settings);
  }
  return {
    data,
    lawyer: current ? { id: current.id, full_name: current.fullName, stand_in: current.standIn } : null,
    mode: modeOf(settings.videoTemplate),
    notice_hours: settings.noticeHours,
    callback_requested_at: access.caseRow.callbackRequestedAt?.toISOString() ?? null,
  };
}
