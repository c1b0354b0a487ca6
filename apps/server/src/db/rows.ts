/** Row types of the schema's tables that several layers pass around (services, mail, documents, reports). */
import type { bookings } from './schema/index';

export type BookingRow = typeof bookings.$inferSelect;
/** A booking's check-in fields: where the car is parked and how it came in (back-office §3). */
export type BookingCheckInColumns = Pick<
  BookingRow,
  | 'lotRegionId'
  | 'lotRegionRow'
  | 'fuelLevel'
  | 'damage'
  | 'kilometers'
  | 'vehicleNotes'
  | 'parkedById'
  | 'timeParked'
>;
