/**
 * A partner's statement month and the payments received from the partner against it (issue 42, item 5): the month
 * as the back office and the API name it (YYYY-MM, counted in the business's time zone), the "Mark Payment
 * Received" form, and the rule that refuses a payment of nothing or of more than the month still owes.
 */
import { z } from 'zod';
import { addDaysToDate } from './day-arithmetic';
import { startOfBusinessDay } from './dates';
import { calendarDate, requiredText } from './fields';
import { formatAud, parseMoney, type Cents } from './money';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Whether `text` is a statement month, YYYY-MM. */
export const isStatementMonth = (text: string): boolean => MONTH.test(text) && text >= '1000-01';

/** "November 2026". */
export function monthLabel(month: string): string {
  const match = MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  return `${MONTH_NAMES[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/** The month's first and last dates (YYYY-MM-DD). */
export function monthDates(month: string): { first: string; last: string } {
  if (!isStatementMonth(month)) throw new RangeError(`Not a month: ${month}`);
  const first = `${month}-01`;
  const [year, number] = month.split('-').map(Number);
  const next =
    number === 12 ? `${(year ?? 0) + 1}-01-01` : `${year}-${String((number ?? 0) + 1).padStart(2, '0')}-01`;
  return { first, last: addDaysToDate(next, -1) };
}

/** The instants the month runs between in the business's time zone: from its first midnight to the next month's. */
export function monthBounds(month: string, timeZone: string): { start: Date; end: Date } {
  const { first, last } = monthDates(month);
  return {
    start: startOfBusinessDay(first, timeZone),
    end: startOfBusinessDay(addDaysToDate(last, 1), timeZone),
  };
}

/** The month a business date falls in. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** The month before or after (`step` months on). */
export function addMonths(month: string, step: number): string {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + step;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const partnerPaymentMessages = {
  month: 'Enter a month as YYYY-MM.',
  amount: 'Enter the amount received, e.g. 120.50.',
  amountPositive: 'Enter an amount above $0.00.',
  receivedInFuture: 'The date received cannot be after today.',
  nothingOwed: (month: string) => `Nothing is owed for ${monthLabel(month)}.`,
  moreThanOwed: (owedCents: Cents, month: string) =>
    `Only ${formatAud(owedCents)} is still owed for ${monthLabel(month)}: enter that amount or less.`,
  submissionKey: 'Send a submissionKey (8 to 100 characters) so that the payment is recorded once.',
} as const;

/** A statement month, as a query parameter or an attribute. */
export const statementMonth = () =>
  requiredText(7, partnerPaymentMessages.month).refine(isStatementMonth, {
    error: partnerPaymentMessages.month,
  });

/**
 * An amount of money received, as typed (`120.5`, `$1,200.00`): the cents, or the refusal. Zero and negative
 * amounts are refused with their own words.
 */
const receivedAmount = z
  .union([z.number(), z.string()], { error: partnerPaymentMessages.amount })
  .transform((value) => String(value).trim().replace(/^\$/, '').replaceAll(',', ''))
  .pipe(
    z
      .string()
      .min(1, { error: partnerPaymentMessages.amount, abort: true })
      .regex(/^-?\d{1,9}(\.\d{1,2})?$/, { error: partnerPaymentMessages.amount, abort: true }),
  )
  .transform((value) => parseMoney(value))
  .refine((cents) => cents > 0, { error: partnerPaymentMessages.amountPositive })
  .transform((cents) => (cents / 100).toFixed(2));

/** The back office's "Mark Payment Received" form. */
export const partnerPaymentFormSchema = z.object({
  month: statementMonth(),
  amount: receivedAmount,
  receivedOn: calendarDate(),
  reference: requiredText(100),
});
export type PartnerPaymentFormValues = z.input<typeof partnerPaymentFormSchema>;

/**
 * POST partner-payments/: the form, and the key the form made when it opened. The same key sent again (a double
 * click, a retry after a lost answer) is answered the payment it recorded, never a second one.
 */
export const partnerPaymentSchema = partnerPaymentFormSchema.extend({
  submissionKey: z
    .string({ error: partnerPaymentMessages.submissionKey })
    .trim()
    .min(8, { error: partnerPaymentMessages.submissionKey })
    .max(100, { error: partnerPaymentMessages.submissionKey })
    .regex(/^[\w-]+$/, { error: partnerPaymentMessages.submissionKey }),
});

/** Why a payment of `amountCents` received on `receivedOn` is refused for the month, or null. */
export function paymentRefusal(
  payment: { amountCents: Cents; receivedOn: string; month: string },
  stillOwedCents: Cents,
  today: string,
): { field: 'amount' | 'receivedOn'; detail: string } | null {
  if (payment.receivedOn > today)
    return { field: 'receivedOn', detail: partnerPaymentMessages.receivedInFuture };
  if (payment.amountCents <= 0) return { field: 'amount', detail: partnerPaymentMessages.amountPositive };
  if (stillOwedCents <= 0)
    return { field: 'amount', detail: partnerPaymentMessages.nothingOwed(payment.month) };
  if (payment.amountCents > stillOwedCents)
    return { field: 'amount', detail: partnerPaymentMessages.moreThanOwed(stillOwedCents, payment.month) };
  return null;
}
