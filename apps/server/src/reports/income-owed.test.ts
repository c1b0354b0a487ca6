/**
 * The income owed report dates each pick-up once per business day (pickUpDates): each date must be the one
 * Intl gives that instant in the business's time zone, across daylight saving changes and in zones whose
 * midnight is not on the UTC hour, whatever order the instants come in.
 */
import { describe, expect, it } from 'vitest';
import { invoiceDate } from '../documents/invoice-data';
import { pickUpDates } from './income-owed';

const MINUTE = 60_000;

/** Every 7 minutes over three days around each instant (the step walks through every quarter hour). */
function around(...instants: string[]): Date[] {
  return instants.flatMap((instant) => {
    const middle = new Date(instant).getTime();
    return Array.from(
      { length: (3 * 24 * 60) / 7 },
      (_, step) => new Date(middle - 36 * 60 * MINUTE + step * 7 * MINUTE),
    );
  });
}

describe('pickUpDates', () => {
  const zones: Array<[string, string[]]> = [
    // Daylight saving ends and starts (2026-04-05, 2026-10-04), and a plain day.
    [
      'Australia/Hobart',
      ['2026-04-05T03:00:00+11:00', '2026-10-04T02:00:00+10:00', '2026-11-21T09:00:00+11:00'],
    ],
    // Half-hour offsets (+9:30, +10:30): midnight falls on the half hour UTC.
    ['Australia/Adelaide', ['2026-04-05T03:00:00+10:30', '2026-10-04T02:00:00+09:30']],
    // A half-hour daylight saving change.
    ['Australia/Lord_Howe', ['2026-04-05T02:00:00+11:00', '2026-10-04T02:00:00+10:30']],
    ['Australia/Darwin', ['2026-06-30T23:59:00+09:30']],
  ];

  it.each(zones)('gives each instant its date in %s, in order and out of it', (timeZone, instants) => {
    const inOrder = around(...instants);
    const shuffled = [...inOrder].sort(
      (a, b) => ((a.getTime() * 7919) % 1009) - ((b.getTime() * 7919) % 1009),
    );
    for (const order of [inOrder, shuffled, [...inOrder].reverse()]) {
      const pickUp = pickUpDates(timeZone);
      expect(order.map((instant) => pickUp(instant))).toEqual(
        order.map((instant) => invoiceDate(instant, timeZone)),
      );
    }
  });
});
