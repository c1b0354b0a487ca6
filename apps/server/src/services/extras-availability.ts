/**
 * Loads what the extras availability rule (@parking/domain/availability) needs for one stay: the
 * extras list (`filter[checkAvailability]`) shows it, and a booking refuses the extras it names.
 */
import { and, between, eq, gt, lt } from 'drizzle-orm';
import {
  stayDates,
  unavailableExtraIds as unavailableOf,
  type BlockoutRule,
  type ExceptionalDayRule,
} from '@parking/domain/availability';
import type { Executor } from '../db/client';
import {
  blockoutPeriodExtras,
  blockoutPeriods,
  exceptionalDays,
  exceptionalDayUnavailableExtras,
  extras,
} from '../db/schema/index';

/** The ids of the extras that cannot be booked for a stay from `start` to `end`. */
export async function unavailableExtraIds(
  db: Executor,
  start: Date,
  end: Date,
  timeZone: string,
): Promise<Set<number>> {
  const stay = { start, end };
  const { first, last } = stayDates(stay, timeZone);
  // The queries narrow the calendar to the stay; the domain rule still decides.
  const [extraRows, blockoutRows, dayRows] = await Promise.all([
    db.select({ id: extras.id, available: extras.available }).from(extras),
    db
      .select({
        id: blockoutPeriods.id,
        startDatetime: blockoutPeriods.startDatetime,
        endDatetime: blockoutPeriods.endDatetime,
        extraId: blockoutPeriodExtras.extraId,
      })
      .from(blockoutPeriods)
      .innerJoin(blockoutPeriodExtras, eq(blockoutPeriodExtras.blockoutPeriodId, blockoutPeriods.id))
      .where(
        and(
          eq(blockoutPeriods.blockType, 'extra'),
          lt(blockoutPeriods.startDatetime, end),
          gt(blockoutPeriods.endDatetime, start),
        ),
      ),
    db
      .select({ date: exceptionalDays.date, extraId: exceptionalDayUnavailableExtras.extraId })
      .from(exceptionalDays)
      .innerJoin(
        exceptionalDayUnavailableExtras,
        eq(exceptionalDayUnavailableExtras.dayId, exceptionalDays.id),
      )
      .where(between(exceptionalDays.date, first, last)),
  ]);

  const blockouts = new Map<number, BlockoutRule & { extraIds: number[] }>();
  for (const row of blockoutRows) {
    const rule = blockouts.get(row.id) ?? {
      blockType: 'extra',
      startDatetime: row.startDatetime,
      endDatetime: row.endDatetime,
      extraIds: [],
    };
    rule.extraIds.push(row.extraId);
    blockouts.set(row.id, rule);
  }
  const days = new Map<string, ExceptionalDayRule & { unavailableExtraIds: number[] }>();
  for (const row of dayRows) {
    const rule = days.get(row.date) ?? { date: row.date, unavailableExtraIds: [] };
    rule.unavailableExtraIds.push(row.extraId);
    days.set(row.date, rule);
  }
  return unavailableOf(
    extraRows,
    stay,
    { blockouts: [...blockouts.values()], exceptionalDays: [...days.values()] },
    timeZone,
  );
}
