import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingCalendar, escapeText, foldLine, icsDateTime, utf8Length } from './calendar';

const input = {
  bookingCode: 'K7M2QX9P',
  businessName: 'SkyPark Airport Parking',
  address: '12 Holyman Avenue, Cambridge TAS 7170',
  dropOff: new Date('2026-12-01T06:00:00+11:00'),
  pickUp: new Date('2026-12-08T18:30:00+11:00'),
  lotName: 'Outdoor',
  manageUrl: 'https://parking.example/manage-booking?code=K7M2QX9P',
  domain: 'parking.example',
};

/** Undoes line folding (RFC 5545 §3.1) and splits into content lines. */
const unfold = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').filter(Boolean);

describe('bookingCalendar', () => {
  const ics = bookingCalendar(input, new Date('2026-11-23T00:00:00Z'));
  const lines = unfold(ics);

  it('is one calendar with a drop-off and a pick-up event in UTC', () => {
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTART:20261130T190000Z');
    expect(lines).toContain('DTEND:20261130T193000Z');
    expect(lines).toContain('DTSTART:20261208T073000Z');
    expect(lines).toContain('UID:K7M2QX9P-drop-off@parking.example');
    expect(lines).toContain('DTSTAMP:20261123T000000Z');
  });

  it('escapes commas in text and ends every line with CRLF', () => {
    expect(lines).toContain('LOCATION:12 Holyman Avenue\\, Cambridge TAS 7170');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has no pick-up event for an open-ended stay', () => {
    const open = unfold(bookingCalendar({ ...input, pickUp: null }, new Date('2026-11-23T00:00:00Z')));
    expect(open.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1);
  });
});

describe('ics helpers', () => {
  it('formats instants as UTC date-times', () => {
    expect(icsDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('counts UTF-8 octets', () => {
    expect(['a', 'é', '€', '😀'].map(utf8Length)).toEqual([1, 2, 3, 4]);
  });

  it('escapes backslash, semicolon, comma and newline', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines to at most 75 octets and unfolds back to the same text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const line = `DESCRIPTION:${text.replace(/[\r\n]/g, '')}`;
        const folded = foldLine(line);
        for (const part of folded.split('\r\n'))
          expect([...part].reduce((sum, char) => sum + utf8Length(char), 0)).toBeLessThanOrEqual(75);
        expect(folded.replace(/\r\n /g, '')).toBe(line);
      }),
    );
  });
});
