/**
 * A booking's attributes (the spec's names), one reader each: the bookings resource answers them all, or those a
 * sparse fieldset names (the diary asks for the two dozen its rows show, of a thousand bookings). Staff alone see
 * the admin notes and the rest of the check-in record.
 */
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { bookingChannel } from '@parking/domain/booking-channel';
import type { CustodyStatus } from '@parking/domain/custody';
import { businessTimeOfDay } from '@parking/domain/dates';
import { fractionText, iso, moneyText } from '@parking/domain/api-values';
import { isStaff, type RequestContext } from '../context';
import type { BookingRow } from '../db/rows';
import { computeAttributes, type AttributeReaders } from '../jsonapi/sparse';
import type { JsonValue } from '../jsonapi/resource';
import type { BookingListRow } from './booking-read';

type StaffOnly = 'notes' | 'fuelLevel' | 'damage' | 'kilometers' | 'vehicleNotes' | 'channel';

/** The shuttle meets the arriving flight: its time is the pick-up's (moved with it when the flight is late). */
export function returnBusTime(
  row: Pick<BookingRow, 'endDatetime' | 'flightNumberIn'>,
  timeZone: string,
): string | null {
  return row.endDatetime && row.flightNumberIn ? `${businessTimeOfDay(row.endDatetime, timeZone)}:00` : null;
}

const CUSTODY_STATUSES: readonly CustodyStatus[] = ['awaiting', 'parked', 'handed_back'];
const custodyStatus = (value: string): CustodyStatus =>
  CUSTODY_STATUSES.find((status) => status === value) ?? 'awaiting';

const everyone: AttributeReaders<BookingListRow, Omit<BookingAttributes, StaffOnly>> = {
  bookingCode: (row) => row.bookingCode,
  status: (row) => row.status,
  bookingType: (row) => row.bookingType,
  title: (row) => row.title,
  firstName: (row) => row.firstName,
  lastName: (row) => row.lastName,
  phoneNumber: (row) => row.phoneNumber,
  email: (row) => row.email,
  business: (row) => row.business,
  rego: (row) => row.rego,
  make: (row) => row.make,
  model: (row) => row.model,
  colour: (row) => row.colour,
  startDatetime: (row) => iso(row.startDatetime),
  endDatetime: (row) => iso(row.endDatetime),
  busDepartureTime: (row) => row.busDepartureTime,
  passengersOut: (row) => row.passengersOut,
  passengersIn: (row) => row.passengersIn,
  flightNumberOut: (row) => row.flightNumberOut,
  flightNumberIn: (row) => row.flightNumberIn,
  lotRegionRow: (row) => row.lotRegionRow,
  parkingCost: (row) => moneyText(row.parkingCost),
  extrasCost: (row) => moneyText(row.extrasCost),
  extrasPrices: (row) =>
    Object.fromEntries(Object.entries(row.extrasPrices).map(([id, price]) => [id, moneyText(price)])),
  discountRate: (row) => fractionText(row.discountRate),
  promoCode: (row) => row.promoCode,
  amountDiscounted: (row) => moneyText(row.amountDiscounted),
  subscriptionDiscount: (row) => moneyText(row.subscriptionDiscount),
  totalCost: (row) => moneyText(row.totalCost),
  amountPaid: (row) => moneyText(row.amountPaid),
  paymentMethod: (row) => row.paymentMethod,
  paymentStatus: (row) => row.paymentStatus,
  paymentDatetime: (row) => iso(row.paymentDatetime),
  stripeComplete: (row) => row.stripeComplete,
  hadSubscription: (row) => row.hadSubscription,
  publicNotes: (row) => row.publicNotes,
  created: (row) => iso(row.created),
  // When the car was checked in: My Bookings shows a checked-in stay as "Parked now".
  timeParked: (row) => iso(row.timeParked),
  custodyStatus: (row) => custodyStatus(row.custodyStatus),
  bookedEndDatetime: (row) => iso(row.bookedEndDatetime),
  flightStatus: (row) => row.flightStatus,
  flightDelayMinutes: (row) => row.flightDelayMinutes,
  flightMoveProblem: (row) => row.flightMoveProblem,
  returnBusTime: (row, ctx) => returnBusTime(row, ctx.services.config.timeZone),
};

const staffOnly: AttributeReaders<BookingListRow, Pick<BookingAttributes, StaffOnly>> = {
  notes: (row) => row.notes,
  fuelLevel: (row) => row.fuelLevel,
  damage: (row) => row.damage,
  kilometers: (row) => row.kilometers,
  vehicleNotes: (row) => row.vehicleNotes,
  // Website, Staff or the partner's name (issue 42): staff's screens name the channel of every booking.
  channel: (row) => bookingChannel(row).label,
};

/** Every attribute's name, and the row's fields of those that are not a field of their own name. */
export const bookingSparse = {
  attributes: [...Object.keys(everyone), ...Object.keys(staffOnly)],
  reads: {
    returnBusTime: ['endDatetime', 'flightNumberIn'],
    channel: ['bookingType', 'partnerName'],
  },
};

export function bookingAttributes(
  row: BookingListRow,
  ctx: RequestContext,
  only: ReadonlySet<string> | undefined,
): Record<string, JsonValue> {
  const attributes = computeAttributes<BookingListRow>(everyone, row, ctx, only);
  return isStaff(ctx.user)
    ? computeAttributes<BookingListRow>(staffOnly, row, ctx, only, attributes)
    : attributes;
}
