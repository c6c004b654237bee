import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildInvite, calendarParameter, type InviteData } from './invite';

const invite = (attendees: InviteData['attendees'], text = 'Gesprek'): InviteData => ({
  uid: 'a1@portaal.example',
  sequence: 2,
  method: 'REQUEST',
  start: '2026-12-08T09:00:00.000Z',
  end: '2026-12-08T09:30:00.000Z',
  stamp: '2026-12-06T10:00:00.000Z',
  summary: text,
  description: text,
  location: text,
  url: null,
  organizer: { name: 'Kantoor "De Zaak"', email: 'info@kantoor.example' },
  attendees,
});

/** The VEVENT as a calendar program reads it (ical.js, the parser of Thunderbird and others). */
const parse = (ics: string) => new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;

describe('calendar invites escape their values (RFC 5545)', () => {
  it('keeps a name with a double quote one CN parameter: no role, no extra parameter slips in', () => {
    const ics = buildInvite(
      invite([
        { name: 'Evil" ;ROLE=CHAIR;X-EVIL="yes', email: 'evil@example.com' },
        { name: 'Jan; de, Vries: "Jr."\r\nSUMMARY:nep', email: 'jan@example.com' },
      ]),
    );
    const attendees = parse(ics).getAllProperties('attendee');
    expect(attendees).toHaveLength(2);
    const [evil, jan] = attendees;
    expect(evil!.getParameter('cn')).toBe("Evil' ;ROLE=CHAIR;X-EVIL='yes");
    expect(evil!.getParameter('role')).toBe('REQ-PARTICIPANT');
    expect(evil!.getParameter('x-evil')).toBeUndefined();
    expect(String(evil!.getFirstValue()).toLowerCase()).toBe('mailto:evil@example.com');
    expect(jan!.getParameter('cn')).toBe("Jan; de, Vries: 'Jr.' SUMMARY:nep");
    // Every line of the file is a property of its own: no name opens a line.
    expect(ics.split('\r\n').filter((line) => line.startsWith('SUMMARY'))).toHaveLength(1);
    const organizer = parse(ics).getFirstProperty('organizer')!;
    expect(organizer.getParameter('cn')).toBe("Kantoor 'De Zaak'");
  });

  it('escapes ; , \\ and line breaks in text values, and reads them back as written', () => {
    const text = 'Gesprek; met jurist, over "VSO" \\ 2026\nTweede regel';
    const event = parse(buildInvite(invite([{ name: 'Łukasz Wójcik', email: 'l@example.com' }], text)));
    for (const name of ['summary', 'description', 'location']) expect(event.getFirstPropertyValue(name)).toBe(text);
    expect(event.getFirstProperty('attendee')!.getParameter('cn')).toBe('Łukasz Wójcik');
  });

  it('turns quotes and control characters of a name into harmless ones', () => {
    expect(calendarParameter('a"b\u0000c\td')).toBe("a'b c d");
  });
});
