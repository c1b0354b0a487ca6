/**
 * The back office's booking form (back-office §2 "Booking add/edit screen", §4, §5): what it holds, its
 * rules with the spec's messages, and the booking document it saves. The stay's instants follow the
 * drop-off time, which choosing a flight sets to 10 minutes before its shuttle bus (as the wizard does,
 * booking-wizard.ts) and staff may change, and the arrival time. The server validates the saved booking
 * again (booking.ts) and computes every cost itself.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES, TITLES } from './constants';
import { OTHER_FLIGHT, dropOffTime } from './booking-wizard';
import { addDaysToDate, busTimeForFlight, businessInstant, TIME_PATTERN } from './dates';
import { choice, email, optionalLocalDatetime, optionalText, requiredText, rego } from './fields';
import { messages } from './messages';
import { moneyAmount, percentAsFraction, staffPassengers } from './numbers';

/** Back-office §9: a new booking's parking space (lot) is id 2. */
export const DEFAULT_PARKING_SPACE = '2';
/** Back-office §4: the arrival time when none is set. */
export const DEFAULT_ARRIVAL_TIME = '23:59';

/** A choice from a list, by id (required): the booking and check-in forms' selects. */
export const selection = () =>
  z.string({ error: messages.required }).trim().min(1, { error: messages.required }).max(20);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = () => requiredText(10).pipe(z.string().regex(DATE, { error: messages.invalidDate }));
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isTime = (value: string) => TIME_PATTERN.test(value);
const seconds = (value: string) => (value.length === 5 ? `${value}:00` : value);

export const staffBookingFormSchema = z
  .object({
    // Customer Details
    customer: z.string().default(''),
    title: choice(TITLES),
    firstName: requiredText(100),
    lastName: requiredText(100),
    phoneNumber: requiredText(30),
    email,
    business: optionalText(150),
    bookingType: choice(BOOKING_TYPES),
    // Vehicle Details
    vehicle: z.string().default(''),
    rego,
    make: requiredText(50),
    model: requiredText(50),
    colour: requiredText(30),
    vehicleType: selection(),
    // Booking Details
    lot: selection(),
    status: choice(BOOKING_STATUSES),
    lotRegion: z.string().default(''),
    lotRegionRow: z.string().default(''),
    // Departure and Arrival Details
    departureDate: date(),
    airlineOut: selection(),
    notFlyingOut: z.boolean().default(false),
    flightOut: z.string().default(''),
    flightNumberOut: z.string().trim().max(20).default(''),
    flightTimeOut: z.string().default(''),
    busDepartureTime: z.string().default(''),
    dropOffTime: z.string().default(''),
    passengersOut: staffPassengers(),
    arrivalDate: date(),
    airlineIn: z.string().default(''),
    notFlyingIn: z.boolean().default(false),
    flightIn: z.string().default(''),
    flightNumberIn: z.string().trim().max(20).default(''),
    arrivalTime: z.string().default(''),
    passengersIn: staffPassengers(),
    // Extras
    extras: z.array(z.string()).default([]),
    // Notes
    publicNotes: optionalText(2000),
    notes: optionalText(5000),
    // Charges
    discount: z.string().default(''),
    discountRate: percentAsFraction(),
    paymentMethod: z.union([z.literal(''), choice(PAYMENT_METHODS)]).default(''),
    paymentStatus: choice(PAYMENT_STATUSES),
    amountPaid: moneyAmount(messages.invalidAmount),
    paymentDatetime: optionalLocalDatetime(),
  })
  .superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed, so the values may still be raw input.
      const raw = parsed as Partial<Record<keyof typeof parsed, unknown>>;
      const flag = (key: keyof typeof parsed) => raw[key] === true;
      const issue = (path: string, message: string = messages.required) =>
        ctx.addIssue({ code: 'custom', message, path: [path] });
      const time = (path: 'flightTimeOut' | 'busDepartureTime' | 'dropOffTime' | 'arrivalTime') => {
        const value = text(raw[path]);
        if (!value) issue(path);
        else if (!isTime(value)) issue(path, messages.invalidTime);
      };

      // Departure (back-office §5): the drop-off time always; when flying, the flight (Other: its number), its time and the bus.
      time('dropOffTime');
      if (text(raw.airlineOut) && !flag('notFlyingOut')) {
        if (!text(raw.flightOut)) issue('flightOut');
        else if (text(raw.flightOut) === OTHER_FLIGHT && !text(raw.flightNumberOut)) issue('flightNumberOut');
        time('flightTimeOut');
        time('busDepartureTime');
      }
      // Arrival: a time (23:59 unless set); with an arrival flight of Other, its number.
      time('arrivalTime');
      if (
        text(raw.airlineIn) &&
        !flag('notFlyingIn') &&
        text(raw.flightIn) === OTHER_FLIGHT &&
        !text(raw.flightNumberIn)
      )
        issue('flightNumberIn');

      const row = text(raw.lotRegionRow);
      if (row && !/^[1-9]\d*$/.test(row)) issue('lotRegionRow', messages.numberGreaterThanZero);

      // The return must come after the drop-off (wording as the spec gives it).
      const start = stayStart(raw);
      const end = stayEnd(raw);
      if (start && end && end <= start) issue('arrivalDate', messages.arrivalBeforeDeparture);
    },
    { when: () => true },
  );
/** The choices are plain text while being edited ('' before one is made). */
export type Editable<T> = { [K in keyof T]: T[K] extends string | undefined ? string : T[K] };
export type StaffBookingFormValues = Editable<z.input<typeof staffBookingFormSchema>>;
export type StaffBookingForm = z.output<typeof staffBookingFormSchema>;

type Raw = Partial<Record<keyof StaffBookingForm, unknown>>;

/** 'YYYY-MM-DD HH:mm:ss' of the drop-off, comparable as text; '' while incomplete. */
function stayStart(raw: Raw): string {
  const day = text(raw.departureDate);
  const time = text(raw.dropOffTime);
  return DATE.test(day) && isTime(time) ? `${day} ${seconds(time)}` : '';
}

function stayEnd(raw: Raw): string {
  const day = text(raw.arrivalDate);
  const time = text(raw.arrivalTime);
  return DATE.test(day) && isTime(time) ? `${day} ${seconds(time)}` : '';
}

/** The drop-off a bus suggests: 10 minutes before it (public-site §9), 'HH:mm'; '' without a bus. */
export const dropOffForBus = (busTime: string) =>
  isTime(busTime)
    ? dropOffTime({ notFlyingOut: false, flightTimeOut: '', busDepartureTime: seconds(busTime) }).slice(0, 5)
    : '';

/** The bus of an Other flight: one hour before it (public-site §9), as the wizard does. */
export const busForOtherFlight = (flightTime: string) =>
  isTime(flightTime) ? busTimeForFlight(seconds(flightTime)).slice(0, 5) : '';

/** Back-office §4: a new departure date moves the arrival date with it; its time defaults to 23:59. */
export function followDepartureDate(
  values: { arrivalDate: string; arrivalTime: string },
  departureDate: string,
) {
  return { arrivalDate: departureDate, arrivalTime: values.arrivalTime || DEFAULT_ARRIVAL_TIME };
}

/** The stay's instants (ISO) for the form's values in the business's time zone. */
export function staffStay(
  values: Pick<StaffBookingForm, 'departureDate' | 'dropOffTime' | 'arrivalDate' | 'arrivalTime'>,
  timeZone: string,
) {
  return {
    startDatetime: businessInstant(
      values.departureDate,
      seconds(values.dropOffTime || '00:00'),
      timeZone,
    ).toISOString(),
    endDatetime: businessInstant(
      values.arrivalDate,
      seconds(values.arrivalTime || DEFAULT_ARRIVAL_TIME),
      timeZone,
    ).toISOString(),
  };
}

type Ref = { type: string; id: string } | null;
/** A to-one relationship's identifier, or null when nothing is chosen (''). */
export const ref = (type: string, id: string): Ref => (id ? { type, id } : null);

/** The booking document's attributes and relationships (back-office §3 "Relations on save"). */
export function staffBookingPayload(
  values: StaffBookingForm,
  timeZone: string,
  options: { promoCode: string },
) {
  const stay = staffStay(values, timeZone);
  const flyingOut = !values.notFlyingOut;
  const flyingIn = values.airlineIn !== '' && !values.notFlyingIn;
  const paymentDatetime = values.paymentDatetime
    ? businessInstant(
        values.paymentDatetime.slice(0, 10),
        values.paymentDatetime.slice(11),
        timeZone,
      ).toISOString()
    : null;
  return {
    attributes: {
      title: values.title,
      firstName: values.firstName,
      lastName: values.lastName,
      phoneNumber: values.phoneNumber,
      email: values.email,
      business: values.business,
      bookingType: values.bookingType,
      rego: values.rego,
      make: values.make,
      model: values.model,
      colour: values.colour,
      status: values.status,
      lotRegionRow: values.lotRegion && values.lotRegionRow ? Number(values.lotRegionRow) : null,
      startDatetime: stay.startDatetime,
      endDatetime: stay.endDatetime,
      flightNumberOut: flyingOut ? values.flightNumberOut : '',
      busDepartureTime: flyingOut && values.busDepartureTime ? values.busDepartureTime : null,
      passengersOut: values.passengersOut,
      flightNumberIn: flyingIn ? values.flightNumberIn : '',
      passengersIn: values.passengersIn,
      publicNotes: values.publicNotes,
      notes: values.notes,
      promoCode: options.promoCode,
      discountRate: values.discountRate,
      paymentMethod: values.paymentMethod || null,
      // Payment Status is not sent: the server derives it from the payments recorded (ledger.ts).
      amountPaid: values.amountPaid,
      paymentDatetime,
    },
    relationships: {
      customer: ref('customers', values.customer),
      vehicle: ref('vehicles', values.vehicle),
      vehicleType: ref('vehicle-types', values.vehicleType),
      lot: ref('lots', values.lot),
      lotRegion: ref('lot-regions', values.lotRegion),
      airlineOut: ref('airlines', values.airlineOut),
      airlineIn: ref('airlines', values.airlineIn),
      discount: ref('discounts', values.discount),
      extras: values.extras.map((id) => ({ type: 'extras', id })),
    },
  };
}

/** Back-office §4: subscription gaps are charged only for a stay that has started (a future one falls in a renewal). */
export const staffChargesSubscriptionGaps = (start: Date, now: Date) => start.getTime() <= now.getTime();

/** A fresh booking's values (back-office §3, §4, §9): complete, unpaid, New, one passenger out, parking space 2. */
export function newStaffBookingValues(today: string): StaffBookingFormValues {
  return {
    customer: '',
    title: '',
    firstName: '',
    lastName: '',
    phoneNumber: '',
    email: '',
    business: '',
    bookingType: 'New',
    vehicle: '',
    rego: '',
    make: '',
    model: '',
    colour: '',
    vehicleType: '',
    lot: DEFAULT_PARKING_SPACE,
    status: 'complete',
    lotRegion: '',
    lotRegionRow: '',
    departureDate: today,
    airlineOut: '',
    notFlyingOut: false,
    flightOut: '',
    flightNumberOut: '',
    flightTimeOut: '',
    busDepartureTime: '',
    dropOffTime: '',
    passengersOut: '1',
    arrivalDate: addDaysToDate(today, 0),
    airlineIn: '',
    notFlyingIn: false,
    flightIn: '',
    flightNumberIn: '',
    arrivalTime: DEFAULT_ARRIVAL_TIME,
    passengersIn: '0',
    extras: [],
    publicNotes: '',
    notes: '',
    discount: '',
    discountRate: '0',
    paymentMethod: '',
    paymentStatus: 'unpaid',
    amountPaid: '0.00',
    paymentDatetime: '',
  };
}

type Payload = ReturnType<typeof staffBookingPayload>;
type FormField = keyof StaffBookingForm;

/** Which form fields each saved attribute or relationship comes from (the rest: its own name). */
const SOURCES: Partial<Record<string, readonly FormField[]>> = {
  startDatetime: ['departureDate', 'dropOffTime'],
  endDatetime: ['arrivalDate', 'arrivalTime'],
  lotRegionRow: ['lotRegion', 'lotRegionRow'],
  promoCode: ['discount'],
  discountRate: ['discount', 'discountRate'],
  flightNumberOut: ['airlineOut', 'notFlyingOut', 'flightOut', 'flightNumberOut'],
  busDepartureTime: ['airlineOut', 'notFlyingOut', 'busDepartureTime'],
  flightNumberIn: ['airlineIn', 'notFlyingIn', 'flightIn', 'flightNumberIn'],
};

/**
 * An edit saves only what was changed: a booking made elsewhere (the wizard, an older screen) keeps
 * every value nobody touched, and its log lists exactly the staff member's changes.
 */
export function changedPayload(
  payload: Payload,
  isDirty: (field: FormField) => boolean,
): { attributes: Partial<Payload['attributes']>; relationships: Partial<Payload['relationships']> } {
  const changed = (key: string) => (SOURCES[key] ?? [key as FormField]).some(isDirty);
  const pick = <T extends object>(all: T): Partial<T> =>
    Object.fromEntries(Object.entries(all).filter(([key]) => changed(key))) as Partial<T>;
  return { attributes: pick(payload.attributes), relationships: pick(payload.relationships) };
}
