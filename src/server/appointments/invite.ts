import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';

/**
 * What a calendar invite needs, kept in the outbox row's payload (never case content): the
 * appointment's id as UID, its SEQUENCE, the times, who organises (the firm's mailbox) and who
 * attends (the client and the lawyer), and how the conversation happens.
 */
export type InviteData = {
  uid: string;
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: string;
  end: string;
  /** When this version of the appointment was made (DTSTAMP). */
  stamp: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  organizer: { name: string; email: string };
  attendees: { name: string; email: string }[];
};

/**
 * A name as an iCalendar parameter value (CN of the organizer and of each attendee). RFC 5545
 * (3.1, 3.2) allows no DQUOTE and no control character inside a parameter value, not even
 * escaped: ical-generator writes `\"`, which a calendar reads as the end of the value, so a
 * name such as `Jan" ;ROLE=CHAIR` would add parameters. A double quote becomes a single one,
 * control characters (line breaks) become spaces. Text values (SUMMARY, DESCRIPTION,
 * LOCATION) are escaped by ical-generator itself (`\;`, `\,`, `\\`, `\n`).
 */
export function calendarParameter(value: string): string {
  return (
    value
      .replace(/"/g, "'")
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001F\u007F]+/g, ' ')
      .trim()
  );
}

/**
 * One VCALENDAR with one VEVENT (RFC 5545), as an iTIP message (RFC 5546): METHOD:REQUEST for a
 * booking and a reschedule (same UID, higher SEQUENCE), METHOD:CANCEL with STATUS:CANCELLED for a
 * cancellation. Times are written in UTC, which every calendar reads without a VTIMEZONE.
 */
export function buildInvite(data: InviteData): string {
  const calendar = ical({
    prodId: { company: 'Ontslagportaal', product: 'Portaal', language: 'NL' },
    method: data.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: data.uid,
    sequence: data.sequence,
    start: new Date(data.start),
    end: new Date(data.end),
    stamp: new Date(data.stamp),
    summary: data.summary,
    description: data.description,
    location: data.location,
    url: data.url,
    status: data.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: calendarParameter(data.organizer.name), email: data.organizer.email },
    attendees: data.attendees.map((a) => ({
      name: calendarParameter(a.name),
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: false,
    })),
  });
  return calendar.toString();
}
