/**
 * GET bookings/search/?q=: the back office's one-step booking search (the header's search box and its
 * Scan button), staff only: a booking code, a rego, a name, an email or a phone number; the service is
 * bookings/booking-search-sql.ts.
 */
import type { BookingSearchResultAttributes } from '@parking/domain/api-contract/booking-search';
import { BOOKING_SEARCH_MAX_LENGTH, BOOKING_SEARCH_TOO_LONG } from '@parking/domain/booking-search';
import { messages } from '@parking/domain/messages';
import { action } from '../http/action';
import { errors } from '../jsonapi/errors';
import { single } from '../jsonapi/query';
import { iso } from '@parking/domain/api-values';
import { searchBookings } from './booking-search-sql';

export const bookingSearchActions = [
  action({
    method: 'GET',
    path: 'bookings/search/',
    access: 'staff',
    readOnly: true,
    async handle(ctx, { query }) {
      const text = single(query, 'q')?.trim() ?? '';
      if (text === '') throw errors.parameter(messages.required, 'q');
      if (text.length > BOOKING_SEARCH_MAX_LENGTH) throw errors.parameter(BOOKING_SEARCH_TOO_LONG, 'q');
      const found = await searchBookings(ctx.db, text, ctx.now);
      return {
        data: found.map((row) => ({
          type: 'booking-search-results',
          id: String(row.id),
          attributes: {
            bookingCode: row.bookingCode,
            status: row.status,
            firstName: row.firstName,
            lastName: row.lastName,
            phoneNumber: row.phoneNumber,
            rego: row.rego,
            startDatetime: iso(row.startDatetime),
            endDatetime: iso(row.endDatetime),
            lot: row.lot,
            match: row.match,
          } satisfies BookingSearchResultAttributes,
        })),
        meta: { count: found.length },
      };
    },
  }),
];
