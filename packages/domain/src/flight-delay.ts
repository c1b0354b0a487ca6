/**
 * A delayed return moves the booking, free (issue 24): when the arriving flight is late, the pick-up
 * follows it, measured from the pick-up as booked, never earlier than booked and never by more than
 * FLIGHT_DELAY_FREE_HOURS. The price does not change; whether the lot has room for a day the move adds
 * is the server's question (under the lot lock).
 */
import { z } from 'zod';
import { businessDate } from './dates';
import { calendarDate } from './fields';

export const DEFAULT_FLIGHT_DELAY_FREE_HOURS = 24;

/** What the flight-status provider (or staff) says about an arriving flight. */
export type FlightState = 'scheduled' | 'delayed' | 'cancelled' | 'landed';

/** The booking's flight state, as the diary and the traveller see it. */
export type BookingFlightStatus = 'delayed' | 'cancelled';

export interface DelayInput {
  /** The pick-up as booked (the arrival flight's scheduled time, or the time the traveller chose). */
  bookedPickUp: Date;
  /** The flight's scheduled arrival, when the provider knows it; else the booked pick-up stands for it. */
  scheduledArrival: Date | null;
  /** The flight's latest estimated (or actual) arrival. */
  estimatedArrival: Date;
  capHours: number;
}

export interface DelayedPickUp {
  /** How late the flight is, in whole minutes (rounded up), 0 when on time or early. */
  delayMinutes: number;
  /** How far the pick-up moves: the delay up to the cap. */
  movedMinutes: number;
  /** The new pick-up: the booked one plus movedMinutes. */
  pickUp: Date;
  /** Whether the delay went past the free cap (staff are told; the rest is not moved for free). */
  capped: boolean;
}

const MINUTE = 60_000;

/** The pick-up a late flight moves the booking to: booked + min(delay, cap), never before the booking. */
export function delayedPickUp(input: DelayInput): DelayedPickUp {
  const reference = input.scheduledArrival ?? input.bookedPickUp;
  const lateMs = input.estimatedArrival.getTime() - reference.getTime();
  const delayMinutes = lateMs > 0 ? Math.ceil(lateMs / MINUTE) : 0;
  const capMinutes = Math.max(0, Math.floor(input.capHours * 60));
  const movedMinutes = Math.min(delayMinutes, capMinutes);
  return {
    delayMinutes,
    movedMinutes,
    pickUp: new Date(input.bookedPickUp.getTime() + movedMinutes * MINUTE),
    capped: delayMinutes > capMinutes,
  };
}

/**
 * How near the booked pick-up a flight's scheduled arrival must be for it to be the booking's flight. A
 * traveller books the pick-up for when their flight lands (plus the walk and the shuttle), so a flight
 * scheduled more than this far from it is another flight: it neither moves the pick-up nor is accepted on
 * a change.
 */
export const FLIGHT_MATCH_HOURS = 6;

/**
 * Whether a flight scheduled to arrive at `scheduledArrival` is the one a booking with this pick-up comes
 * home on: the same business day and within FLIGHT_MATCH_HOURS of it.
 */
export function arrivalFitsPickUp(scheduledArrival: Date, pickUp: Date, timeZone: string): boolean {
  return (
    businessDate(scheduledArrival, timeZone) === businessDate(pickUp, timeZone) &&
    Math.abs(scheduledArrival.getTime() - pickUp.getTime()) <= FLIGHT_MATCH_HOURS * 3_600_000
  );
}

/** A flight number as providers and our table key it: upper case, no spaces ("qf 1234" → "QF1234"). */
export function normaliseFlightNumber(flightNumber: string): string {
  return flightNumber.replace(/\s+/g, '').toUpperCase();
}

export const flightDelayMessages = {
  noArrivalFlight: 'This booking has no arrival flight.',
  notReturning: 'This booking has no pick-up to move.',
  estimateRequired: 'Enter the estimated arrival time.',
  flightNumberRequired: 'This field is required.',
  flightNumberFormat: 'Enter a flight number such as QF 1234.',
  dateOutOfRange: 'Enter the date of a flight of a booking: from a week ago to the booking horizon.',
  scheduledRequired: 'Enter the scheduled arrival time.',
  scheduledOnDate: "Enter a scheduled arrival on the flight's date.",
  flightNotOnReturn:
    'This flight does not land on your return day near your pick-up time. Check the flight number, or change the pick-up time.',
} as const;

/** Staff set a booking's arrival by hand on the diary: a delay in minutes from the booked pick-up, or a cancellation. */
export const bookingFlightDelaySchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('delayed'),
    delayMinutes: z
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 60),
  }),
  z.object({ state: z.literal('cancelled') }),
  z.object({ state: z.literal('scheduled') }),
]);
export type BookingFlightDelayInput = z.infer<typeof bookingFlightDelaySchema>;

/** The local provider's flight, set by staff (or a test): an arriving flight's estimate on a business date. */
export const localFlightStatusSchema = z.object({
  flightNumber: z
    .string()
    .trim()
    .min(1, flightDelayMessages.flightNumberRequired)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{1,11}$/, flightDelayMessages.flightNumberFormat),
  /** The business date of the flight's scheduled arrival, YYYY-MM-DD. */
  date: calendarDate(),
  state: z.enum(['scheduled', 'delayed', 'cancelled', 'landed']),
  /** When the flight is timetabled to land, ISO 8601 with offset: which bookings it is the flight of. */
  scheduledArrival: z.string({ error: flightDelayMessages.scheduledRequired }).datetime({ offset: true }),
  /** ISO 8601 with offset; null for a cancelled flight. */
  estimatedArrival: z.string().datetime({ offset: true }).nullable(),
});
export type LocalFlightStatusInput = z.infer<typeof localFlightStatusSchema>;

/** The diary's Flight dialog: what staff know of a booking's arriving flight. */
export const flightDelayDialogSchema = z
  .object({
    state: z.enum(['delayed', 'cancelled', 'scheduled']),
    hours: z.string().trim(),
    minutes: z.string().trim(),
  })
  .superRefine((value, context) => {
    if (value.state !== 'delayed') return;
    const hours = value.hours === '' ? 0 : Number(value.hours);
    const minutes = value.minutes === '' ? 0 : Number(value.minutes);
    if (!Number.isInteger(hours) || hours < 0 || hours > 168)
      context.addIssue({ code: 'custom', path: ['hours'], message: 'Enter whole hours from 0 to 168.' });
    else if (!Number.isInteger(minutes) || minutes < 0 || minutes > 59)
      context.addIssue({ code: 'custom', path: ['minutes'], message: 'Enter whole minutes from 0 to 59.' });
    else if (hours * 60 + minutes === 0)
      context.addIssue({ code: 'custom', path: ['hours'], message: 'Enter how late the flight is.' });
  });
export type FlightDelayDialogValues = z.input<typeof flightDelayDialogSchema>;

/** The dialog's values as the API's flight-delays attributes. */
export function flightDelayAttributes(
  values: z.output<typeof flightDelayDialogSchema>,
): BookingFlightDelayInput {
  if (values.state !== 'delayed') return { state: values.state };
  return { state: 'delayed', delayMinutes: Number(values.hours || 0) * 60 + Number(values.minutes || 0) };
}
