/** The API contract: Bookings. Value formats and who sees what: see ./json.ts. */
import type { CustodyStatus } from '../custody';
import type { BookingFlightStatus } from '../flight-delay';
import type { ApiJson } from './json';

/** `bookings`: a customer sees their own, staff all. */
export interface BookingAttributes {
  bookingCode: string;
  status: string;
  bookingType: string;
  title: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  email: string;
  business: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  startDatetime: string;
  /** Null for an open-ended stay. */
  endDatetime: string | null;
  /** 'HH:mm:ss', or null without a shuttle. */
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  flightNumberOut: string;
  flightNumberIn: string;
  lotRegionRow: number | null;
  parkingCost: string;
  extrasCost: string;
  /** The price each extra was sold at, keyed by extra id. */
  extrasPrices: Record<string, string>;
  discountRate: string;
  promoCode: string;
  amountDiscounted: string;
  subscriptionDiscount: string;
  totalCost: string;
  amountPaid: string;
  paymentMethod: string | null;
  paymentStatus: string;
  paymentDatetime: string | null;
  stripeComplete: boolean;
  hadSubscription: boolean;
  publicNotes: string;
  created: string;
  /** When the car was checked in, or null (everyone: My Bookings shows "Parked now"). */
  timeParked: string | null;
  /** The car's custody record (issue 23): not yet checked in, parked, or handed back. */
  custodyStatus: CustodyStatus;
  /**
   * Flight-aware returns (issue 24): the pick-up as booked before a late arriving flight moved it (null
   * while never moved), the flight's state, how late it is in minutes, and why the move fell short of the
   * delay (the free cap, or no room in the lot for the day it adds).
   */
  bookedEndDatetime: string | null;
  flightStatus: BookingFlightStatus | null;
  flightDelayMinutes: number;
  flightMoveProblem: 'capped' | 'lot_full' | null;
  /** 'HH:mm:ss': the shuttle that meets the arriving flight, at the pick-up; null without an arrival flight. */
  returnBusTime: string | null;
  /** Staff only: admin notes. */
  notes?: string;
  /** Staff only: the check-in record. */
  fuelLevel?: string;
  /** Staff only. */
  damage?: string;
  /** Staff only. */
  kilometers?: number | null;
  /** Staff only. */
  vehicleNotes?: string;
  /** Staff only: what it was sold through, "Website", "Staff" or the partner's name (domain booking-channel.ts). */
  channel?: string;
}

/**
 * What the diary reads of each booking (JSON:API sparse fieldsets): of a busy day's thousand bookings it asks
 * for these alone, and the server reads and sends only them. A row built from a booking holding only these is the
 * row built from the whole booking (apps/web's diary-rows.test.ts). The benchmark asks as the diary does.
 */
const DIARY_ATTRIBUTES = [
  'bookingCode',
  'startDatetime',
  'endDatetime',
  'bookedEndDatetime',
  'flightNumberOut',
  'flightNumberIn',
  'passengersOut',
  'passengersIn',
  'firstName',
  'lastName',
  'rego',
  'colour',
  'make',
  'model',
  'phoneNumber',
  'extrasPrices',
  'extrasCost',
  'paymentStatus',
  'publicNotes',
  'notes',
  'lotRegionRow',
  'custodyStatus',
  'flightStatus',
  'flightDelayMinutes',
  'flightMoveProblem',
  'channel',
] as const satisfies ReadonlyArray<keyof BookingAttributes>;
const DIARY_RELATIONSHIPS = ['airlineOut', 'airlineIn', 'lot', 'customer', 'lotRegion'] as const;
export const DIARY_BOOKING_FIELDS: readonly string[] = [...DIARY_ATTRIBUTES, ...DIARY_RELATIONSHIPS];
export type DiaryAttribute = (typeof DIARY_ATTRIBUTES)[number];

/** `booking-logs`: the edit history of a booking (Admins only). */
export interface BookingLogAttributes {
  timestamp: string;
  action: string;
  /** Changed fields `{ field: [before, after] }`, or context for the action. */
  info: ApiJson;
}

/** `audit-logs` (Admins only). */
export interface AuditLogAttributes {
  timestamp: string;
  resourceType: string;
  resourceId: string;
  action: string;
  /** 'system' for what the server did by itself; 'user' otherwise. */
  actor: string;
  changes: ApiJson;
}
