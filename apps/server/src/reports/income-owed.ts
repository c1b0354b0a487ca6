/**
 * "Total income owed" (back-office §2, §7 "Plain GETs opened in tabs"): the complete bookings whose total
 * is more than what has been paid, by pick-up date (when the money is usually collected), with what each
 * owes and the grand total.
 */
import { amountOwedCents } from '@parking/domain/stay-phase';
import { addDaysToDate, businessDate, startOfBusinessDay } from '@parking/domain/dates';
import { formatAud, parseMoney, type Cents } from '@parking/domain/money';
import { bookings as bookingsTable } from '../db/schema/index';
import { invoiceDate, invoiceDateTime } from '../documents/invoice-data';
import type { TableReport } from '../documents/table-report';
import { fullName, moneyText } from '@parking/domain/api-values';

/**
 * The columns the report prints, all it reads (the list's every field, with its per-row subqueries,
 * was most of the statement's time and of the rows' mapping).
 */
export const incomeOwedFields = {
  id: bookingsTable.id,
  bookingCode: bookingsTable.bookingCode,
  title: bookingsTable.title,
  firstName: bookingsTable.firstName,
  lastName: bookingsTable.lastName,
  phoneNumber: bookingsTable.phoneNumber,
  endDatetime: bookingsTable.endDatetime,
  totalCost: bookingsTable.totalCost,
  amountPaid: bookingsTable.amountPaid,
};

/** A booking as the report reads it (incomeOwedFields). */
export type OwingBooking = Pick<typeof bookingsTable.$inferSelect, keyof typeof incomeOwedFields>;

const cents = (value: string) => parseMoney(moneyText(value));

/** The same text for the same value, worked out once per report (thousands of rows share a few hundred). */
function once<T>(format: (value: T) => string): (value: T) => string {
  const done = new Map<T, string>();
  return (value) => {
    let text = done.get(value);
    if (text === undefined) {
      text = format(value);
      done.set(value, text);
    }
    return text;
  };
}

/**
 * D/MM/YYYY of each pick-up, worked out once per business day: the rows come by pick-up, thousands of them
 * on a few hundred days, and asking Intl for the date of each (nearly every pick-up is a different
 * instant) was a fifth of a long report's time. The day last asked about is kept with where it begins and
 * ends in the business's time zone (daylight saving included); an instant inside it has its date.
 */
export function pickUpDates(timeZone: string): (instant: Date) => string {
  let day: { from: number; until: number; text: string } | undefined;
  return (instant) => {
    const time = instant.getTime();
    if (day && time >= day.from && time < day.until) return day.text;
    const date = businessDate(instant, timeZone);
    const text = invoiceDate(instant, timeZone);
    const from = startOfBusinessDay(date, timeZone).getTime();
    const until = startOfBusinessDay(addDaysToDate(date, 1), timeZone).getTime();
    // Kept only when the day's bounds hold the instant (a zone whose midnight is skipped keeps nothing).
    day = from <= time && time < until ? { from, until, text } : undefined;
    return text;
  };
}

const bookingsText = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;

/** The rows come in pick-up order from the list query. */
export function incomeOwedReport(
  bookings: readonly OwingBooking[],
  timeZone: string,
  now: Date,
): TableReport {
  const aud = once((value: Cents) => formatAud(value));
  // Each amount as the database gives it ('51.1900') read once: thousands of rows share a few hundred.
  const read = new Map<string, Cents>();
  const amount = (value: string) => {
    let known = read.get(value);
    if (known === undefined) {
      known = cents(value);
      read.set(value, known);
    }
    return known;
  };
  const pickUp = pickUpDates(timeZone);
  let owing = 0;
  const rows = bookings.map((booking) => {
    const total = amount(booking.totalCost);
    const paid = amount(booking.amountPaid);
    // Every row is complete (the list's status and owing filters): going ahead, so owed is total less paid.
    const owed = amountOwedCents(total, paid);
    owing += owed;
    return [
      booking.bookingCode,
      fullName(booking),
      booking.phoneNumber,
      booking.endDatetime ? pickUp(booking.endDatetime) : 'Not set',
      aud(total),
      aud(paid),
      aud(owed),
    ];
  });
  return {
    title: 'Total income owed',
    subtitle: `As at ${invoiceDateTime(now, timeZone)}`,
    layout: 'portrait',
    columns: [
      // The widest code (eight Ws) on one line: a code is looked up as printed.
      { header: 'Booking', width: 0.16 },
      { header: 'Customer', width: 0.21 },
      { header: 'Phone', width: 0.14 },
      { header: 'Pick-up', width: 0.12 },
      { header: 'Total', width: 0.12, align: 'right' },
      { header: 'Paid', width: 0.12, align: 'right' },
      { header: 'Owing', width: 0.13, align: 'right' },
    ],
    sections: bookings.length
      ? [
          {
            heading: 'Bookings with a balance owing',
            rows,
            total: `${bookingsText(bookings.length)}, ${formatAud(owing)} owing`,
          },
        ]
      : [],
    summary: [
      ['Bookings owing', String(bookings.length)],
      ['Total income owed', formatAud(owing)],
    ],
    emptyMessage: 'No complete booking has a balance owing.',
  };
}
