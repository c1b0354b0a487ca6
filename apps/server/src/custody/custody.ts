/**
 * The custody record's writes (issue 23): check a car in, move it, hand it back. Each runs in the
 * caller's transaction with the booking locked, checks the order of events and every value with the
 * domain's rules, adds the entry, keeps the booking's check-in fields (back-office §3) equal to the
 * record, and writes the Edit History line and the audit entry. The traveller's email goes after commit.
 */
import { and, eq } from 'drizzle-orm';
import {
  custodyEntryRefusal,
  custodyMessages,
  damageText,
  rowInRegion,
  type CheckInInput,
  type CustodyKind,
  type HandBackInput,
  type MoveInput,
} from '@parking/domain/custody';
import { messages } from '@parking/domain/messages';
import type { RequestContext } from '../context';
import type { BookingCheckInColumns, BookingRow } from '../db/rows';
import { auditLogs, bookingLogs, bookings, customers, custodyEntries, lotRegions } from '../db/schema/index';
import type { ApiJson as JsonValue } from '@parking/domain/api-contract/json';
import { DomainError } from '@parking/domain/errors';
import type { CustodyAuditAction } from '../db/audit';
import { custodySummary } from './custody-record';
import { queueCustodyEmail } from './custody-notices';
import { bringUpHandedBack } from './bring-up';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';

/** The relationships of a custody write: where the car is, and which staff member did it. */
export interface CustodyLinks {
  lotRegion?: number | null;
  staff?: number | null;
}

async function lockBooking(ctx: RequestContext, bookingId: number): Promise<BookingRow> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw DomainError.notFound('Booking not found');
  return booking;
}

/** The staff member named (a customer marked staff), or the signed-in one when none is named. */
async function staffMember(
  ctx: RequestContext,
  id: number | null | undefined,
  name: string,
): Promise<number> {
  const chosen = id ?? ctx.user?.customerId ?? null;
  if (chosen === null) throw new DomainError('invalid', messages.required, { relationship: name });
  const [person] = await ctx.db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, chosen), eq(customers.staff, true)));
  if (!person) throw new DomainError('invalid', custodyMessages.notStaff, { relationship: name });
  return person.id;
}

/** A region of the booking's lot and a row within it (back-office §5). */
async function place(
  ctx: RequestContext,
  booking: BookingRow,
  regionId: number | null | undefined,
  row: number,
) {
  if (regionId === null || regionId === undefined)
    throw new DomainError('invalid', messages.required, { relationship: 'lotRegion' });
  const [region] = await ctx.db.select().from(lotRegions).where(eq(lotRegions.id, regionId));
  if (!region || region.lotId !== booking.lotId)
    throw new DomainError('invalid', custodyMessages.regionOfAnotherLot, { relationship: 'lotRegion' });
  if (!rowInRegion(row, region.rows))
    throw new DomainError('invalid', custodyMessages.rowOutOfRange(region.rows), { field: 'lotRegionRow' });
  return region;
}

async function assertAllowed(
  ctx: RequestContext,
  booking: BookingRow,
  entry: { kind: CustodyKind; at: Date; kilometers?: number | null },
) {
  if (booking.status !== 'complete') throw new DomainError('invalid', custodyMessages.notComplete);
  const refusal = custodyEntryRefusal(await custodySummary(ctx.db, booking.id), entry, ctx.now);
  if (refusal)
    throw new DomainError('invalid', refusal.message, {
      field: refusal.field === 'non_field_errors' ? undefined : refusal.field,
    });
}

function checkInFields(row: BookingCheckInColumns): Record<string, JsonValue> {
  return {
    lotRegion: row.lotRegionId === null ? null : String(row.lotRegionId),
    lotRegionRow: row.lotRegionRow,
    fuelLevel: row.fuelLevel,
    damage: row.damage,
    kilometers: row.kilometers,
    vehicleNotes: row.vehicleNotes,
    parkedBy: row.parkedById === null ? null : String(row.parkedById),
    timeParked: row.timeParked ? row.timeParked.toISOString() : null,
  };
}

/** The booking's fields as the entry leaves them, its Edit History line and its audit entry. */
async function record(
  ctx: RequestContext,
  booking: BookingRow,
  action: { log: CustodyKind; audit: CustodyAuditAction },
  update: Partial<BookingCheckInColumns>,
  detail: Record<string, JsonValue>,
) {
  const before = checkInFields(booking);
  const after = checkInFields({ ...booking, ...update });
  if (Object.keys(update).length > 0)
    await ctx.db
      .update(bookings)
      .set({ ...update, updated: ctx.now })
      .where(eq(bookings.id, booking.id));
  const changed: Record<string, { from: JsonValue; to: JsonValue }> = {};
  const logged: Record<string, JsonValue> = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changed[key] = { from, to };
    logged[key] = [from, to];
  }
  await ctx.db.insert(bookingLogs).values({
    bookingId: booking.id,
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    action: action.log,
    info: { ...logged, source: 'custody' },
  });
  await ctx.db.insert(auditLogs).values({
    userId: ctx.user?.id ?? null,
    timestamp: ctx.now,
    resourceType: 'bookings',
    resourceId: String(booking.id),
    action: action.audit,
    changes: { ...changed, custody: { from: null, to: detail } },
  });
}

export async function checkInCar(
  ctx: RequestContext,
  bookingId: number,
  input: CheckInInput,
  links: CustodyLinks,
): Promise<BookingRow> {
  const booking = await lockBooking(ctx, bookingId);
  await assertAllowed(ctx, booking, { kind: 'checked_in', at: input.timeParked });
  const region = await place(ctx, booking, links.lotRegion, input.lotRegionRow);
  const staffId = await staffMember(ctx, links.staff, 'parkedBy');
  const [entry] = await ctx.db
    .insert(custodyEntries)
    .values({
      bookingId,
      kind: 'checked_in',
      at: input.timeParked,
      staffId,
      recordedById: ctx.user?.id ?? null,
      lotRegionId: region.id,
      lotRegionRow: input.lotRegionRow,
      fuelLevel: input.fuelLevel,
      damage: input.damage,
      kilometers: input.kilometers,
      keyTag: input.keyTag,
      notes: input.notes,
    })
    .returning({ id: custodyEntries.id });
  await record(
    ctx,
    booking,
    { log: 'checked_in', audit: 'check_in' },
    {
      lotRegionId: region.id,
      lotRegionRow: input.lotRegionRow,
      fuelLevel: input.fuelLevel,
      damage: damageText(input.damage),
      kilometers: input.kilometers,
      vehicleNotes: input.notes,
      parkedById: staffId,
      timeParked: input.timeParked,
    },
    {
      entry: String(entry?.id ?? ''),
      keyTag: input.keyTag,
      damage: input.damage.map((mark) => ({ area: mark.area, note: mark.note })),
    },
  );
  await queueCustodyEmail(ctx, bookingId, 'parked');
  await queueWalletPassUpdate(ctx.db, bookingId);
  return lockBooking(ctx, bookingId);
}

export async function moveCar(
  ctx: RequestContext,
  bookingId: number,
  input: MoveInput,
  links: CustodyLinks,
): Promise<BookingRow> {
  const booking = await lockBooking(ctx, bookingId);
  await assertAllowed(ctx, booking, { kind: 'moved', at: input.at });
  const region = await place(ctx, booking, links.lotRegion, input.lotRegionRow);
  const staffId = await staffMember(ctx, links.staff, 'movedBy');
  const [entry] = await ctx.db
    .insert(custodyEntries)
    .values({
      bookingId,
      kind: 'moved',
      at: input.at,
      staffId,
      recordedById: ctx.user?.id ?? null,
      lotRegionId: region.id,
      lotRegionRow: input.lotRegionRow,
    })
    .returning({ id: custodyEntries.id });
  await record(
    ctx,
    booking,
    { log: 'moved', audit: 'custody_move' },
    { lotRegionId: region.id, lotRegionRow: input.lotRegionRow },
    { entry: String(entry?.id ?? ''), at: input.at.toISOString() },
  );
  await queueWalletPassUpdate(ctx.db, bookingId);
  return lockBooking(ctx, bookingId);
}

export async function handBackCar(
  ctx: RequestContext,
  bookingId: number,
  input: HandBackInput,
  links: CustodyLinks,
): Promise<BookingRow> {
  const booking = await lockBooking(ctx, bookingId);
  await assertAllowed(ctx, booking, { kind: 'handed_back', at: input.at, kilometers: input.kilometers });
  const staffId = await staffMember(ctx, links.staff, 'returnedBy');
  const [entry] = await ctx.db
    .insert(custodyEntries)
    .values({
      bookingId,
      kind: 'handed_back',
      at: input.at,
      staffId,
      recordedById: ctx.user?.id ?? null,
      kilometers: input.kilometers,
    })
    .returning({ id: custodyEntries.id });
  await record(
    ctx,
    booking,
    { log: 'handed_back', audit: 'hand_back' },
    {},
    { entry: String(entry?.id ?? ''), at: input.at.toISOString(), kilometers: input.kilometers },
  );
  await queueCustodyEmail(ctx, bookingId, 'handed_back');
  // The bring-up board's last step is this hand-back (issue 41).
  await bringUpHandedBack(ctx.db, bookingId, input.at, ctx.user?.id ?? null);
  await queueWalletPassUpdate(ctx.db, bookingId);
  return lockBooking(ctx, bookingId);
}
