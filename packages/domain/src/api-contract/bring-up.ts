/**
 * The API contract of the return trip (issue 41): the bring-up board's cards (staff) and a booking's bring-up as
 * Manage my booking shows it (the booking's traveller). Datetimes ISO 8601; null when not (yet) known.
 */
import type { BringUpState } from '../bring-up';
import type { CustodyStatus } from '../custody';

/** `bring-up-cards` (GET bring-up-board/?date=, and the board's event stream): one pick-up; its id the booking's. */
export interface BringUpCardAttributes {
  bookingCode: string;
  /** The business date of the pick-up: the board the card belongs to. */
  date: string;
  firstName: string;
  lastName: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  lotName: string;
  flightNumberIn: string;
  /** The pick-up as booked. */
  bookedPickUp: string;
  /** The flight's latest known arrival, from the flight-status poller; null when none is known. */
  arrival: string | null;
  /** When the car is needed: (arrival, else the booked pick-up) + shuttle + walk. The board's order. */
  neededAt: string;
  state: BringUpState;
  /** The status in the desk's words ("Being brought up by Jack", "Ready at bay 3"). */
  label: string;
  landedAt: string | null;
  askedAt: string | null;
  askedBy: 'traveller' | 'staff' | null;
  bringingBy: string | null;
  readyAt: string | null;
  bay: string | null;
  handedBackAt: string | null;
  /** Since when the traveller has waited on the desk; null when nobody waits. */
  waitingSince: string | null;
  custodyStatus: CustodyStatus;
}

/** `bring-ups` (GET manage-bookings/{id}/bring-up/, POST manage-bookings/{id}/landed/, the booking's stream). */
export interface TravellerBringUpAttributes {
  state: BringUpState;
  /** The status in the traveller's words ("Your car is being brought up by Jack", "Ready at bay 3"). */
  text: string;
  bringingBy: string | null;
  bay: string | null;
  askedAt: string | null;
  /** Whether "I have landed" may still be tapped (one ask per booking, none after the hand-back). */
  canAsk: boolean;
  /** The shuttle that meets the arriving flight (it leaves at the pick-up, moved with a late flight). */
  shuttleTime: string | null;
}
