/** The parking blockouts as the quotes read them (the booking's own check is bookings/booking-rules.ts). */
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { BlockoutPeriod } from '@parking/domain/parking-blockouts';
import type { Executor } from '../db/client';
import { blockoutPeriods } from '../db/schema/index';

/** The parking blockouts that overlap `from`..`to` (the quotes' look-ahead), earliest first. */
export async function parkingBlockoutsBetween(db: Executor, from: Date, to: Date): Promise<BlockoutPeriod[]> {
  return db
    .select({
      message: blockoutPeriods.message,
      startDatetime: blockoutPeriods.startDatetime,
      endDatetime: blockoutPeriods.endDatetime,
    })
    .from(blockoutPeriods)
    .where(
      and(
        eq(blockoutPeriods.blockType, 'parking'),
        lt(blockoutPeriods.startDatetime, to),
        gt(blockoutPeriods.endDatetime, from),
      ),
    )
    .orderBy(asc(blockoutPeriods.startDatetime));
}
