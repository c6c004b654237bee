import ical, { ICalCalendarMethod } from 'ical-generator';
import type { Settlement } from '../../contract/settlement';
import type { Translate } from '../../contract/validation-messages';

/**
 * The case's key dates as an iCalendar file (RFC 5545) made with ical-generator: one all-day
 * VEVENT each for the reply deadline, the last day of the bedenktijd and the end of employment,
 * in Europe/Amsterdam. No 'last day to claim the transition payment': in a settlement the client
 * agrees to end the employment, so that line would be wrong advice. UIDs are derived from
 * the case (and the version for a reply deadline), so a calendar that imports the file again
 * updates its events instead of doubling them.
 */
export function keyDatesCalendar(input: {
  caseId: string;
  dates: Settlement['dates'];
  replyVersionId: string | null;
  t: Translate;
  now: Date;
}): string {
  const calendar = ical({
    name: input.t('settlement.calendar.name'),
    timezone: 'Europe/Amsterdam',
    method: ICalCalendarMethod.PUBLISH,
    prodId: { company: 'case-portal', product: 'key-dates', language: 'NL' },
  });
  const add = (key: string, date: string | null, uid: string) => {
    if (!date) return;
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    calendar.createEvent({
      id: `${uid}@case-portal`,
      start: new Date(Date.UTC(y, m - 1, d, 12)),
      allDay: true,
      summary: input.t(`settlement.calendar.${key}`),
      stamp: input.now,
    });
  };
  add('replyBy', input.dates.reply_by, `reply-by-${input.replyVersionId ?? input.caseId}`);
  add('coolingOffEnds', input.dates.cooling_off_ends_on, `cooling-off-${input.caseId}`);
  add('endDate', input.dates.end_date, `end-of-employment-${input.caseId}`);
  return calendar.toString();
}
