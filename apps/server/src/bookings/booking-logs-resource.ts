/** The edit history of a booking (back office: Admins only, last changes first). */
import type { BookingLogAttributes } from '@parking/domain/api-contract/bookings';
import { bookingLogs } from '../db/schema/index';
import type { JsonValue, ResourceDefinition } from '../jsonapi/resource';
import { iso } from '@parking/domain/api-values';

type BookingLogRow = typeof bookingLogs.$inferSelect;

export const bookingLogsResource: ResourceDefinition<BookingLogRow> = {
  type: 'booking-logs',
  table: bookingLogs,
  idColumn: bookingLogs.id,
  notFound: 'Booking logs not found',
  attributes: (row) =>
    ({
      timestamp: iso(row.timestamp),
      action: row.action,
      info: row.info as JsonValue,
    }) satisfies BookingLogAttributes,
  relationships: {
    booking: { kind: 'one', type: 'bookings', key: 'bookingId' },
    user: { kind: 'one', type: 'users', key: 'userId' },
  },
  filters: { booking: { kind: 'column', column: bookingLogs.bookingId, value: 'int', ops: ['eq', 'in'] } },
  sorts: { timestamp: bookingLogs.timestamp, id: bookingLogs.id },
  defaultSort: '-timestamp',
  access: { list: 'admin', read: 'admin' },
};
