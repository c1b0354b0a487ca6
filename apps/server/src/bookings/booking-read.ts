/**
 * What a booking's read selects: its columns, the prices its extras were sold at and its custody status. The
 * bookings resource reads every booking with it; the online booking has the statement that opens its payment
 * answer the booking with it (book-online.ts), so its 201 is not read again.
 */
import { getTableColumns, sql } from 'drizzle-orm';
import type { BookingRow } from '../db/rows';
import { bookings } from '../db/schema/index';

export type BookingListRow = BookingRow & {
  extrasPrices: Record<string, string>;
  custodyStatus: string;
  partnerName: string | null;
};

export const bookingFields = {
  ...getTableColumns(bookings),
  // The price each extra was sold at, keyed by extra id (spec: extrasPrices).
  extrasPrices: sql<
    Record<string, string>
  >`coalesce((select jsonb_object_agg(be.extra_id::text, be.price::text) from booking_extras be where be.booking_id = ${bookings.id}), '{}'::jsonb)`.as(
    'extras_prices',
  ),
  // Where the car is in its custody record (issue 23): the desk's actions and the diary read it. The
  // booking's id is named in full: Drizzle writes ${bookings.id} as "id", which custody_entries has too.
  custodyStatus:
    sql<string>`coalesce((select case when count(*) = 0 then 'awaiting' when bool_or(ce.kind = 'handed_back') then 'handed_back' else 'parked' end from custody_entries ce where ce.booking_id = "bookings"."id"), 'awaiting')`.as(
      'custody_status',
    ),
  // The partner that sold it (issue 42), by name, or null: its channel (@parking/domain/booking-channel) reads it.
  partnerName: sql<
    string | null
  >`case when "bookings"."partner_id" is null then null else (select p.name from partners p where p.id = "bookings"."partner_id") end`.as(
    'partner_name',
  ),
};
