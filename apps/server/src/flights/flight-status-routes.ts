/**
 * Flight-aware returns (issue 24).
 *
 *   POST local-flight-statuses/        staff; the local flight-status provider's flight (development, tests,
 *                                      the demo): its arrival estimate or cancellation, applied at once to the
 *                                      bookings on it. 404 when another provider (or none) runs.
 *   POST bookings/{id}/flight-delays/  staff; a delay set by hand on the diary (minutes after the pick-up as
 *                                      booked), a cancellation, or back on time.
 */
import { eq, sql } from 'drizzle-orm';
import {
  bookingFlightDelaySchema,
  flightDelayMessages,
  localFlightStatusSchema,
  normaliseFlightNumber,
} from '@parking/domain/flight-delay';
import { addDaysToDate, businessDate } from '@parking/domain/dates';
import type { RequestContext } from '../context';
import { bookings, localFlightStatuses } from '../db/schema/index';
import type { BookingRow } from '../db/rows';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { iso } from '@parking/domain/api-values';
import { pollFlights } from './flight-poll';
import { returnBusTime } from '../bookings/booking-attributes-resource';
import { applyFlightObservation, type FlightObservation } from './flight-delays';
import { queueFlightNotice } from './flight-notices';

async function staffBooking(ctx: RequestContext, target: { id: number }): Promise<BookingRow> {
  const [booking] = await ctx.db.select().from(bookings).where(eq(bookings.id, target.id));
  if (!booking) throw errors.notFound('Booking not found');
  return booking;
}

/** The booking's flight fields, as the diary reads them after a change. */
function presentFlight(row: BookingRow, timeZone: string) {
  return {
    type: 'bookings',
    id: String(row.id),
    attributes: {
      endDatetime: iso(row.endDatetime),
      bookedEndDatetime: iso(row.bookedEndDatetime),
      flightStatus: row.flightStatus,
      flightDelayMinutes: row.flightDelayMinutes,
      flightMoveProblem: row.flightMoveProblem,
      returnBusTime: returnBusTime(row, timeZone),
      totalCost: row.totalCost,
    },
  };
}

export const flightStatusActions = [
  action({
    method: 'POST',
    path: 'local-flight-statuses/',
    type: 'local-flight-statuses',
    input: localFlightStatusSchema,
    access: 'staff',
    async handle(ctx, { attributes }) {
      const provider = ctx.services.flightStatus;
      if (provider?.name !== 'local') throw errors.notFound();
      const { config } = ctx.services;
      // A flight of the bookings that can exist: from a week back to the booking horizon.
      const today = businessDate(ctx.now, config.timeZone);
      if (
        attributes.date < addDaysToDate(today, -7) ||
        attributes.date > addDaysToDate(today, config.stayLimits.horizonDays + config.stayLimits.maxStayDays)
      )
        throw errors.invalid(flightDelayMessages.dateOutOfRange, '/data/attributes/date');
      const flightNumber = normaliseFlightNumber(attributes.flightNumber);
      const estimatedArrival = attributes.estimatedArrival ? new Date(attributes.estimatedArrival) : null;
      if (attributes.state !== 'cancelled' && !estimatedArrival)
        throw errors.invalid(flightDelayMessages.estimateRequired, '/data/attributes/estimatedArrival');
      const scheduledArrival = new Date(attributes.scheduledArrival);
      if (businessDate(scheduledArrival, config.timeZone) !== attributes.date)
        throw errors.invalid(flightDelayMessages.scheduledOnDate, '/data/attributes/scheduledArrival');
      const values = {
        flightNumber,
        arrivalDate: attributes.date,
        state: attributes.state,
        scheduledArrival,
        estimatedArrival: attributes.state === 'cancelled' ? null : estimatedArrival,
        updatedById: ctx.user?.id ?? null,
        updated: ctx.now,
      };
      await ctx.db
        .insert(localFlightStatuses)
        .values(values)
        .onConflictDoUpdate({
          target: [localFlightStatuses.flightNumber, localFlightStatuses.arrivalDate],
          set: {
            state: sql`excluded.state`,
            scheduledArrival: sql`excluded.scheduled_arrival`,
            estimatedArrival: sql`excluded.estimated_arrival`,
            updatedById: sql`excluded.updated_by_id`,
            updated: sql`excluded.updated`,
          },
        });
      // What the poller would do at its next round, done now for this flight (and only this flight).
      const result = await pollFlights(ctx.services, provider, ctx.now, {
        flightNumber,
        date: attributes.date,
      });
      return {
        data: {
          type: 'local-flight-statuses',
          id: `${flightNumber}-${attributes.date}`,
          attributes: {
            flightNumber,
            date: attributes.date,
            state: attributes.state,
            scheduledArrival: iso(values.scheduledArrival),
            estimatedArrival: iso(values.estimatedArrival),
          },
        },
        meta: { bookingsTold: result.notices },
      };
    },
  }),

  action({
    method: 'POST',
    path: 'bookings/:id/flight-delays/',
    type: 'flight-delays',
    input: bookingFlightDelaySchema,
    access: 'staff',
    load: staffBooking,
    transaction: true,
    status: 200,
    async handle(ctx, { loaded, attributes }) {
      if (!loaded.endDatetime || loaded.status !== 'complete')
        throw errors.invalid(flightDelayMessages.notReturning);
      const booked = loaded.bookedEndDatetime ?? loaded.endDatetime;
      const observation: FlightObservation =
        attributes.state === 'cancelled'
          ? { state: 'cancelled', scheduledArrival: null, estimatedArrival: null, source: 'staff' }
          : {
              state: attributes.state,
              scheduledArrival: null,
              estimatedArrival:
                attributes.state === 'delayed'
                  ? new Date(booked.getTime() + attributes.delayMinutes * 60_000)
                  : booked,
              source: 'staff',
            };
      const { config } = ctx.services;
      const notice = await applyFlightObservation(ctx.db, loaded.id, observation, {
        now: ctx.now,
        timeZone: config.timeZone,
        capHours: config.flightDelayFreeHours,
        userId: ctx.user?.id ?? null,
      });
      if (notice) await queueFlightNotice(ctx.db, notice);
      const [row] = await ctx.db.select().from(bookings).where(eq(bookings.id, loaded.id));
      return { data: presentFlight(row ?? loaded, config.timeZone) };
    },
  }),
];
