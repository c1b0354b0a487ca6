/**
 * Demo custody records (issue 23): every checked-in car gets its check-in entry from the booking's
 * check-in fields (where, fuel, kilometres, key tag, notes, by whom); a reported damage becomes a mark
 * on one area of the car; cars already collected get their hand-back with the kilometres out, and a
 * few of the cars parked now have been moved. Run last, so that the rest of the demo is unchanged.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { CAR_AREAS, type DamageMark } from '@parking/domain/custody';
import * as t from '../db/schema/index';
import { inChunks, MINUTE, type SeedContext } from './context';

export async function seedCustody(ctx: SeedContext): Promise<number> {
  const { tx, rng, nowMs } = ctx;
  const parked = await tx
    .select({
      id: t.bookings.id,
      end: t.bookings.endDatetime,
      at: t.bookings.timeParked,
      staffId: t.bookings.parkedById,
      regionId: t.bookings.lotRegionId,
      row: t.bookings.lotRegionRow,
      fuelLevel: t.bookings.fuelLevel,
      damage: t.bookings.damage,
      kilometers: t.bookings.kilometers,
      notes: t.bookings.vehicleNotes,
    })
    .from(t.bookings)
    .where(and(eq(t.bookings.status, 'complete'), isNotNull(t.bookings.timeParked)))
    .orderBy(t.bookings.id);
  const regions = await tx.select().from(t.lotRegions);
  type Entry = typeof t.custodyEntries.$inferInsert;
  const entries: Entry[] = [];
  for (const booking of parked) {
    if (!booking.at) continue;
    const damage: DamageMark[] = booking.damage ? [{ area: rng.pick(CAR_AREAS), note: booking.damage }] : [];
    entries.push({
      bookingId: booking.id,
      kind: 'checked_in',
      at: booking.at,
      staffId: booking.staffId,
      lotRegionId: booking.regionId,
      lotRegionRow: booking.row,
      fuelLevel: booking.fuelLevel,
      damage,
      kilometers: booking.kilometers,
      keyTag: `K-${String(rng.int(1, 400)).padStart(3, '0')}`,
      notes: booking.notes,
    });
    const collected = booking.end !== null && booking.end.getTime() <= nowMs;
    if (!collected && booking.regionId !== null && rng.chance(0.1)) {
      const lotId = regions.find((region) => region.id === booking.regionId)?.lotId;
      const other = rng.pick(regions.filter((region) => region.lotId === lotId));
      entries.push({
        bookingId: booking.id,
        kind: 'moved',
        at: new Date(Math.min(nowMs, booking.at.getTime() + rng.int(60, 24 * 60) * MINUTE)),
        staffId: booking.staffId,
        lotRegionId: other.id,
        lotRegionRow: rng.int(1, other.rows),
      });
    }
    if (collected && booking.end)
      entries.push({
        bookingId: booking.id,
        kind: 'handed_back',
        at: booking.end,
        staffId: booking.staffId,
        kilometers: booking.kilometers === null ? null : booking.kilometers + rng.int(8, 40),
      });
  }
  await inChunks(entries, (chunk) =>
    tx.insert(t.custodyEntries).values(chunk).returning({ id: t.custodyEntries.id }),
  );
  // The booking's fields follow the record: Damage as the mark reads ("Left side: ..."), Parking Region
  // and Row where the latest move left the car.
  await tx.execute(sql`
    UPDATE bookings b SET damage = (CASE ce.damage->0->>'area'
        WHEN 'front' THEN 'Front' WHEN 'rear' THEN 'Rear' WHEN 'left' THEN 'Left side'
        WHEN 'right' THEN 'Right side' ELSE 'Roof' END) || ': ' || (ce.damage->0->>'note')
      FROM custody_entries ce
      WHERE ce.booking_id = b.id AND ce.kind = 'checked_in' AND jsonb_array_length(ce.damage) > 0`);
  await tx.execute(sql`
    UPDATE bookings b SET lot_region_id = ce.lot_region_id, lot_region_row = ce.lot_region_row
      FROM custody_entries ce
      WHERE ce.booking_id = b.id AND ce.kind = 'moved'`);
  return entries.length;
}
