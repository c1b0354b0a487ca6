/**
 * A booking as an iCalendar file (RFC 5545) for "Add to calendar": one event for the drop-off and
 * one for the pick-up, in UTC so that every calendar places them right whatever its time zone.
 */
export interface CalendarEventInput {
  /** Stable across downloads, so that a second import updates rather than duplicates. */
  uid: string;
  start: Date;
  minutes: number;
  summary: string;
  description: string;
  location: string;
  url?: string;
}

export interface BookingCalendarInput {
  bookingCode: string;
  businessName: string;
  address: string;
  dropOff: Date;
  /** Null for an open-ended stay: no pick-up event. */
  pickUp: Date | null;
  lotName: string;
  manageUrl?: string;
  /** The domain of the event UIDs. */
  domain: string;
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Octets of one character in UTF-8. */
export function utf8Length(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets continue on the next line after CRLF and a space (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = [...char].reduce((sum, point) => sum + utf8Length(point), 0);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261201T060000Z */
export function icsDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function event(input: CalendarEventInput, stamp: Date): string[] {
  const end = new Date(input.start.getTime() + input.minutes * 60_000);
  return [
    'BEGIN:VEVENT',
    `UID:${input.uid}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `DTSTART:${icsDateTime(input.start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    ...(input.url ? [`URL:${input.url}`] : []),
    'END:VEVENT',
  ];
}

export function bookingCalendar(booking: BookingCalendarInput, now: Date): string {
  const code = booking.bookingCode;
  const details = (what: string) =>
    [
      `${what} at ${booking.businessName} (${booking.lotName} car park).`,
      `Booking code: ${code}`,
      booking.manageUrl ? `Manage your booking: ${booking.manageUrl}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  const events: CalendarEventInput[] = [
    {
      uid: `${code}-drop-off@${booking.domain}`,
      start: booking.dropOff,
      minutes: 30,
      summary: `Drop off car at ${booking.businessName} (${code})`,
      description: details('Drop off your car'),
      location: booking.address,
      url: booking.manageUrl,
    },
  ];
  if (booking.pickUp) {
    events.push({
      uid: `${code}-pick-up@${booking.domain}`,
      start: booking.pickUp,
      minutes: 30,
      summary: `Pick up car from ${booking.businessName} (${code})`,
      description: details('Pick up your car'),
      location: booking.address,
      url: booking.manageUrl,
    });
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(booking.businessName)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap((item) => event(item, now)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
