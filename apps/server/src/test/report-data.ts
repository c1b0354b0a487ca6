/**
 * A reproducible data set for the report tests: bookings of every status in both lots over a few months,
 * with booking types, extras sold at various prices, payments (full, part, none), open-ended stays, stays
 * ending exactly at a midnight and stays across the daylight-saving change; and the plain TypeScript that
 * works out what the reports should say about them, independently of the server's code.
 */
import { seededRandom } from '@parking/domain/seeded-random';
import type { Executor } from '../db/client';
import { bookingExtras, bookings } from '../db/schema/index';
import { nextBookingCode } from './booking-rows';

export interface GeneratedBooking {
  id: number;
  bookingCode: string;
  lotId: number;
  status: string;
  bookingType: string;
  start: Date;
  end: Date | null;
  created: Date;
  totalCents: number;
  paidCents: number;
  paymentDatetime: Date | null;
  extras: Array<{ extraId: number; cents: number }>;
  lotRegionId: number | null;
  lotRegionRow: number | null;
  rego: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export interface GenerateOptions {
  seed: number;
  count: number;
  /** The first instant a stay may start at, and over how many days the starts spread. */
  from: Date;
  days: number;
  lots: Array<{ id: number; share: number; regions: Array<{ id: number; rows: number }> }>;
  extraIds: number[];
  /** Instants stays may end at exactly (business midnights), to pin the day rule's edge. */
  midnights: Date[];
}

const STATUSES: Array<[string, number]> = [
  ['complete', 0.74],
  ['cancelled', 0.08],
  ['pending', 0.05],
  ['abandoned', 0.05],
  ['payment_failed', 0.05],
  ['error', 0.03],
];
const TYPES: Array<[string, number]> = [
  ['New - Website', 0.35],
  ['Regular - Website', 0.2],
  ['New', 0.15],
  ['Regular', 0.12],
  ['Staff', 0.05],
  ['RACT', 0.05],
  ['Pensioner', 0.04],
  ['Long term', 0.04],
];
const METHODS = ['stripe', 'cash', 'eftpos', 'visa', 'Payment on return'] as const;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function pick<T>(random: () => number, weighted: Array<[T, number]>): T {
  let roll = random() * weighted.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of weighted) {
    roll -= weight;
    if (roll < 0) return value;
  }
  const last = weighted[weighted.length - 1];
  if (!last) throw new Error('nothing to pick from');
  return last[0];
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** Inserts the bookings in a few statements and answers what was written. */
export async function generateReportBookings(
  db: Executor,
  options: GenerateOptions,
): Promise<GeneratedBooking[]> {
  const random = seededRandom(options.seed);
  const int = (below: number) => Math.floor(random() * below);
  const planned = Array.from({ length: options.count }, (_, index) => {
    const lot = pick(
      random,
      options.lots.map((candidate) => [candidate, candidate.share]),
    );
    // Starts on the minute, any time of day; 0-9 nights, plus hours; a few open-ended, a few to a midnight.
    const start = new Date(options.from.getTime() + int(options.days * 24 * 60) * 60_000);
    const shape = random();
    const midnight = options.midnights.find(
      (instant) => instant.getTime() > start.getTime() && instant.getTime() - start.getTime() < 10 * DAY,
    );
    const end =
      shape < 0.03
        ? null
        : shape < 0.08 && midnight
          ? midnight
          : new Date(start.getTime() + int(10) * DAY + (1 + int(20)) * HOUR + int(60) * 60_000);
    const created = new Date(start.getTime() - int(20 * 24) * HOUR - int(60) * 60_000);
    const totalCents = 1500 + int(40) * 500 + int(100);
    const paying = random();
    const paidCents = paying < 0.6 ? totalCents : paying < 0.75 ? Math.floor(totalCents / 2) : 0;
    const paymentDatetime =
      paidCents > 0 ? new Date(created.getTime() + int(4 * 24) * HOUR + int(60) * 60_000) : null;
    const extras = options.extraIds
      .filter(() => random() < 0.25)
      .map((extraId) => ({ extraId, cents: [2500, 3000, 4000, 12000, 999][int(5)] ?? 0 }));
    const region = lot.regions.length && random() < 0.6 ? lot.regions[int(lot.regions.length)] : undefined;
    return {
      bookingCode: nextBookingCode('R'),
      lotId: lot.id,
      status: pick(random, STATUSES),
      bookingType: pick(random, TYPES),
      start,
      end,
      created,
      totalCents,
      paidCents,
      paymentDatetime,
      extras,
      lotRegionId: region?.id ?? null,
      lotRegionRow: region ? 1 + int(region.rows) : null,
      rego: `R${String(index).padStart(4, '0')}${'ABCDEFGH'[int(8)] ?? 'A'}`,
      firstName: ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Jack'][int(6)] ?? 'Ava',
      lastName: ['Nguyen', 'Smith', 'Brown', 'Wilson', 'Taylor'][int(5)] ?? 'Smith',
      phoneNumber: `04${String(10_000_000 + int(89_999_999))}`,
      method: METHODS[int(METHODS.length)] ?? 'cash',
    };
  });
  const written: GeneratedBooking[] = [];
  for (let offset = 0; offset < planned.length; offset += 200) {
    const chunk = planned.slice(offset, offset + 200);
    const rows = await db
      .insert(bookings)
      .values(
        chunk.map((plan) => ({
          bookingCode: plan.bookingCode,
          status: plan.status,
          bookingType: plan.bookingType,
          lotId: plan.lotId,
          lotRegionId: plan.lotRegionId,
          lotRegionRow: plan.lotRegionRow,
          startDatetime: plan.start,
          endDatetime: plan.end,
          created: plan.created,
          title: 'Mx',
          firstName: plan.firstName,
          lastName: plan.lastName,
          phoneNumber: plan.phoneNumber,
          email: 'report@example.com',
          rego: plan.rego,
          make: 'Toyota',
          model: 'Yaris',
          colour: 'Red',
          parkingCost: money(
            Math.max(0, plan.totalCents - plan.extras.reduce((sum, extra) => sum + extra.cents, 0)),
          ),
          extrasCost: money(plan.extras.reduce((sum, extra) => sum + extra.cents, 0)),
          totalCost: money(plan.totalCents),
          amountPaid: money(plan.paidCents),
          paymentStatus: plan.paidCents > 0 ? 'paid' : 'unpaid',
          paymentMethod: plan.paidCents > 0 ? plan.method : null,
          paymentDatetime: plan.paymentDatetime,
        })),
      )
      .returning({ id: bookings.id, bookingCode: bookings.bookingCode });
    const ids = new Map(rows.map((row) => [row.bookingCode, row.id]));
    const sold = chunk.flatMap((plan) =>
      plan.extras.map((extra) => ({
        bookingId: ids.get(plan.bookingCode) ?? 0,
        extraId: extra.extraId,
        price: money(extra.cents),
      })),
    );
    if (sold.length) await db.insert(bookingExtras).values(sold);
    for (const plan of chunk) {
      const { method: _method, ...booking } = plan;
      written.push({ ...booking, id: ids.get(plan.bookingCode) ?? 0 });
    }
  }
  return written;
}

const dateParts = new Map<string, Intl.DateTimeFormat>();

/**
 * The business date of an instant, by the platform's own time zone database (Intl), not by the
 * domain's date code the server uses.
 */
export function localDate(instant: Date, timeZone: string): string {
  let format = dateParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateParts.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Every date from start to end inclusive, by calendar arithmetic on UTC noons. */
export function datesBetween(startDate: string, endDate: string): string[] {
  const dates: string[] = [];
  for (let t = Date.parse(`${startDate}T12:00:00Z`); t <= Date.parse(`${endDate}T12:00:00Z`); t += DAY)
    dates.push(new Date(t).toISOString().slice(0, 10));
  return dates;
}

export const centsText = money;
