/**
 * Quotes and cost calculations (public-site §2 Get Quote, §5 quote form and wizard dates,
 * back-office §4 cost calculation): the date rules of the quote form, the quote price, and the
 * payloads of the booking-quotes and promo-codes checks.
 */
import { z } from 'zod';
import { normalisePromoCode } from './discounts';
import {
  calendarDate,
  optionalDatetime,
  optionalText,
  readDatetime,
  requiredDatetime,
  requiredText,
} from './fields';
import { messages } from './messages';
import type { Cents } from './money';
import { fraction, moneyAmount } from './numbers';
import { computeCosts, type LotPricing } from './pricing';
import { quoteDateOrderProblems, stayTooLong, type DateProblem } from './quote-dates';
import { DEFAULT_STAY_LIMITS, type StayLimits } from './stay-limits';

export { MAX_QUOTE_DAYS, type DateProblem, type QuoteDateField } from './quote-dates';

export const quoteMessages = {
  stayTooLong,
  staffOnlyDiscount: 'Only staff can set a discount rate; customers get discounts through promo codes.',
  unknownLot: (slug: string) => `"${slug}" is not one of the available choices.`,
  tooManyPromoChecks: 'Too many promo code checks. Please try again later.',
} as const;

// Built once: a zod schema costs far more to build than to run, and quotes are the hottest path.
const quoteDate = calendarDate();

/**
 * The quote form's rules (public-site §5): departure required and not before today (today
 * allowed) nor past the horizon; return required and not before departure (same day allowed); the
 * stay at most the longest (`limits`, the server's settings).
 * `today` is the business date. Answers every problem, at most one per field.
 */
export function quoteDateProblems(
  startDate: string | undefined,
  endDate: string | undefined,
  today: string,
  limits: StayLimits = DEFAULT_STAY_LIMITS,
): DateProblem[] {
  const start = quoteDate.safeParse(startDate ?? '');
  const end = quoteDate.safeParse(endDate ?? '');
  // The format first; the order rules (shared with the home page's quote form) for what is well-formed.
  const order = quoteDateOrderProblems(
    start.success ? start.data : '',
    end.success ? end.data : '',
    today,
    limits,
  );
  const problems: DateProblem[] = [];
  if (!start.success)
    problems.push({ field: 'startDate', message: start.error.issues[0]?.message ?? messages.invalidDate });
  else problems.push(...order.filter((problem) => problem.field === 'startDate'));
  if (!end.success)
    problems.push({ field: 'endDate', message: end.error.issues[0]?.message ?? messages.invalidDate });
  else if (start.success) problems.push(...order.filter((problem) => problem.field === 'endDate'));
  return problems;
}

/**
 * What parking costs one traveller for a stay: the lot's price, less what their subscription
 * covers (the days past its end are charged as a stay of that many days, as a booking is).
 */
export function quotePriceCents(
  startDate: string,
  endDate: string,
  lot: LotPricing,
  coversUntil?: string,
): Cents {
  return computeCosts({
    startDate,
    endDate,
    lot,
    discountRate: '0',
    extrasCents: 0,
    subscription: coversUntil === undefined ? undefined : { coversUntil, calculateGaps: true },
  }).totalCost;
}

const flag = () => z.boolean({ error: 'Must be a valid boolean.' });

/** A cost calculation request (booking-quotes): the wizard's summary and the back-office form. */
export const bookingQuoteSchema = z
  .object({
    startDatetime: requiredDatetime(),
    endDatetime: requiredDatetime(),
    /** Fraction 0..1; only staff may send a non-zero rate. */
    discountRate: fraction()
      .nullish()
      .transform((value) => value ?? '0'),
    extrasCost: moneyAmount(messages.invalidAmount)
      .nullish()
      .transform((value) => value ?? '0.00'),
    calculateSubscriptionGaps: flag()
      .nullish()
      .transform((value) => value ?? false),
    /** A promo code sets the discount rate the way a booking's promo code does; empty is ignored. */
    promoCode: optionalText(50).transform(normalisePromoCode),
  })
  // The object's rule runs even when a datetime was refused without aborting (longer than 40 characters): it
  // then stays a string, and only the field's own error is answered (not a TypeError, a 500).
  .refine(
    ({ startDatetime: start, endDatetime: end }: { startDatetime: unknown; endDatetime: unknown }) =>
      !(start instanceof Date && end instanceof Date) || end.getTime() > start.getTime(),
    {
      error: messages.arrivalBeforeDeparture,
      path: ['endDatetime'],
    },
  );
export type BookingQuoteInput = z.output<typeof bookingQuoteSchema>;

const PLAIN_FRACTION = /^\d+(\.\d+)?$/;
const PLAIN_AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * bookingQuoteSchema's output for the document the wizard's summary and the back-office form send (well-formed
 * datetimes, a plain rate and amount, a boolean, a short code, each optional one missing or null), read without
 * zod: POST booking-quotes/ is a hot call and zod was the largest part of its own work. Undefined for anything
 * else, which the schema then reads and words the errors of: where this answers, it answers what the schema does
 * (quotes.test.ts compares the two over every kind of value), so the answers and the errors stay the schema's.
 */
export function readBookingQuote(
  attributes: Readonly<Record<string, unknown>>,
): BookingQuoteInput | undefined {
  const startDatetime = readDatetime(attributes.startDatetime);
  const endDatetime = readDatetime(attributes.endDatetime);
  if (!startDatetime || !endDatetime || endDatetime.getTime() <= startDatetime.getTime()) return undefined;
  const discountRate = readFraction(attributes.discountRate);
  const extrasCost = readAmount(attributes.extrasCost);
  const gaps = attributes.calculateSubscriptionGaps ?? false;
  const promo = attributes.promoCode ?? '';
  if (discountRate === undefined || extrasCost === undefined || typeof gaps !== 'boolean') return undefined;
  if (typeof promo !== 'string' || promo.trim().length > 50) return undefined;
  return {
    startDatetime,
    endDatetime,
    discountRate,
    extrasCost,
    calculateSubscriptionGaps: gaps,
    promoCode: normalisePromoCode(promo.trim()),
  };
}

/** fraction()'s output for a number, or a string of digits, from 0 to 1; '0' for none. */
function readFraction(value: unknown): string | undefined {
  if (value === undefined || value === null) return '0';
  const rate =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && PLAIN_FRACTION.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) return undefined;
  return String(Math.round(rate * 10000) / 10000);
}

/** moneyAmount()'s output for an amount of at most two places, as a number or as a string; '0.00' for none. */
function readAmount(value: unknown): string | undefined {
  if (value === undefined || value === null) return '0.00';
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
  if (text === undefined || !PLAIN_AMOUNT.test(text)) return undefined;
  return Number(text).toFixed(2);
}

/** A promo code check (promo-codes): the code, and the booking's drop-off and pick-up. */
export const promoCheckSchema = z.object({
  code: requiredText(50).transform(normalisePromoCode),
  dropOffStart: optionalDatetime(),
  dropOffEnd: optionalDatetime(),
});
export type PromoCheckInput = z.output<typeof promoCheckSchema>;
