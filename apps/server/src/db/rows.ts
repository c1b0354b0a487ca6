/** Row types of the schema's tables that several layers pass around (services, mail, documents, reports). */
import type { bookings } from './schema/index';

export type BookingRow = typeof bookings.$inferSelect;
