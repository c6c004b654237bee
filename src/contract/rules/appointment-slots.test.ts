import { describe, expect, it } from 'vitest';
import {
  amsterdamDate,
  computeAppointmentSlots,
  findSlot,
  formatAppointmentDay,
  formatAppointmentTime,
  groupSlotsByDay,
  isChangeAllowed,
  type SlotInput,
} from './appointment-slots';

const weekdays = (start: string, end: string) =>
  (['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({
    day,
    start_time: start,
    end_time: end,
  }));
const base = (over: Partial<SlotInput>): SlotInput => ({
  availability: [],
  absences: [],
  booked: [],
  now: new Date('2026-12-01T08:00:00Z'),
  noticeHours: 24,
  minutes: 30,
  ...over,
});
const starts = (input: SlotInput) => computeAppointmentSlots(input).map((s) => s.start);

describe('computeAppointmentSlots', () => {
  it('cuts the weekly hours into slots of the configured length, with the Amsterdam offset', () => {
    // Tuesday 1 December 2026, 09:00 in Amsterdam; Wednesday 2 December is the first day past the notice.
    const slots = computeAppointmentSlots(
      base({ availability: [{ day: 'wednesday', start_time: '10:00', end_time: '11:30' }], days: 7 }),
    );
    expect(slots).toEqual([
      { start: '2026-12-02T10:00:00+01:00', end: '2026-12-02T10:30:00+01:00' },
      { start: '2026-12-02T10:30:00+01:00', end: '2026-12-02T11:00:00+01:00' },
      { start: '2026-12-02T11:00:00+01:00', end: '2026-12-02T11:30:00+01:00' },
    ]);
    expect(
      starts(
        base({ availability: [{ day: 'wednesday', start_time: '10:00', end_time: '11:30' }], minutes: 45, days: 7 }),
      ),
    ).toEqual(['2026-12-02T10:00:00+01:00', '2026-12-02T10:45:00+01:00']);
  });

  it('keeps 09:00 at 09:00 across the change to summer time (last Sunday of March)', () => {
    // Friday 27 March 2026; the clocks go forward on Sunday 29 March at 02:00.
    const now = new Date('2026-03-26T08:00:00Z');
    const slots = starts(
      base({
        now,
        availability: [
          { day: 'saturday', start_time: '09:00', end_time: '09:30' },
          { day: 'sunday', start_time: '09:00', end_time: '09:30' },
          { day: 'monday', start_time: '09:00', end_time: '09:30' },
        ],
        days: 7,
      }),
    );
    expect(slots).toEqual(['2026-03-28T09:00:00+01:00', '2026-03-29T09:00:00+02:00', '2026-03-30T09:00:00+02:00']);
    expect(slots.map((s) => new Date(s).toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('offers no slot in the hour that does not exist on the last Sunday of March', () => {
    const now = new Date('2026-03-26T08:00:00Z');
    const slots = computeAppointmentSlots(
      base({ now, availability: [{ day: 'sunday', start_time: '01:00', end_time: '04:00' }], days: 7 }),
    );
    expect(slots.map((s) => s.start)).toEqual([
      '2026-03-29T01:00:00+01:00',
      '2026-03-29T01:30:00+01:00',
      '2026-03-29T03:00:00+02:00',
      '2026-03-29T03:30:00+02:00',
    ]);
    for (const slot of slots) expect(new Date(slot.end).getTime() - new Date(slot.start).getTime()).toBe(30 * 60_000);
  });

  it('keeps 09:00 at 09:00 across the change back to winter time (last Sunday of October)', () => {
    const now = new Date('2026-10-22T08:00:00Z');
    const slots = starts(
      base({
        now,
        availability: [
          { day: 'saturday', start_time: '09:00', end_time: '09:30' },
          { day: 'sunday', start_time: '09:00', end_time: '09:30' },
          { day: 'monday', start_time: '09:00', end_time: '09:30' },
        ],
        days: 7,
      }),
    );
    expect(slots).toEqual(['2026-10-24T09:00:00+02:00', '2026-10-25T09:00:00+01:00', '2026-10-26T09:00:00+01:00']);
    expect(slots.map((s) => new Date(s).toISOString())).toEqual([
      '2026-10-24T07:00:00.000Z',
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('gives slots that never overlap on the night the clocks go back', () => {
    const now = new Date('2026-10-22T08:00:00Z');
    const slots = computeAppointmentSlots(
      base({ now, availability: [{ day: 'sunday', start_time: '01:00', end_time: '04:00' }], days: 7 }),
    );
    expect(slots).toHaveLength(6);
    const times = slots
      .map((s) => [new Date(s.start).getTime(), new Date(s.end).getTime()] as const)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < times.length; i += 1) expect(times[i]![0]).toBeGreaterThanOrEqual(times[i - 1]![1]);
  });

  it('leaves out slots inside the notice window', () => {
    // Tuesday 1 December 09:00 local; 24 hours' notice: Wednesday 10:00 and later only.
    const now = new Date('2026-12-01T09:00:00Z');
    const availability = [{ day: 'wednesday' as const, start_time: '09:00', end_time: '11:00' }];
    expect(starts(base({ now, availability, days: 2 }))).toEqual([
      '2026-12-02T10:00:00+01:00',
      '2026-12-02T10:30:00+01:00',
    ]);
    expect(starts(base({ now, availability, days: 2, noticeHours: 0 }))).toHaveLength(4);
  });

  it('offers nothing beyond 14 days, whatever the query asks', () => {
    const now = new Date('2026-12-01T08:00:00Z');
    const slots = starts(base({ now, availability: weekdays('09:00', '09:30'), from: '2026-12-10', days: 60 }));
    expect(slots[0]).toBe('2026-12-10T09:00:00+01:00');
    expect(slots.at(-1)).toBe('2026-12-15T09:00:00+01:00');
    expect(starts(base({ now, availability: weekdays('09:00', '09:30'), from: '2026-12-16', days: 5 }))).toEqual([]);
  });

  it('starts at today when the query asks for a day in the past', () => {
    expect(starts(base({ availability: weekdays('09:00', '09:30'), from: '2020-01-01', days: 3 }))).toEqual([
      '2026-12-02T09:00:00+01:00',
      '2026-12-03T09:00:00+01:00',
    ]);
  });

  it('leaves out booked appointments, also one that only overlaps a slot', () => {
    const booked = [
      { start: new Date('2026-12-02T09:00:00Z'), end: new Date('2026-12-02T09:30:00Z') },
      { start: new Date('2026-12-02T10:15:00Z'), end: new Date('2026-12-02T10:45:00Z') },
    ];
    expect(
      starts(base({ availability: [{ day: 'wednesday', start_time: '09:00', end_time: '12:00' }], booked, days: 2 })),
    ).toEqual(['2026-12-02T09:00:00+01:00', '2026-12-02T09:30:00+01:00', '2026-12-02T10:30:00+01:00']);
  });

  it('leaves out the days of an absence, both ends included', () => {
    const slots = starts(
      base({
        availability: weekdays('09:00', '09:30'),
        absences: [{ from: '2026-12-03', until: '2026-12-07' }],
        days: 8,
      }),
    );
    expect(slots).toEqual(['2026-12-02T09:00:00+01:00', '2026-12-08T09:00:00+01:00']);
  });

  it('offers nothing without availability, and ignores half-filled or reversed days', () => {
    expect(starts(base({ days: 14 }))).toEqual([]);
    expect(
      starts(
        base({
          availability: [
            { day: 'wednesday', start_time: '09:00', end_time: null },
            { day: 'thursday', start_time: '12:00', end_time: '09:00' },
          ],
          days: 14,
        }),
      ),
    ).toEqual([]);
  });
});

describe('appointment helpers', () => {
  it('finds a slot by instant, whatever the ISO form', () => {
    const slots = computeAppointmentSlots(
      base({ availability: [{ day: 'wednesday', start_time: '10:00', end_time: '11:00' }], days: 2 }),
    );
    expect(findSlot(slots, new Date('2026-12-02T09:30:00Z'))?.start).toBe('2026-12-02T10:30:00+01:00');
    expect(findSlot(slots, new Date('2026-12-02T09:15:00Z'))).toBeNull();
  });

  it('groups slots per Amsterdam day, empty days included', () => {
    const slots = computeAppointmentSlots(
      base({ availability: [{ day: 'thursday', start_time: '00:00', end_time: '00:30' }], days: 3, noticeHours: 0 }),
    );
    const days = groupSlotsByDay(slots, '2026-12-02', 3);
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2026-12-02', 0],
      ['2026-12-03', 1],
      ['2026-12-04', 0],
    ]);
  });

  it('writes the time in Dutch and in English, in Amsterdam', () => {
    expect(formatAppointmentTime('2026-12-08T09:00:00Z', 'nl-NL')).toBe('dinsdag 8 december om 10:00');
    expect(formatAppointmentTime('2026-07-07T08:00:00Z', 'nl-NL')).toBe('dinsdag 7 juli om 10:00');
    expect(formatAppointmentTime('2026-12-08T09:00:00Z', 'en-US')).toBe('Tuesday 8 December at 10:00');
    expect(amsterdamDate(new Date('2026-12-07T23:30:00Z'))).toBe('2026-12-08');
    expect(formatAppointmentDay('2026-12-02', 'nl-NL')).toBe('woensdag 2 december');
    expect(formatAppointmentDay('2026-12-02', 'en-US')).toBe('Wednesday 2 December');
  });

  it('allows changes up to the notice before the start', () => {
    const start = new Date('2026-12-08T09:00:00Z');
    expect(isChangeAllowed(start, new Date('2026-12-07T09:00:00Z'), 24)).toBe(true);
    expect(isChangeAllowed(start, new Date('2026-12-07T09:00:01Z'), 24)).toBe(false);
  });
});
