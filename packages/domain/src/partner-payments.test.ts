import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDate } from './dates';
import {
  addMonths,
  isStatementMonth,
  monthBounds,
  monthDates,
  monthLabel,
  partnerPaymentMessages,
  partnerPaymentSchema,
  paymentRefusal,
} from './partner-payments';

const HOBART = 'Australia/Hobart';

describe('statement months', () => {
  it('reads YYYY-MM only', () => {
    expect(isStatementMonth('2026-11')).toBe(true);
    for (const text of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', '', '0999-12'])
      expect(isStatementMonth(text), text).toBe(false);
  });

  it('names the month and gives its dates', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthDates('2026-02')).toEqual({ first: '2026-02-01', last: '2026-02-28' });
    expect(monthDates('2028-02')).toEqual({ first: '2028-02-01', last: '2028-02-29' });
    expect(monthDates('2026-12')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
  });

  it("runs from the business's midnight (daylight saving included) to the next month's", () => {
    // Hobart is UTC+11 in November (summer time), UTC+10 in June.
    expect(monthBounds('2026-11', HOBART)).toEqual({
      start: new Date('2026-10-31T13:00:00Z'),
      end: new Date('2026-11-30T13:00:00Z'),
    });
    expect(monthBounds('2026-06', HOBART).start).toEqual(new Date('2026-05-31T14:00:00Z'));
  });

  it('every instant falls in the month of its business date, and the months follow one another', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000 * 12, max: 2100 * 12 }), (index) => {
        const month = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
        const { start, end } = monthBounds(month, HOBART);
        expect(businessDate(start, HOBART)).toBe(`${month}-01`);
        expect(businessDate(new Date(end.getTime() - 1), HOBART)).toBe(monthDates(month).last);
        expect(monthBounds(addMonths(month, 1), HOBART).start).toEqual(end);
      }),
    );
  });
});

describe('the payment received', () => {
  const valid = {
    month: '2026-11',
    amount: '120.5',
    receivedOn: '2026-12-03',
    reference: 'EFT 4471',
    submissionKey: 'c0ffee00-1234',
  };

  it('reads the amount as typed, to two places', () => {
    expect(partnerPaymentSchema.parse(valid).amount).toBe('120.50');
    expect(partnerPaymentSchema.parse({ ...valid, amount: '$1,200' }).amount).toBe('1200.00');
    expect(partnerPaymentSchema.parse({ ...valid, amount: 45 }).amount).toBe('45.00');
  });

  it('refuses zero, negative and unreadable amounts, a bad month and a missing reference', () => {
    const issues = (input: Record<string, unknown>) =>
      partnerPaymentSchema
        .safeParse(input)
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ ...valid, amount: '0' })).toEqual([['amount', partnerPaymentMessages.amountPositive]]);
    expect(issues({ ...valid, amount: '-5' })).toEqual([['amount', partnerPaymentMessages.amountPositive]]);
    expect(issues({ ...valid, amount: 'ten' })).toEqual([['amount', partnerPaymentMessages.amount]]);
    expect(issues({ ...valid, amount: '1.234' })).toEqual([['amount', partnerPaymentMessages.amount]]);
    expect(issues({ ...valid, month: '2026-13' })).toEqual([['month', partnerPaymentMessages.month]]);
    expect(issues({ ...valid, reference: ' ' })?.[0]?.[0]).toBe('reference');
    expect(issues({ ...valid, submissionKey: 'x' })?.[0]?.[0]).toBe('submissionKey');
  });

  it('is refused beyond what is still owed, when nothing is owed, and when received after today', () => {
    const payment = { amountCents: 5000, receivedOn: '2026-12-03', month: '2026-11' };
    expect(paymentRefusal(payment, 5000, '2026-12-03')).toBeNull();
    expect(paymentRefusal(payment, 4999, '2026-12-03')).toEqual({
      field: 'amount',
      detail: 'Only $49.99 is still owed for November 2026: enter that amount or less.',
    });
    expect(paymentRefusal(payment, 0, '2026-12-03')).toEqual({
      field: 'amount',
      detail: 'Nothing is owed for November 2026.',
    });
    expect(paymentRefusal(payment, -100, '2026-12-03')?.detail).toBe('Nothing is owed for November 2026.');
    expect(paymentRefusal(payment, 5000, '2026-12-02')).toEqual({
      field: 'receivedOn',
      detail: partnerPaymentMessages.receivedInFuture,
    });
    expect(paymentRefusal({ ...payment, amountCents: 0 }, 5000, '2026-12-03')?.detail).toBe(
      partnerPaymentMessages.amountPositive,
    );
  });
});
