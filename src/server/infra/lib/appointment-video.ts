import type { AppointmentMode } from '../../../contract/appointments';

/**
 * The video link of an appointment from the configured template (`{id}` becomes the appointment's id), or null by
 * phone.
 */
export function videoUrl(template: string | undefined, appointmentId: string): string | null {
  return template ? template.replaceAll('{id}', encodeURIComponent(appointmentId)) : null;
}

/** By video when a link template is configured, else by phone. */
export const modeOf = (template: string | undefined): AppointmentMode => (template ? 'video' : 'phone');
