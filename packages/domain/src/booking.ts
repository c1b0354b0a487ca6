/**
 * A booking as the wizard and the back-office form send it (public-site §3, back-office §3, §5).
 * The server recomputes every cost; cost attributes sent by a client are ignored.
 */
import { z } from 'zod';
import { BOOKING_STATUSES, BOOKING_TYPES, PAYMENT_METHODS, PAYMENT_STATUSES, TITLES } from './constants';
import { TIME_PATTERN } from './dates';
import {
  choice,
  EMAIL_PATTERN,
  optionalDatetime,
  optionalText,
  requiredDatetime,
  requiredText,
} from './fields';
import { BOOKING_CODE_ALPHABET } from './booking-code';
import { messages } from './messages';
import { moneyAmount, nonNegativeInt, positiveInt, staffPassengers, travellerPassengers } from './numbers';

const time = z
  .string({ error: messages.required })
  .trim()
  .regex(TIME_PATTERN, { error: 'Enter a valid time.' })
  .transform((value) => (value.length === 5 ? `${value}:00` : value));

const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .nullish()
  .transform((value) => (value ?? '').toLowerCase())
  .refine((value) => value === '' || EMAIL_PATTERN.test(value), { error: messages.emailInvalid });

/** The fields every booking has, wizard or back office. */
const common = {
  title: choice(TITLES),
  firstName: requiredText(100),
  lastName: requiredText(100),
  phoneNumber: requiredText(30),
  business: optionalText(150),
  rego: requiredText(20).transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  make: requiredText(50),
  model: requiredText(50),
  colour: requiredText(30),
  startDatetime: requiredDatetime(),
  endDatetime: requiredDatetime(),
  flightNumberOut: optionalText(20),
  flightNumberIn: optionalText(20),
  busDepartureTime: time.nullish().transform((value) => value ?? null),
  passengersIn: staffPassengers().optional().default(0),
  promoCode: optionalText(50).transform((value) => value.toUpperCase()),
  publicNotes: optionalText(2000),
};

const arrivalAfterDeparture = (value: { startDatetime: Date; endDatetime: Date }) =>
  value.endDatetime.getTime() > value.startDatetime.getTime();
const arrivalRule = { error: messages.arrivalBeforeDeparture, path: ['endDatetime'] };

/** What a traveller sends from the wizard. */
export const publicBookingSchema = z
  .object({
    ...common,
    email: z
      .string({ error: messages.emailRequired })
      .trim()
      .min(1, { error: messages.emailRequired, abort: true })
      .max(254)
      .regex(EMAIL_PATTERN, { error: messages.emailInvalid })
      .transform((value) => value.toLowerCase()),
    passengersOut: travellerPassengers().optional().default(1),
    passengersIn: travellerPassengers().optional().default(1),
    /** The emailed waitlist link's token: the place held for this traveller is theirs to book (waitlist.ts). */
    waitlistToken: optionalText(200),
  })
  .refine(arrivalAfterDeparture, arrivalRule);
export type PublicBookingInput = z.output<typeof publicBookingSchema>;

/** What staff send from the back-office form: more fields, email optional (a placeholder is made). */
export const staffBookingFields = z.object({
  ...common,
  email: optionalEmail,
  passengersOut: staffPassengers().optional().default(1),
  notes: optionalText(5000),
  bookingType: choice(BOOKING_TYPES).optional(),
  status: choice(BOOKING_STATUSES).optional(),
  paymentStatus: choice(PAYMENT_STATUSES).optional(),
  paymentMethod: choice(PAYMENT_METHODS).nullish(),
  amountPaid: moneyAmount().optional(),
  paymentDatetime: optionalDatetime(),
  discountRate: z
    .union([z.number(), z.string()])
    .transform(String)
    .pipe(z.string().regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, { error: messages.fractionRange }))
    .optional(),
  lotRegionRow: positiveInt().nullish(),
  fuelLevel: optionalText(30),
  damage: optionalText(2000),
  timeParked: optionalDatetime(),
  kilometers: nonNegativeInt().nullish(),
  vehicleNotes: optionalText(2000),
});
export type StaffBookingFields = z.output<typeof staffBookingFields>;
export const staffBookingSchema = staffBookingFields.refine(arrivalAfterDeparture, arrivalRule);
export type StaffBookingInput = z.output<typeof staffBookingSchema>;

/** A booking code: 8 characters from BOOKING_CODE_ALPHABET. */
export function bookingCode(randomIndex: (size: number) => number): string {
  return Array.from(
    { length: 8 },
    () => BOOKING_CODE_ALPHABET[randomIndex(BOOKING_CODE_ALPHABET.length)],
  ).join('');
}
