/**
 * The domain's rules on a booking's status, as SQL built from the domain's own constants, for what the
 * database counts and filters: which bookings take a place (takesPlace in @parking/domain/capacity: presence
 * by day, slot loads) and which are still going ahead (goingAhead in @parking/domain/stay-phase: the owing
 * filter). Held equal to the domain's functions by status-rules-sql.test.ts.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PENDING_HOLD_MS, PLACE_TAKING } from '@parking/domain/capacity';
import { GOING_AHEAD_STATUSES } from '@parking/domain/stay-phase';

// Literals, not parameters: the planner matches them against the partial indexes on the status.
const ALWAYS = sql.raw(`'${PLACE_TAKING.always}'`);
const WHILE_HELD = sql.raw(`'${PLACE_TAKING.whileHeld}'`);

/** The first instant whose unpaid bookings still hold their place at `now`. */
export const holdSince = (now: Date): Date => new Date(now.getTime() - PENDING_HOLD_MS);

/** `alias`'s booking takes a place at `now` (alias: the bookings table's name in the query). */
export function takesPlaceSql(alias: string, now: Date): SQL {
  const b = sql.raw(alias);
  return sql`(${b}.status = ${ALWAYS} OR (${b}.status = ${WHILE_HELD} AND ${b}.created > ${holdSince(now).toISOString()}::timestamptz))`;
}

/** `status` (a bookings.status column) is one of the domain's going-ahead statuses. */
export const goingAheadSql = (status: AnyColumn): SQL =>
  sql`${status} IN (${sql.raw(GOING_AHEAD_STATUSES.map((value) => `'${value}'`).join(', '))})`;
