/**
 * Which bookings take a place, as SQL: the domain's rule (takesPlace in @parking/domain/capacity), built
 * from its constants, for the counts the database makes (presence by day, slot loads). Held equal to the
 * domain's function by place-taking.test.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PENDING_HOLD_MS, PLACE_TAKING } from '@parking/domain/capacity';

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
