import { formatAppointmentTime } from '../../contract/rules/appointment-slots';
import type { AppointmentMailPayload, MailKind } from '../infra/outbox/kinds';
import { translator } from '../infra/outbox/i18n';
import type { MailSite } from '../infra/outbox/templates';
import type { MailExtras } from '../infra/outbox/worker';
import { buildInvite } from './invite';

const INVITE_KINDS = new Set<MailKind>(['appointment_booked', 'appointment_moved', 'appointment_cancelled']);

export type MailInvite = { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };

/** The invitation as the outbox worker's extra for these mails (src/server/mail-extras.ts). */
export const appointmentInviteExtras: MailExtras = async ({ kind, payload, language, site }) => {
  const icalEvent = inviteForMail(kind, payload, language, site);
  return icalEvent ? { icalEvent } : null;
};

/**
 * The calendar invite a mail of the first conversation carries (booked, moved, cancelled), in the reader's language;
 * null for other mails.
 */
export function inviteForMail(
  kind: string,
  payload: Record<string, unknown>,
  language: string,
  site: MailSite,
): MailInvite | null {
  if (!INVITE_KINDS.has(kind as MailKind)) return null;
  const p = payload as unknown as AppointmentMailPayload;
  const method = kind === 'appointment_cancelled' ? 'CANCEL' : 'REQUEST';
  return { method, filename: 'uitnodiging.ics', content: calendarFile(p, method, language, site) };
}

/** The .ics of an appointment: for the invite mails and the 'Zet in je agenda' download. */
export function calendarFile(
  p: Omit<AppointmentMailPayload, 'for_lawyer' | 'client_name'> & { for_lawyer?: boolean; client_name?: string },
  method: 'REQUEST' | 'CANCEL',
  language: string,
  site: MailSite,
): string {
  const t = translator(language);
  const when = formatAppointmentTime(p.start, t('mail.appointment.locale'));
  const how =
    p.mode === 'video' && p.video_url
      ? t('mail.appointment.video', { url: p.video_url })
      : t('mail.appointment.phoneInvite');
  const summary = t('mail.appointment.summary', { product: site.productName, lawyer: p.lawyer_name });
  return buildInvite({
    uid: `${p.appointment_id}@${new URL(site.publicUrl).hostname}`,
    sequence: p.sequence,
    method,
    start: p.start,
    end: p.end,
    stamp: p.stamp,
    summary,
    description: `${summary}, ${when}. ${how}`,
    location: p.mode === 'video' && p.video_url ? p.video_url : t('mail.appointment.byPhone'),
    url: p.video_url,
    organizer: { name: site.productName, email: site.supportEmail },
    attendees: p.attendees,
  });
}
