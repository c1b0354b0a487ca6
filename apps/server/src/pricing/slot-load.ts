/**
 * Drop-off and pick-up slots (issue 24; the rules are the domain's slots.ts): how many cars go through a
 * lot's desk in each 15-minute slot, and the check a booking's save, a change and a staff edit make under
 * the lot's lock (lockLot), so that two requests, on two instances too, never both take a slot's last place.
 *
 * Counted like capacity (pricing-data.ts): complete bookings, and pending ones inside their payment hold;
 * a change awaiting its payment holds the new drop-off or pick-up it moves to, for as long.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  slotEnd,
  slotOf,
  slotStart,
  staySlotProblems,
  type SlotField,
  type SlotProblem,
} from '@parking/domain/slots';
import type { RequestContext } from '../context';
import { rowsOf, type Executor } from '../db/client';
import { DomainError } from '@parking/domain/errors';
import type { LotRow } from '../bookings/booking-rules';
import { holdSince, takesPlaceSql } from '../bookings/status-rules-sql';

const SLOT_SECONDS = 15 * 60;

interface LoadQuery {
  lotId: number;
  from: Date;
  to: Date;
  now: Date;
  excludeBookingId?: number | undefined;
}

/** Cars through the lot's desk in each slot starting in from..to (`from` inclusive), by slot. */
export async function slotLoadsBetween(db: Executor, q: LoadQuery): Promise<Map<number, number>> {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const counted = takesPlaceSql('b', q.now);
  const changesSince = holdSince(q.now).toISOString();
  const notThis = q.excludeBookingId === undefined ? sql`` : sql`AND b.id <> ${q.excludeBookingId}`;
  const held = (column: 'startDatetime' | 'endDatetime', current: SQL) => sql`
    SELECT (c.values->>${column})::timestamptz AS at
      FROM booking_changes c JOIN bookings b ON b.id = c.booking_id
     WHERE c.lot_id = ${q.lotId} AND c.status = 'awaiting_payment' AND c.created > ${changesSince}::timestamptz
       AND c.values ? ${column}
       AND (c.values->>${column})::timestamptz >= ${from}::timestamptz
       AND (c.values->>${column})::timestamptz < ${to}::timestamptz
       AND (c.values->>${column})::timestamptz IS DISTINCT FROM ${current}
       ${notThis}`;
  const rows = rowsOf<{ slot: number | string; cars: number | string }>(
    await db.execute(sql`
      SELECT floor(extract(epoch FROM m.at) / ${SLOT_SECONDS})::bigint AS slot, count(*)::int AS cars
        FROM (
          SELECT b.start_datetime AS at FROM bookings b
           WHERE b.lot_id = ${q.lotId} AND b.start_datetime >= ${from}::timestamptz
             AND b.start_datetime < ${to}::timestamptz AND ${counted} ${notThis}
          UNION ALL
          SELECT b.end_datetime FROM bookings b
           WHERE b.lot_id = ${q.lotId} AND b.end_datetime >= ${from}::timestamptz
             AND b.end_datetime < ${to}::timestamptz AND ${counted} ${notThis}
          UNION ALL ${held('startDatetime', sql.raw('b.start_datetime'))}
          UNION ALL ${held('endDatetime', sql.raw('b.end_datetime'))}
        ) m
       GROUP BY 1`),
  );
  return new Map(rows.map((row) => [Number(row.slot), Number(row.cars)]));
}

export interface SlotCheck {
  start: Date;
  end: Date | null;
  /** The booking being changed (not counted against itself). */
  excludeBookingId?: number | undefined;
  /** Only these movements are checked (a change that keeps its drop-off is not refused for it); both by default. */
  moved?: readonly SlotField[];
}

/** What the stay would find full in the lot's slots; none when the lot is unlimited. */
export async function slotProblems(
  db: Executor,
  lot: Pick<LotRow, 'id' | 'slotCapacity'>,
  check: SlotCheck,
  now: Date,
): Promise<SlotProblem[]> {
  if (lot.slotCapacity === null) return [];
  const moved = check.moved ?? ['startDatetime', 'endDatetime'];
  const stay = { start: check.start, end: check.end };
  const slots = [...new Set([stay.start, ...(stay.end ? [stay.end] : [])].map(slotOf))];
  const loads = new Map<number, number>();
  for (const slot of slots) {
    const found = await slotLoadsBetween(db, {
      lotId: lot.id,
      from: slotStart(slot),
      to: slotEnd(slot),
      now,
      excludeBookingId: check.excludeBookingId,
    });
    for (const [key, cars] of found) loads.set(key, cars);
  }
  return staySlotProblems(stay, loads, lot.slotCapacity).filter((problem) => moved.includes(problem.field));
}

/** Refuses a stay whose drop-off or pick-up slot is full; run after lockLot, in the saving transaction. */
export async function assertSlotRoom(ctx: RequestContext, lot: LotRow, check: SlotCheck): Promise<void> {
  const [problem] = await slotProblems(ctx.db, lot, check, ctx.now);
  if (problem) throw new DomainError('slot_full', problem.message, { field: problem.field });
}
