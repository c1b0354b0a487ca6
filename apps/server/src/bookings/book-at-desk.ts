/**
 * A booking staff key in (the back office's form): every field is theirs to set (status, region and row, discount,
 * the money they took, the check-in record), a stay in the past or over a blockout included; the desk's slots still
 * hold. Confirmed at once unless staff say otherwise, its confirmation then queued. Runs in the create's transaction.
 */
import { and, eq } from 'drizzle-orm';
import { staffChargesSubscriptionGaps } from '@parking/domain/booking-form';
import { DomainError } from '@parking/domain/errors';
import type { RequestContext } from '../context';
import { lotRegions } from '../db/schema/index';
import { countAfterCommit, recordStaffMoney } from '../payments/ledger';
import { assertSlotRoom } from '../pricing/slot-load';
import { lockLot } from './booking-rules';
import { doesNotExist } from './relationship-lookups';
import { prepareBooking, readReferences, saveBooking, type NewBooking } from './save-booking';

/** The region staff named: one of the booking's lot, and a row within it. */
async function checkRegion(
  ctx: RequestContext,
  lotId: number,
  regionId: number | null | undefined,
  row: number | null | undefined,
) {
  if (regionId == null) return;
  const [region] = await ctx.db
    .select()
    .from(lotRegions)
    .where(and(eq(lotRegions.id, regionId), eq(lotRegions.lotId, lotId)));
  if (!region) throw DomainError.doesNotExist('lotRegion', regionId);
  if (row != null && row > region.rows)
    throw new DomainError('invalid', `Choose a row from 1 to ${region.rows}.`, { field: 'lotRegionRow' });
}

/** Saves the desk's booking; answers its id. */
export async function bookAtDesk(ctx: RequestContext, booking: NewBooking): Promise<number> {
  const { attributes: input, links } = booking;
  const { startDatetime: start, endDatetime: end } = input;
  const referenced = await readReferences(ctx, booking);
  if (links.airlineOut != null && !referenced.refs.airlineOut)
    throw doesNotExist('airlineOut', links.airlineOut);
  const prepared = await prepareBooking(ctx, booking, referenced, {
    staff: true,
    discountRate: input.discountRate,
    // Days past the subscription's end are charged as a stay of that many days; staff charge them only for a stay
    // that has started (back-office §4: a future stay falls within the renewal).
    calculateGaps: staffChargesSubscriptionGaps(start, ctx.now),
  });

  // From here on the lot is locked until commit: check the region and the slots, insert.
  const lot = await lockLot(ctx, referenced.lotId);
  await checkRegion(ctx, lot.id, links.lotRegion, input.lotRegionRow);
  // The desk's slots hold for staff's bookings too: the counter cannot serve more cars at once.
  await assertSlotRoom(ctx, lot, { start, end });
  const saved = await saveBooking(
    ctx,
    prepared,
    lot,
    {
      status: input.status ?? 'complete',
      bookingType: input.bookingType ?? (links.customer != null ? 'Regular' : 'New'),
      email: prepared.customer.savedEmail,
      discountId: links.discount != null ? links.discount : prepared.discountId,
      lotRegionId: links.lotRegion ?? null,
      lotRegionRow: input.lotRegionRow ?? null,
      paymentMethod: input.paymentMethod ?? null,
      notes: input.notes ?? '',
      fuelLevel: input.fuelLevel ?? '',
      damage: input.damage ?? '',
      parkedById: links.parkedBy ?? null,
      timeParked: input.timeParked ?? null,
      kilometers: input.kilometers ?? null,
      vehicleNotes: input.vehicleNotes ?? '',
    },
    'staff',
  );
  // What staff took is recorded in the ledger, the booking's money columns following it.
  const moved = await recordStaffMoney(
    ctx.db,
    saved.id,
    {
      amountPaid: input.amountPaid,
      paymentDatetime: input.paymentDatetime,
      ...(input.paymentStatus !== undefined ? { paymentStatus: input.paymentStatus } : {}),
    },
    ctx.user?.id ?? null,
    ctx.now,
  );
  countAfterCommit(ctx, moved);
  return saved.id;
}
