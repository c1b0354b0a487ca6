/**
 * A late arriving flight moves the booking, free (issue 24). What a flight-status provider (or staff on the
 * diary) says about a booking's arriving flight is applied in one transaction under the lot lock: the
 * pick-up (and with it the shuttle that meets the flight) follows the flight from the pick-up as booked, up
 * to FLIGHT_DELAY_FREE_HOURS, never earlier than booked; a day the move adds must fit the lot like any
 * booking's day, or the pick-up stays where it was and staff see why. No ledger row, no price change.
 * A cancelled flight is marked for staff and the traveller; nothing is charged or moved.
 */
import { and, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import {
  arrivalFitsPickUp,
  delayedPickUp,
  normaliseFlightNumber,
  type FlightState,
} from '@parking/domain/flight-delay';
import { addedDaySpans } from '@parking/domain/manage-booking';
import type { Database, Executor } from '../db/client';
import type { BookingRow } from '../db/rows';
import { bookingLogs, bookings } from '../db/schema/index';
import { lockLotIn } from '../bookings/booking-rules';
import { roomFor } from '../bookings/booking-changes';
import { queueFlightNotice, type FlightNotice } from './flight-notices';
import { bringUpFlightNews } from '../custody/bring-up';
import { queueWalletPassUpdate } from '../wallet/wallet-queue';

export interface FlightObservation {
  state: FlightState;
  scheduledArrival: Date | null;
  estimatedArrival: Date | null;
  /** Who said so: the flight-status provider (by name) or a staff member on the diary. */
  source: 'local' | 'aerodatabox' | 'staff';
}

export interface FlightRules {
  now: Date;
  timeZone: string;
  capHours: number;
  /** The staff member who set it by hand; null for the poller. */
  userId: number | null;
}

type Update = Pick<
  BookingRow,
  'endDatetime' | 'bookedEndDatetime' | 'flightStatus' | 'flightDelayMinutes' | 'flightMoveProblem'
>;

/** The booking's new flight fields for a delay (or an on-time flight), capacity checked under the lot lock. */
async function delayUpdate(
  db: Executor,
  booking: BookingRow & { endDatetime: Date },
  booked: Date,
  observation: FlightObservation,
  rules: FlightRules,
): Promise<Update> {
  const estimate = observation.estimatedArrival ?? observation.scheduledArrival ?? booked;
  const moved = delayedPickUp({
    bookedPickUp: booked,
    scheduledArrival: observation.scheduledArrival,
    estimatedArrival: estimate,
    capHours: rules.capHours,
  });
  let pickUp = moved.pickUp;
  let problem: Update['flightMoveProblem'] = moved.capped ? 'capped' : null;
  const tz = rules.timeZone;
  const held = {
    first: businessDate(booking.startDatetime, tz),
    last: businessDate(booking.endDatetime, tz),
  };
  const wanted = businessDate(pickUp, tz);
  if (wanted > held.last) {
    const lot = await lockLotIn(db, booking.lotId);
    const added = addedDaySpans(held, { first: held.first, last: wanted });
    if (!(await roomFor(db, lot, added, tz, rules.now, booking))) {
      // The days already held stay held: the pick-up goes no later than the lot has room for.
      pickUp = booking.endDatetime.getTime() > booked.getTime() ? booking.endDatetime : booked;
      problem = 'lot_full';
    }
  }
  const delayed = moved.delayMinutes > 0;
  return {
    endDatetime: pickUp,
    bookedEndDatetime: delayed || pickUp.getTime() !== booked.getTime() ? booked : null,
    flightStatus: delayed ? 'delayed' : null,
    flightDelayMinutes: moved.delayMinutes,
    flightMoveProblem: problem,
  };
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/**
 * Applies what is known of a booking's arriving flight, in the caller's transaction. Answers what to tell
 * the traveller after commit: a new delay or pick-up, or a cancellation; null when nothing changed for them.
 */
export async function applyFlightObservation(
  db: Executor,
  bookingId: number,
  observation: FlightObservation,
  rules: FlightRules,
): Promise<FlightNotice | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking?.endDatetime || booking.status !== 'complete') return null;
  const current = { ...booking, endDatetime: booking.endDatetime };
  const booked = booking.bookedEndDatetime ?? booking.endDatetime;
  // A provider's flight is the booking's only when it is timetabled on the return day near the booked
  // pick-up: an unknown schedule, or another flight of that number (a traveller naming a later one to
  // move their pick-up for free), moves and marks nothing. Staff measure from the booked pick-up itself.
  const theirs =
    observation.source === 'staff' ||
    (observation.scheduledArrival !== null &&
      arrivalFitsPickUp(observation.scheduledArrival, booked, rules.timeZone));
  if (!theirs) {
    await db.update(bookings).set({ flightChecked: rules.now }).where(eq(bookings.id, booking.id));
    return null;
  }
  // The bring-up board (issue 41): the latest known arrival orders the cars; a landing moves the card to Landed
  // and texts the traveller the "I have landed" link.
  if (observation.state !== 'cancelled')
    await bringUpFlightNews(db, booking.id, {
      landed: observation.state === 'landed',
      arrival: observation.estimatedArrival ?? observation.scheduledArrival,
      now: rules.now,
    });
  const next: Update =
    observation.state === 'cancelled'
      ? {
          endDatetime: booking.endDatetime,
          bookedEndDatetime: booked,
          flightStatus: 'cancelled',
          flightDelayMinutes: 0,
          flightMoveProblem: null,
        }
      : await delayUpdate(db, current, booked, observation, rules);
  const unchanged =
    sameInstant(next.endDatetime, booking.endDatetime) &&
    sameInstant(next.bookedEndDatetime, booking.bookedEndDatetime) &&
    next.flightStatus === booking.flightStatus &&
    next.flightDelayMinutes === booking.flightDelayMinutes &&
    next.flightMoveProblem === booking.flightMoveProblem;
  await db
    .update(bookings)
    .set(unchanged ? { flightChecked: rules.now } : { ...next, flightChecked: rules.now, updated: rules.now })
    .where(eq(bookings.id, booking.id));
  if (unchanged) return null;
  // A later pick-up (and its shuttle) shows on the wallet pass.
  await queueWalletPassUpdate(db, booking.id);
  await db.insert(bookingLogs).values({
    bookingId: booking.id,
    userId: rules.userId,
    timestamp: rules.now,
    action: observation.state === 'cancelled' ? 'flight_cancelled' : 'flight_delay',
    info: {
      source: observation.source,
      delayMinutes: next.flightDelayMinutes,
      ...(next.flightMoveProblem ? { problem: next.flightMoveProblem } : {}),
      ...(sameInstant(next.endDatetime, booking.endDatetime)
        ? {}
        : { endDatetime: [booking.endDatetime.toISOString(), next.endDatetime?.toISOString() ?? null] }),
    },
  });
  if (next.flightStatus === 'cancelled') return { bookingId: booking.id, state: 'cancelled' };
  // Back on time after a delay also moves the pick-up (back to as booked): the traveller is told that too.
  return { bookingId: booking.id, state: 'delayed' };
}

/**
 * A pick-up or arriving flight changed by hand (staff's booking form, the traveller's change) makes a new
 * booked pick-up: what a flight did to the old one no longer applies, and the poller starts again from it.
 */
export function flightResetFor(changed: Record<string, unknown>): Partial<Update> {
  return 'endDatetime' in changed || 'flightNumberIn' in changed
    ? { bookedEndDatetime: null, flightStatus: null, flightDelayMinutes: 0, flightMoveProblem: null }
    : {};
}

/** A booking whose arriving flight the poller asks about. */
export interface ArrivingBooking {
  id: number;
  flightNumber: string;
  /** The business date of the pick-up as booked: the flight's arrival date. */
  date: string;
}

/**
 * Complete bookings with an arrival flight whose pick-up as booked is within the next `aheadHours`, or
 * passed less than the free cap ago (a flight late by hours is still on its way).
 */
export async function arrivingBookings(
  db: Executor,
  now: Date,
  options: { aheadHours: number; capHours: number; timeZone: string; flightNumber?: string; date?: string },
): Promise<ArrivingBooking[]> {
  const booked = sql<Date>`coalesce(${bookings.bookedEndDatetime}, ${bookings.endDatetime})`;
  const from = new Date(now.getTime() - options.capHours * 3_600_000);
  const to = new Date(now.getTime() + options.aheadHours * 3_600_000);
  const range = options.date
    ? [
        gte(booked, new Date(`${addDaysToDate(options.date, -1)}T00:00:00Z`)),
        lte(booked, new Date(`${addDaysToDate(options.date, 2)}T00:00:00Z`)),
      ]
    : [gte(booked, from), lte(booked, to)];
  const rows = await db
    .select({ id: bookings.id, flightNumber: bookings.flightNumberIn, booked })
    .from(bookings)
    .where(and(eq(bookings.status, 'complete'), ne(bookings.flightNumberIn, ''), ...range));
  return rows
    .map((row) => ({
      id: row.id,
      flightNumber: normaliseFlightNumber(row.flightNumber),
      // A raw sql column is not mapped by drizzle: a Date or a string, as the driver gives it.
      date: businessDate(new Date(row.booked), options.timeZone),
    }))
    .filter(
      (row) =>
        (!options.flightNumber || row.flightNumber === options.flightNumber) &&
        (!options.date || row.date === options.date),
    );
}

/** Bookings grouped by flight and date: one provider call per flight, whatever the number of cars on it. */
export function byFlight(rows: readonly ArrivingBooking[]): Map<string, ArrivingBooking[]> {
  const groups = new Map<string, ArrivingBooking[]>();
  for (const row of rows) {
    const key = `${row.flightNumber}|${row.date}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return groups;
}

/** Applies one flight's arrival to each of its bookings, each in its own transaction with its notice queued. */
export async function applyToBookings(
  database: Database,
  rows: readonly ArrivingBooking[],
  observation: FlightObservation,
  rules: FlightRules,
): Promise<FlightNotice[]> {
  const notices: FlightNotice[] = [];
  for (const row of rows) {
    const notice = await database.transaction(async (tx) => {
      const told = await applyFlightObservation(tx, row.id, observation, rules);
      // The traveller is told once the move has committed, by the job queue.
      if (told) await queueFlightNotice(tx, told);
      return told;
    });
    if (notice) notices.push(notice);
  }
  return notices;
}
