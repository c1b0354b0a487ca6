/**
 * "Total income owed" (back-office §2, §7 "Plain GETs opened in tabs"): the complete bookings whose total
 * is more than what has been paid, by pick-up date (when the money is usually collected), with what each
 * owes and the grand total.
 */
import { formatAud, parseMoney, type Cents } from '@parking/domain/money';
import { invoiceDate, invoiceDateTime } from '../documents/invoice-data';
import type { TableReport } from '../documents/table-report';
import { fullName, moneyText } from '../jsonapi/values';
import type { BookingRow } from '../db/rows';

const cents = (value: string) => parseMoney(moneyText(value));
export const owingCents = (booking: BookingRow): Cents =>
  cents(booking.totalCost) - cents(booking.amountPaid);

const bookingsText = (count: number) => `${count} ${count === 1 ? 'booking' : 'bookings'}`;

/** The rows come in pick-up order from the list query. */
export function incomeOwedReport(bookings: readonly BookingRow[], timeZone: string, now: Date): TableReport {
  const owing = bookings.reduce((sum, booking) => sum + owingCents(booking), 0);
  return {
    title: 'Total income owed',
    subtitle: `As at ${invoiceDateTime(now, timeZone)}`,
    layout: 'portrait',
    columns: [
      { header: 'Booking', width: 0.12 },
      { header: 'Customer', width: 0.23 },
      { header: 'Phone', width: 0.15 },
      { header: 'Pick-up', width: 0.13 },
      { header: 'Total', width: 0.12, align: 'right' },
      { header: 'Paid', width: 0.12, align: 'right' },
      { header: 'Owing', width: 0.13, align: 'right' },
    ],
    sections: bookings.length
      ? [
          {
            heading: 'Bookings with a balance owing',
            rows: bookings.map((booking) => [
              booking.bookingCode,
              fullName(booking),
              booking.phoneNumber,
              booking.endDatetime ? invoiceDate(booking.endDatetime, timeZone) : 'Not set',
              formatAud(cents(booking.totalCost)),
              formatAud(cents(booking.amountPaid)),
              formatAud(owingCents(booking)),
            ]),
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
