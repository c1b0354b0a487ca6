/**
 * Manage my booking: what a traveller may still change or cancel, what a change costs or gives back,
 * and what a cancellation refunds. The rules' figures are settings (server config); the arithmetic
 * lives here once, in integer cents, for the server and the browser alike.
 */
import { z } from 'zod';
import { checkFlightLegs, flightLegsShape } from './booking-wizard';
import { applyRate, rateToParts } from './pricing';
import type { Cents } from './money';
import { addDaysToDate, TIME_PATTERN } from './dates';
import { email, optionalText, rego, requiredDatetime, requiredText } from './fields';
import { messages } from './messages';
import { goingAhead } from './stay-phase';
import { travellerPassengers } from './numbers';

export interface ManageRules {
  /** No change or cancellation online later than this many hours before drop-off. */
  cutoffHours: number;
  /** Parking is refunded in full when cancelled more than this many hours before drop-off... */
  fullRefundHours: number;
  /** ...otherwise this share of the parking charge is refunded ('0' = none, '0.5' = half). */
  lateParkingRefundShare: string;
}

export const DEFAULT_MANAGE_RULES: ManageRules = {
  cutoffHours: 2,
  fullRefundHours: 24,
  lateParkingRefundShare: '0',
};

const HOUR_MS = 3_600_000;

export const manageMessages = {
  notFound: 'We could not find a booking with that booking code and email address.',
  pastCutoff: (hours: number) =>
    `This booking can no longer be changed or cancelled online: changes close ${hours} hour${hours === 1 ? '' : 's'} before drop-off. Please call us.`,
  notManageable: 'This booking cannot be changed or cancelled online. Please call us.',
  alreadyCancelled: 'This booking has been cancelled.',
  nothingDue: 'There is nothing to pay on this booking.',
  payFirst: 'Please pay for this booking before changing what it costs.',
  linkExpired:
    'Your access to this booking has expired. Please find it again with its booking code and email address.',
} as const;

/** The last instant at which the booking may still be changed or cancelled online. */
export function manageCutoff(startDatetime: Date, rules: Pick<ManageRules, 'cutoffHours'>): Date {
  return new Date(startDatetime.getTime() - rules.cutoffHours * HOUR_MS);
}

/** Before the cut-off, and only for a booking that is still going ahead. */
export function canManage(
  booking: { startDatetime: Date; status: string },
  now: Date,
  rules: Pick<ManageRules, 'cutoffHours'>,
): boolean {
  return goingAhead(booking.status) && now.getTime() < manageCutoff(booking.startDatetime, rules).getTime();
}

export interface RefundInput {
  startDatetime: Date;
  now: Date;
  /** totalCost: parking after discounts plus extras. */
  totalCents: Cents;
  extrasCents: Cents;
  /** What the traveller has paid (net of earlier refunds). */
  paidCents: Cents;
}

export interface RefundDecision {
  /** Parking refunded in full (more than fullRefundHours ahead). */
  fullParking: boolean;
  /** What the business keeps of the total: the part of parking that is not refunded. */
  retainedCents: Cents;
  /** What goes back to the card: what was paid above what is kept. */
  refundCents: Cents;
}

/**
 * The cancellation refund: extras are always refunded; parking in full more than `fullRefundHours`
 * ahead, otherwise its `lateParkingRefundShare`. The business keeps the rest of parking, and the card
 * gets back whatever was paid above that (never more than was paid, never less than nothing).
 */
export function cancellationRefund(
  input: RefundInput,
  rules: Omit<ManageRules, 'cutoffHours'>,
): RefundDecision {
  const parkingCents = Math.max(0, input.totalCents - input.extrasCents);
  const fullParking = input.startDatetime.getTime() - input.now.getTime() > rules.fullRefundHours * HOUR_MS;
  const refundableParking = fullParking
    ? parkingCents
    : applyRate(parkingCents, rateToParts(rules.lateParkingRefundShare));
  const retainedCents = parkingCents - refundableParking;
  const refundCents = Math.max(0, Math.min(input.paidCents, input.paidCents - retainedCents));
  return { fullParking, retainedCents, refundCents };
}

export interface PriceDifference {
  /** More to pay by card. */
  dueCents: Cents;
  /** Paid above the new total: refunded to the card. */
  refundCents: Cents;
}

/** What a change means for the card: the new total against what has been paid. */
export function priceDifference(newTotalCents: Cents, paidCents: Cents): PriceDifference {
  return {
    dueCents: Math.max(0, newTotalCents - paidCents),
    refundCents: Math.max(0, paidCents - newTotalCents),
  };
}

/** Guests find a booking with its code and the email it was made with. */
export const manageLookupSchema = z.object({
  bookingCode: requiredText(20).transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  email,
});
export type ManageLookupInput = z.input<typeof manageLookupSchema>;

/** The emailed "Manage my booking" link: the booking it names and its signed token. */
export const manageLinkSchema = z.object({
  bookingId: requiredText(12),
  token: requiredText(200),
});
export type ManageLinkInput = z.input<typeof manageLinkSchema>;

const time = z
  .string({ error: messages.required })
  .trim()
  .regex(TIME_PATTERN, { error: messages.invalidTime })
  .transform((value) => (value.length === 5 ? `${value}:00` : value));

/**
 * What a traveller may change: dates and times, flights, vehicle (extras and the vehicle type travel
 * as relationships). Every field is optional; what is not sent stays as booked.
 */
export const bookingChangeSchema = z
  .object({
    startDatetime: requiredDatetime(),
    endDatetime: requiredDatetime(),
    flightNumberOut: optionalText(20),
    flightNumberIn: optionalText(20),
    busDepartureTime: time.nullable(),
    passengersOut: travellerPassengers(),
    passengersIn: travellerPassengers(),
    rego,
    make: requiredText(50),
    model: requiredText(50),
    colour: requiredText(30),
  })
  .partial();
export type BookingChangeInput = z.output<typeof bookingChangeSchema>;

const localDatetime = z
  .string({ error: messages.required })
  .trim()
  .min(1, { error: messages.required, abort: true })
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: messages.invalidDatetime });

/**
 * The manage page's change form: business-local drop-off and pick-up ('YYYY-MM-DDTHH:mm'), passengers,
 * the vehicle (as My Vehicles edits one) and the extras wanted. The flights are changed only when the
 * traveller asks to (`changeFlights`): then they are chosen as on the wizard's step 4, and checked by its
 * rules; otherwise they stay as booked.
 */
export const changeFormSchema = z
  .object({
    startLocal: localDatetime,
    endLocal: localDatetime,
    changeFlights: z.boolean().default(false),
    ...flightLegsShape,
    // Required only when the flights are being changed (below).
    airlineOut: z.string().trim().default(''),
    airlineIn: z.string().trim().default(''),
    passengersOut: travellerPassengers(),
    passengersIn: travellerPassengers(),
    rego,
    make: requiredText(50),
    model: requiredText(50),
    colour: requiredText(30),
    vehicleType: requiredText(20),
    extras: z.array(z.string()).default([]),
  })
  .superRefine(
    (parsed, ctx) => {
      // Runs even when other fields failed, so the values may still be raw input.
      const raw = parsed as Partial<Record<string, unknown>>;
      const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
      // Same-format local strings compare in time order.
      const start = text('startLocal');
      const end = text('endLocal');
      if (start && end && end <= start)
        ctx.addIssue({ code: 'custom', message: messages.arrivalBeforeDeparture, path: ['endLocal'] });
      if (raw.changeFlights !== true) return;
      for (const airline of ['airlineOut', 'airlineIn'] as const) {
        if (!text(airline)) ctx.addIssue({ code: 'custom', message: messages.required, path: [airline] });
      }
      checkFlightLegs(parsed, ctx);
    },
    { when: () => true },
  );
export type ChangeFormInput = z.input<typeof changeFormSchema>;
export type ChangeFormValues = z.output<typeof changeFormSchema>;

/** A run of business dates, both ends included ('YYYY-MM-DD'). */
export interface DateSpan {
  first: string;
  last: string;
}

/**
 * The business dates a changed stay covers that the booked stay did not: at most one run before the
 * booked drop-off date and one after the booked pick-up date. Only these can run a lot out of space,
 * and only these are held while the change waits for its payment.
 */
export function addedDaySpans(booked: DateSpan, changed: DateSpan): DateSpan[] {
  const spans: DateSpan[] = [];
  if (changed.first < booked.first) {
    const last = changed.last < booked.first ? changed.last : addDaysToDate(booked.first, -1);
    spans.push({ first: changed.first, last });
  }
  if (changed.last > booked.last) {
    const first = changed.first > booked.last ? changed.first : addDaysToDate(booked.last, 1);
    if (!spans.some((span) => span.first === first)) spans.push({ first, last: changed.last });
  }
  return spans;
}
