/**
 * Loads what the extras availability rule (@parking/domain/availability) needs for one stay: the
 * extras list (`filter[checkAvailability]`) shows it, and a booking refuses the extras it names.
 */
import { and, asc, between, eq, gt, lt } from 'drizzle-orm';
import {
  stayDates,
  unavailableExtraIds as unavailableOf,
  type BlockoutRule,
  type ExceptionalDayRule,
  type ExtraState,
} from '@parking/domain/availability';
import { extraNotices, type ExtraNotice, type NamedExtra } from '@parking/domain/extra-notices';
import type { Executor } from '../db/client';
import {
  blockoutPeriodExtras,
  blockoutPeriods,
  exceptionalDays,
  exceptionalDayUnavailableExtras,
  extras,
} from '../db/schema/index';

/**
 * What the availability rule reads: every extra's switch (and name, for the notices), the extra blockouts (with
 * their messages), the exceptional days' unavailable extras (with the days' names).
 */
export interface ExtrasCalendarData {
  extras: Array<ExtraState & NamedExtra>;
  calendar: { blockouts: BlockoutRule[]; exceptionalDays: ExceptionalDayRule[] };
}

/**
 * Loads the calendar data: for one stay (the queries narrow the calendar to it), or the whole calendar
 * (`stay` undefined: the held extras data, pricing/extras-cache.ts). The domain rule decides either way.
 */
export async function loadExtrasCalendar(
  db: Executor,
  stay: { start: Date; end: Date } | undefined,
  timeZone: string,
): Promise<ExtrasCalendarData> {
  const dates = stay ? stayDates(stay, timeZone) : undefined;
  const [extraRows, blockoutRows, dayRows] = await Promise.all([
    db
      .select({ id: extras.id, available: extras.available, name: extras.name })
      .from(extras)
      .orderBy(asc(extras.id)),
    db
      .select({
        id: blockoutPeriods.id,
        startDatetime: blockoutPeriods.startDatetime,
        endDatetime: blockoutPeriods.endDatetime,
        message: blockoutPeriods.message,
        extraId: blockoutPeriodExtras.extraId,
      })
      .from(blockoutPeriods)
      .innerJoin(blockoutPeriodExtras, eq(blockoutPeriodExtras.blockoutPeriodId, blockoutPeriods.id))
      .where(
        and(
          eq(blockoutPeriods.blockType, 'extra'),
          stay ? lt(blockoutPeriods.startDatetime, stay.end) : undefined,
          stay ? gt(blockoutPeriods.endDatetime, stay.start) : undefined,
        ),
      ),
    db
      .select({
        date: exceptionalDays.date,
        name: exceptionalDays.name,
        extraId: exceptionalDayUnavailableExtras.extraId,
      })
      .from(exceptionalDays)
      .innerJoin(
        exceptionalDayUnavailableExtras,
        eq(exceptionalDayUnavailableExtras.dayId, exceptionalDays.id),
      )
      .where(dates ? between(exceptionalDays.date, dates.first, dates.last) : undefined),
  ]);

  const blockouts = new Map<number, BlockoutRule & { extraIds: number[] }>();
  for (const row of blockoutRows) {
    const rule = blockouts.get(row.id) ?? {
      blockType: 'extra',
      startDatetime: row.startDatetime,
      endDatetime: row.endDatetime,
      message: row.message,
      extraIds: [],
    };
    rule.extraIds.push(row.extraId);
    blockouts.set(row.id, rule);
  }
  const days = new Map<string, ExceptionalDayRule & { unavailableExtraIds: number[] }>();
  for (const row of dayRows) {
    const rule = days.get(row.date) ?? { date: row.date, name: row.name, unavailableExtraIds: [] };
    rule.unavailableExtraIds.push(row.extraId);
    days.set(row.date, rule);
  }
  return {
    extras: extraRows,
    calendar: { blockouts: [...blockouts.values()], exceptionalDays: [...days.values()] },
  };
}

/** The ids of the extras that cannot be booked for a stay from `start` to `end`. */
export async function unavailableExtraIds(
  db: Executor,
  start: Date,
  end: Date,
  timeZone: string,
): Promise<Set<number>> {
  const stay = { start, end };
  const data = await loadExtrasCalendar(db, stay, timeZone);
  return unavailableOf(data.extras, stay, data.calendar, timeZone);
}

/** What the extras list tells about a stay: the extras it makes unavailable, and why (extra-notices.ts). */
export interface StayExtrasAvailability {
  unavailable: Set<number>;
  /**
   * The notices about the extras `listed` (those the caller may see: a private extra's name is never in a
   * traveller's notice), each naming only those.
   */
  notices(listed: readonly NamedExtra[]): ExtraNotice[];
}

/** Both answers from one read of the calendar data (held or loaded for the stay). */
export function stayExtrasAvailability(
  data: ExtrasCalendarData,
  stay: { start: Date; end: Date },
  timeZone: string,
): StayExtrasAvailability {
  return {
    unavailable: unavailableOf(data.extras, stay, data.calendar, timeZone),
    notices: (listed) => extraNotices(listed, stay, data.calendar, timeZone),
  };
}

/** The extras a stay makes unavailable and why, read from the database. */
export async function loadStayExtrasAvailability(
  db: Executor,
  start: Date,
  end: Date,
  timeZone: string,
): Promise<StayExtrasAvailability> {
  const stay = { start, end };
  return stayExtrasAvailability(await loadExtrasCalendar(db, stay, timeZone), stay, timeZone);
}
