/** Bookings written straight into the database, for tests that need exact dates, states and codes. */
import type { Executor } from '../db/client';
import { bookingExtras, bookings } from '../db/schema/index';
import { openingBalances } from '../payments/ledger';

type BookingInsert = typeof bookings.$inferInsert;

let sequence = 0;

/** A unique 8-character code from the booking code alphabet. */
export function nextBookingCode(prefix = 'T'): string {
  sequence += 1;
  const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let n = sequence;
  let suffix = '';
  do {
    suffix = (alphabet[n % alphabet.length] ?? 'A') + suffix;
    n = Math.floor(n / alphabet.length);
  } while (n > 0);
  return `${prefix}${suffix.padStart(8 - prefix.length, 'A')}`.slice(0, 8);
}

/**
 * Inserts a booking with minimal columns (complete, unpaid, one day); `extras` adds booking_extras
 * rows with the price each was sold at.
 */
export async function insertBooking(
  db: Executor,
  values: Partial<BookingInsert> & Pick<BookingInsert, 'lotId' | 'startDatetime'>,
  extras: Array<{ extraId: number; price: string }> = [],
) {
  const [row] = await db
    .insert(bookings)
    .values({
      bookingCode: nextBookingCode(),
      status: 'complete',
      endDatetime: new Date(values.startDatetime.getTime() + 24 * 3600 * 1000),
      title: 'Mr',
      firstName: 'Test',
      lastName: 'Traveller',
      email: 'traveller@example.com',
      phoneNumber: '0400 000 000',
      rego: 'TEST01',
      make: 'Mazda',
      model: '3',
      colour: 'Blue',
      parkingCost: '25.00',
      totalCost: '25.00',
      paymentStatus: 'unpaid',
      ...values,
    })
    .returning();
  if (!row) throw new Error('no booking');
  if (extras.length)
    await db.insert(bookingExtras).values(extras.map((extra) => ({ bookingId: row.id, ...extra })));
  // What it was paid becomes its opening ledger movement, as for any booking written without one.
  await openingBalances(db, row.id);
  return row;
}
