/**
 * "Currently parked cars" (back-office §2, §7 "Plain GETs opened in tabs"): the cars on site now, lot by
 * lot, in the order the yard is walked (region, row), each with what identifies it and when its owner
 * comes back for it.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { lotRegions, lots } from '../db/schema/index';
import { invoiceDateTime } from '../documents/invoice-data';
import type { TableReport } from '../documents/table-report';
import { fullName } from '@parking/domain/api-values';
import type { BookingRow } from '../db/rows';

export interface ParkedLookups {
  /** Every lot, by name: a lot with no car still gets its count. */
  lots: Array<{ id: number; name: string }>;
  regions: ReadonlyMap<number, string>;
}

export async function loadParkedLookups(
  db: Executor,
  bookings: readonly BookingRow[],
): Promise<ParkedLookups> {
  const regionIds = [
    ...new Set(bookings.flatMap((booking) => (booking.lotRegionId === null ? [] : [booking.lotRegionId]))),
  ];
  const [lotRows, regionRows] = await Promise.all([
    db.select({ id: lots.id, name: lots.name }).from(lots).orderBy(asc(lots.name), asc(lots.id)),
    regionIds.length
      ? db
          .select({ id: lotRegions.id, name: lotRegions.name })
          .from(lotRegions)
          .where(inArray(lotRegions.id, regionIds))
      : [],
  ]);
  return { lots: lotRows, regions: new Map(regionRows.map((row) => [row.id, row.name])) };
}

const cars = (count: number) => `${count} ${count === 1 ? 'car' : 'cars'}`;

/** Checked-in cars by region and row first (where they stand), then the ones not checked in yet. */
function yardOrder(regions: ReadonlyMap<number, string>) {
  const region = (booking: BookingRow) =>
    booking.lotRegionId === null ? undefined : regions.get(booking.lotRegionId);
  return (a: BookingRow, b: BookingRow) => {
    const ra = region(a);
    const rb = region(b);
    if (ra !== rb)
      return ra === undefined ? 1 : rb === undefined ? -1 : ra.localeCompare(rb, 'en-AU', { numeric: true });
    const rows = (a.lotRegionRow ?? Number.MAX_SAFE_INTEGER) - (b.lotRegionRow ?? Number.MAX_SAFE_INTEGER);
    if (rows !== 0) return rows;
    const ends =
      (a.endDatetime?.getTime() ?? Number.MAX_SAFE_INTEGER) -
      (b.endDatetime?.getTime() ?? Number.MAX_SAFE_INTEGER);
    return ends !== 0 ? ends : a.rego.localeCompare(b.rego);
  };
}

export function currentlyParkedReport(
  bookings: readonly BookingRow[],
  lookups: ParkedLookups,
  timeZone: string,
  now: Date,
): TableReport {
  const order = yardOrder(lookups.regions);
  const byLot = lookups.lots.map((lot) => ({
    lot,
    rows: bookings.filter((booking) => booking.lotId === lot.id).sort(order),
  }));
  return {
    title: 'Currently parked cars',
    subtitle: `As at ${invoiceDateTime(now, timeZone)}`,
    layout: 'landscape',
    columns: [
      { header: 'Region', width: 0.11 },
      { header: 'Row', width: 0.05, align: 'right' },
      { header: 'Rego', width: 0.09 },
      { header: 'Vehicle', width: 0.19 },
      { header: 'Customer', width: 0.17 },
      { header: 'Phone', width: 0.12 },
      { header: 'Pick-up', width: 0.16 },
      // The widest code (eight Ws) on one line: a code is looked up as printed.
      { header: 'Booking', width: 0.11 },
    ],
    sections: byLot
      .filter((group) => group.rows.length > 0)
      .map(({ lot, rows }) => ({
        heading: lot.name,
        rows: rows.map((booking) => [
          (booking.lotRegionId === null ? undefined : lookups.regions.get(booking.lotRegionId)) ??
            'Not checked in',
          booking.lotRegionRow === null ? '' : String(booking.lotRegionRow),
          booking.rego,
          [[booking.make, booking.model].filter(Boolean).join(' '), booking.colour]
            .filter(Boolean)
            .join(', '),
          fullName(booking),
          booking.phoneNumber,
          booking.endDatetime ? invoiceDateTime(booking.endDatetime, timeZone) : 'Not set',
          booking.bookingCode,
        ]),
        total: `${lot.name}: ${cars(rows.length)}`,
      })),
    summary: [
      ...byLot.map(({ lot, rows }): [string, string] => [lot.name, cars(rows.length)]),
      ['Cars parked in all', cars(bookings.length)],
    ],
    emptyMessage: 'No cars are parked at the moment.',
  };
}
