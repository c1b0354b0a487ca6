/**
 * The API contract: Manage my booking (the booking's code and email, or its customer, or staff). Value
 * formats and who sees what: see ./json.ts.
 */
import type { BookingFlightStatus } from '../flight-delay';
import type { StayChargesAttributes } from './prices';

/** An extra on a managed booking, at the price it was sold at. */
export interface ManagedBookingExtra {
  id: string;
  name: string;
  price: string;
}

/**
 * `manage-bookings` (GET manage-bookings/{id}/, and the answers of its actions): the booking as manage
 * my booking shows it, with the rules of changing and cancelling it, for staff, the customer it belongs
 * to and a guest holding its token. Related records are named inline (no relationships).
 */
export interface ManagedBookingAttributes extends StayChargesAttributes {
  bookingCode: string;
  status: string;
  paymentStatus: string;
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  startDatetime: string;
  /** Null for an open-ended stay. */
  endDatetime: string | null;
  /** The pick-up as booked, when a late arriving flight moved it (issue 24); else null. */
  bookedEndDatetime: string | null;
  /** The arriving flight, when late or cancelled; how late in minutes. */
  flightStatus: BookingFlightStatus | null;
  flightDelayMinutes: number;
  /** '' when the lot is gone. */
  lotName: string;
  lotSlug: string;
  rego: string;
  make: string;
  model: string;
  colour: string;
  vehicleTypeId: string | null;
  /** '' without a vehicle type. */
  vehicleTypeName: string;
  airlineOutId: string | null;
  /** '' without an airline. */
  airlineOutName: string;
  airlineInId: string | null;
  airlineInName: string;
  flightNumberOut: string;
  flightNumberIn: string;
  /** 'HH:mm:ss', or null without a shuttle. */
  busDepartureTime: string | null;
  passengersOut: number;
  passengersIn: number;
  extras: ManagedBookingExtra[];
  promoCode: string;
  /** What the ledger holds as paid, less refunds. */
  amountPaid: string;
  /** What the ledger holds as refunded ("0.00" when nothing was). */
  amountRefunded: string;
  /** What is still owed. */
  amountDue: string;
  /** Going ahead (complete, pending or payment failed), before the cut-off, and the car not yet checked in. */
  canManage: boolean;
  /**
   * The car is with us (checked in, not handed back) and its pick-up is still ahead: the return may be
   * moved later (extend while away, issue 41), and nothing else changed online.
   */
  canExtend: boolean;
  /** Changes and cancellations are taken until then. */
  cutoffDatetime: string;
  cutoffHours: number;
  /** What cancelling now would refund; null when it can no longer be managed. */
  cancellationRefund: string | null;
  /** Cancelling now refunds the parking in full (more than fullRefundHours ahead). */
  fullParkingRefund: boolean;
  fullRefundHours: number;
  /** A dearer change waiting for its difference to be paid (issue 40); null when there is none. */
  pendingChange: PendingChangeAttributes | null;
}

/**
 * A change that costs more than was paid, made once its difference is paid: the booking as the change
 * would make it, and until when the places it adds are held. Dropped with DELETE
 * manage-bookings/{id}/pending-change/ ("Keep my booking as it is").
 */
export interface PendingChangeAttributes extends StayChargesAttributes {
  startDatetime: string;
  /** Null for an open-ended stay. */
  endDatetime: string | null;
  /** The booking's fields the change alters (the API's names, and "extras"). */
  changed: string[];
  /** The difference to pay. */
  amountDue: string;
  /** The places the change adds are held until then (a payment after it meets the car park as it is). */
  holdExpires: string;
  /** The card payment for the difference, or null when none is open. */
  clientSecret: string | null;
  /** The promo code the booking was made with, when it does not apply to the new dates. */
  promoDropped: string | null;
}

/**
 * The answer of POST manage-bookings/{id}/changes/ (a `manage-bookings` resource): the booking as
 * changed, and what the change did with the money.
 */
export interface BookingChangeAttributes extends ManagedBookingAttributes {
  /** The card payment for the difference, or null when there is none to pay. */
  clientSecret: string | null;
  /** Refunded to the card. */
  refunded: string;
  /** Owed back but paid some other way (cash, EFTPOS, account): for staff to settle. */
  credit: string;
  /** A change that costs more is made once its difference is paid (amountDue is that difference). */
  changePending: boolean;
  /** Until when the new days are held for a pending change; null otherwise. */
  holdExpires: string | null;
  /** The promo code the booking was made with, when it does not apply to the new dates. */
  promoDropped: string | null;
}

/** The answer of POST manage-bookings/{id}/cancellation/ (a `manage-bookings` resource). */
export interface CancellationAttributes extends ManagedBookingAttributes {
  /** Refunded by this cancellation ("0.00" when asked again). */
  refunded: string;
}

/**
 * `change-quotes` (POST manage-bookings/{id}/change-quotes/): what a change would cost, nothing saved;
 * its charges are the booking's as changed (totalCost the new total).
 */
export interface ChangeQuoteAttributes extends StayChargesAttributes {
  /** Paid so far. */
  amountPaid: string;
  /** To pay for the change. */
  amountDue: string;
  /** To refund for the change. */
  refund: string;
  /** The booking's fields the change alters ([] when nothing would change). */
  changed: string[];
  promoDropped: string | null;
}

/** `manage-booking-sessions` (POST manage-booking-sessions/): a guest's short-lived token for a booking. */
export interface ManageBookingSessionAttributes {
  /** Sent back as X-Manage-Token. */
  token: string;
  expires: string;
  bookingId: string;
}

/** `payments` of POST manage-bookings/{id}/payments/: a card payment opened for what is owed. */
export interface BalancePaymentAttributes {
  amount: string;
  clientSecret: string;
}
