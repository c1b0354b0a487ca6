/**
 * A booking's edit history (back office, Admins: the booking's last changes) in sentences: each log
 * entry's action and info as a person would say it, with the booking form's field labels, never the
 * stored names ("Changed Arrival Date and Extras", not "Changed endDatetime, extras").
 */
import { formatDelay } from './flight-delay-format';

/** The booking form's labels (back-office §2 "Booking add/edit screen") of the fields a log names. */
export const BOOKING_FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  firstName: 'First Name',
  lastName: 'Last Name',
  phoneNumber: 'Phone Number',
  email: 'Email',
  business: 'Business',
  rego: 'Rego',
  make: 'Make',
  model: 'Model',
  colour: 'Colour',
  vehicleType: 'Vehicle Type',
  vehicle: 'Vehicle',
  customer: 'Customer',
  bookingType: 'Booking Type',
  lot: 'Parking Space',
  lotRegion: 'Parking Region',
  lotRegionRow: 'Row',
  startDatetime: 'Departure Date',
  endDatetime: 'Arrival Date',
  airlineOut: 'Departure Airline',
  airlineIn: 'Arrival Airline',
  flightNumberOut: 'Flight Number',
  flightNumberIn: 'Arrival Flight Number',
  busDepartureTime: 'Bus Departure Time',
  passengersOut: 'Passengers Out',
  passengersIn: 'Passengers In',
  extras: 'Extras',
  extrasPrices: 'Extras prices',
  publicNotes: 'Public Notes',
  notes: 'Admin Notes',
  parkingCost: 'Parking Charges',
  extrasCost: 'Extras Charges',
  discount: 'Promo Code',
  promoCode: 'Promo Code',
  discountRate: 'Discount Rate',
  amountDiscounted: 'Amount Discounted',
  subscriptionDiscount: 'Subscription Discount',
  totalCost: 'Total Cost',
  amountPaid: 'Amount Paid',
  paymentMethod: 'Payment Method',
  paymentStatus: 'Payment Status',
  paymentDatetime: 'Payment Date',
  stripeComplete: 'Paid in full by card',
  status: 'Status',
  fuelLevel: 'Fuel Level',
  damage: 'Damage',
  parkedBy: 'Parked By',
  timeParked: 'Date Parked',
  kilometers: 'Kilometers',
  vehicleNotes: 'Vehicle Notes',
  hadSubscription: 'Subscription',
};

/** "Arrival Date" for endDatetime; an unknown name in words ("someField" → "Some field"). */
export function bookingFieldLabel(name: string): string {
  const known = BOOKING_FIELD_LABELS[name] ?? BOOKING_FIELD_LABELS[name.replace(/Id$/, '')];
  if (known) return known;
  const words = name
    .replace(/Id$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

const text = (info: Record<string, unknown>, key: string): string => {
  const value = info[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};
/** '12.50' → '$12.50'; '' stays ''. */
const dollars = (amount: string) => (amount === '' ? '' : `$${amount}`);
const positive = (amount: string) => amount !== '' && Number(amount) > 0;

const REASONS: Record<string, string> = {
  no_space: 'the car park filled up before the payment arrived',
  handed_back: 'the car was handed back before the payment arrived',
};

/** One log entry (`booking-logs`: action and info) as a sentence. */
export function describeBookingLog(action: string, rawInfo: unknown): string {
  const info =
    typeof rawInfo === 'object' && rawInfo !== null && !Array.isArray(rawInfo)
      ? (rawInfo as Record<string, unknown>)
      : {};
  const amount = dollars(text(info, 'amount'));
  const reason = REASONS[text(info, 'reason')];
  switch (action) {
    case 'created': {
      const source = text(info, 'source');
      const total = positive(text(info, 'totalCost')) ? ` for ${dollars(text(info, 'totalCost'))}` : '';
      if (source === 'website') return `Booked online${total}`;
      if (source === 'staff') return `Created in the back office${total}`;
      return `Created${total}`;
    }
    case 'updated': {
      const fields = [...new Set(Object.keys(info).map(bookingFieldLabel))];
      return fields.length ? `Changed ${listInWords(fields)}` : 'Updated';
    }
    case 'payment_succeeded':
      return amount ? `Card payment of ${amount} received` : 'Card payment received';
    case 'payment_failed': {
      const message = text(info, 'message');
      return message ? `Card payment failed: ${message}` : 'Card payment failed';
    }
    case 'cancelled': {
      if (reason) return `Cancelled: ${reason}`;
      const online = text(info, 'source') === 'manage-booking';
      const refund = positive(text(info, 'refund')) ? `, ${dollars(text(info, 'refund'))} to refund` : '';
      return `${online ? 'Cancelled online by the traveller' : 'Cancelled'}${refund}`;
    }
    case 'refund_due':
      return amount ? `Refund of ${amount} due` : 'Refund due';
    case 'refunded': {
      const credit = text(info, 'credit');
      const parts = [];
      if (positive(text(info, 'amount'))) parts.push(`Refunded ${amount} to the card`);
      if (positive(credit)) parts.push(`${dollars(credit)} paid another way to be handed back by staff`);
      return parts.length ? parts.join('; ') : 'Refund recorded';
    }
    case 'extended':
      return 'Stay extended online while the car is with us: pick-up moved later';
    case 'change_withdrawn':
      return 'Change waiting for its payment dropped: booking kept as it was';
    case 'change_refused':
      return `Change refused: ${reason ?? 'it could not be made'}; its payment is refunded`;
    case 'flight_delay': {
      const minutes = Number(text(info, 'delayMinutes') || 0);
      if (!minutes) return 'Arriving flight on time: pick-up as booked';
      const problem = text(info, 'problem');
      const how =
        problem === 'lot_full'
          ? 'pick-up not moved, the car park is full'
          : problem === 'capped'
            ? 'pick-up moved by the free hours only, free of charge'
            : 'pick-up moved free of charge';
      return `Arriving flight delayed ${formatDelay(minutes)}: ${how}`;
    }
    case 'flight_cancelled':
      return 'Arriving flight cancelled: traveller told, nothing charged';
    case 'bring_up': {
      // The return trip (issue 41): the car's step on the bring-up board, and who took it.
      const label = text(info, 'label');
      const by = text(info, 'askedBy') === 'traveller' ? ' (the traveller tapped "I have landed")' : '';
      return label ? `Bring-up: ${label}${by}` : 'Bring-up changed';
    }
    case 'abandoned':
      return 'Abandoned: not paid within the 15 minutes the space was held';
    default: {
      const words = action.replace(/_/g, ' ');
      return words.charAt(0).toUpperCase() + words.slice(1);
    }
  }
}
