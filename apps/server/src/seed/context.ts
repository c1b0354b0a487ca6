/**
 * What every part of the demo seed shares: its options and summary, the seeded random source, the
 * calendar around `now`, chunked inserts, and the in-memory model the bookings are planned on.
 */
import { SeededRandom } from '@parking/domain/seeded-random';
import type { Executor } from '../db/client';
import type * as t from '../db/schema/index';
import { type Day, localDay, localInstant, minutesOf } from './calendar';
import type { LotSlug } from './data';

export interface SeedOptions {
  now: Date;
  /** The business time zone (days, weekday/weekend service and the diary are counted in it). */
  timeZone: string;
  /** The domain of placeholder emails (no-email-{uuid}@domain) of walk-in customers who gave none. */
  emailDomain: string;
}

export interface SeedSummary {
  users: number;
  customers: number;
  staffCustomers: number;
  vehicles: number;
  vehicleTypes: number;
  lots: number;
  lotRegions: number;
  shortTermRateDays: number;
  airlines: number;
  busTrips: number;
  flights: number;
  extras: number;
  extraVariations: number;
  discounts: number;
  exceptionalDays: number;
  blockoutPeriods: number;
  products: number;
  prices: number;
  bookings: number;
  bookingsByStatus: Record<string, number>;
  bookingExtras: number;
  bookingLogs: number;
  contactSubmissions: number;
  /** Drop-offs and pick-ups (complete bookings) on the local date of `now`. */
  today: { date: string; dropOffs: number; pickUps: number };
  /** Daily fill (complete bookings / spaces) per lot slug: the highest seeded, and the average of the last 92 days. */
  fill: Record<string, { peak: number; pastAverage: number }>;
  /**
   * What a first start shows (first-start.ts): the indoor car park's full day ('YYYY-MM-DD'), its desk limit
   * (cars per 15-minute slot), and its busy slot (start, ISO) with the cars booked in it.
   */
  firstStart: { fullDay: string; slotCapacity: number; busySlot: string; busySlotCars: number };
  milliseconds: number;
}

const SEED = 0x5eed_2026;
const CHUNK = 500;
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY_MS = 24 * HOUR;

/** Days of departures before and after today. */
const PAST_DAYS = 115;
const FUTURE_DAYS = 92;

/** One seed run: the transaction, the random source and the calendar around `now`. */
export interface SeedContext {
  tx: Executor;
  rng: SeededRandom;
  now: Date;
  nowMs: number;
  timeZone: string;
  emailDomain: string;
  today: Day;
  /** The first and last days of seeded departures. */
  firstDay: Day;
  lastDay: Day;
  /** Occupancy arrays cover every day a seeded stay can touch: `spanDays` days from `baseDay`. */
  baseDay: Day;
  spanDays: number;
  /** The instant of a local day and a clock time ('HH:mm') or minutes after midnight. */
  at: (day: Day, clock: string | number) => Date;
}

export function seedContext(tx: Executor, { now, timeZone, emailDomain }: SeedOptions): SeedContext {
  const today = localDay(now, timeZone);
  const firstDay = today - PAST_DAYS;
  const lastDay = today + FUTURE_DAYS;
  const baseDay = firstDay - 5;
  return {
    tx,
    rng: new SeededRandom(SEED),
    now,
    nowMs: now.getTime(),
    timeZone,
    emailDomain,
    today,
    firstDay,
    lastDay,
    baseDay,
    spanDays: lastDay - baseDay + 40,
    at: (day, clock) => localInstant(day, typeof clock === 'number' ? clock : minutesOf(clock), timeZone),
  };
}

/** Inserts rows in chunks of CHUNK (multi-row INSERTs), collecting what `insert` returns. */
export async function inChunks<Row, Out>(
  rows: readonly Row[],
  insert: (chunk: Row[]) => Promise<Out[]>,
): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(...(await insert(rows.slice(i, i + CHUNK))));
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// In-memory model used while generating bookings.

export interface LotInfo {
  id: number;
  slug: LotSlug;
  spaces: number;
  /** The most complete bookings allowed on one day: threshold x spaces. */
  capacity: number;
  /** The lot's rate table (1 to 14 days) and long-stay daily rate, as the domain prices them. */
  rates: { days: number; cents: number }[];
  longStayCents: number;
  regions: { id: number; rows: number }[];
  occupancy: Int32Array;
}

export interface FlightInfo {
  airlineId: number;
  airline: string;
  flightNumber: string;
  minutes: number;
  /** Departures only: the shuttle bus one hour or so before the flight. */
  busMinutes?: number;
}

export interface VehicleInfo {
  id: number;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: number;
  /** Booked local day ranges (inclusive), so that a car is never booked twice at once. */
  busy: [Day, Day][];
}

export interface CustomerInfo {
  id: number;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  business: string;
  userId: number | null;
  vehicles: VehicleInfo[];
  bookings: number;
}

export interface ExtraInfo {
  id: number;
  name: string;
  extraType: 'detailing' | 'service';
  public: boolean;
  basePrice: string;
  /** Price by vehicle type id, as money strings. */
  variations: Map<number, string>;
}

export interface BlockoutInfo {
  type: 'parking' | 'online_form' | 'extra';
  start: number;
  end: number;
  extraIds: Set<number>;
}

export interface ExceptionalInfo {
  /** Surcharge in cents by lot id. */
  surcharge: Map<number, number>;
  unavailable: Set<number>;
}

export type Channel = 'website' | 'staff';
export type Status = 'complete' | 'cancelled' | 'abandoned' | 'payment_failed';

export interface Stay {
  lot: LotInfo;
  day: Day;
  days: number;
  start: Date;
  end: Date;
  out: FlightInfo | undefined;
  in: FlightInfo | undefined;
}

export interface BookingPlan extends Stay {
  customer: CustomerInfo;
  vehicle: VehicleInfo;
  channel: Channel;
  status: Status;
  created: Date;
  extras: ExtraInfo[];
  promo: boolean;
  bookingType: string;
  /** Staff user who keyed a phone or counter booking; the customer's own user for a logged-in website booking. */
  createdById: number | null;
  passengersOut: number;
  /** A staff booking paid ahead (over the phone) instead of on return. */
  prepaid: boolean;
}

export type BookingInsert = typeof t.bookings.$inferInsert;
