/**
 * The booking form and the spec's check-in screen (back-office §3) still edit a booking's check-in fields
 * directly. The custody record follows them in the same transaction, so every placing of the car is an
 * entry with its staff member whichever screen placed it: a first check-in (or a correction of it) when the
 * check-in fields change, a move when only the region or row of a parked car changes. A car already handed
 * back keeps its record as it is.
 */
import type { RequestContext } from '../context';
import type { BookingCheckInColumns } from '../db/rows';
import { custodyEntries } from '../db/schema/index';
import { custodySummary } from './custody-record';

const placeKeys = ['lotRegionId', 'lotRegionRow'] as const;
const checkInKeys = [
  ...placeKeys,
  'fuelLevel',
  'damage',
  'kilometers',
  'vehicleNotes',
  'parkedById',
] as const;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export async function custodyFollowsBookingEdit(
  ctx: RequestContext,
  bookingId: number,
  before: BookingCheckInColumns,
  after: BookingCheckInColumns,
): Promise<void> {
  const placeChanged = placeKeys.some((key) => !same(before[key], after[key]));
  const checkInChanged =
    checkInKeys.some((key) => !same(before[key], after[key])) ||
    !sameTime(before.timeParked, after.timeParked);
  if (!checkInChanged || !after.timeParked) return;
  const summary = await custodySummary(ctx.db, bookingId);
  if (summary.status === 'handed_back') return;
  const onlyMoved =
    summary.status === 'parked' &&
    placeChanged &&
    checkInKeys.every((key) => placeKeys.some((place) => place === key) || same(before[key], after[key])) &&
    sameTime(before.timeParked, after.timeParked);
  if (onlyMoved) {
    await ctx.db.insert(custodyEntries).values({
      bookingId,
      kind: 'moved',
      at: ctx.now,
      staffId: ctx.user?.customerId ?? null,
      recordedById: ctx.user?.id ?? null,
      lotRegionId: after.lotRegionId,
      lotRegionRow: after.lotRegionRow,
    });
    return;
  }
  // The screen's Damage is free text, not marks on the outline: it stays the booking's, with the notes.
  await ctx.db.insert(custodyEntries).values({
    bookingId,
    kind: 'checked_in',
    at: after.timeParked,
    staffId: after.parkedById,
    recordedById: ctx.user?.id ?? null,
    lotRegionId: after.lotRegionId,
    lotRegionRow: after.lotRegionRow,
    fuelLevel: after.fuelLevel,
    kilometers: after.kilometers,
    notes: [after.damage, after.vehicleNotes].filter((text) => text.trim()).join('\n'),
  });
}
