/**
 * Quotes and cost calculations (public-site §2 Get Quote, §5 quote form and wizard dates,
 * back-office §4 cost calculation): the date rules of the quote form, the quote price, and the
 * payloads of the booking-quotes and promo-codes checks.
 */
import { z } from 'zod';
import { normalisePromoCode } from './discounts';
import { calendarDate, optionalDatetime, optionalText, requiredDatetime, requiredText } from './fields';
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
  .refine((value) => value.endDatetime.getTime() > value.startDatetime.getTime(), {
    error: messages.arrivalBeforeDeparture,
    path: ['endDatetime'],
  });
export type BookingQuoteInput = z.output<typeof bookingQuoteSchema>;

/** A promo code check (promo-codes): the code, and the booking's drop-off and pick-up. */
export const promoCheckSchema = z.object({
  code: requiredText(50).transform(normalisePromoCode),
  dropOffStart: optionalDatetime(),
  dropOffEnd: optionalDatetime(),
});
export type PromoCheckInput = z.output<typeof promoCheckSchema>;
