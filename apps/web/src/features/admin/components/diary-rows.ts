/**
 * The diary's rows (back-office §2 "Diary"): each complete booking of the day as a departing row (its
 * drop-off is that day) and/or an arriving row (its pick-up is), ordered by time then flight, and grouped
 * so that the table can show each time once and each flight once with its people count.
 */
import { businessDate, businessTimeOfDay } from '@parking/domain/dates';
import type { IncludedIndex } from '@/lib/api/jsonapi';
import { relatedId, type Resource } from '@/lib/api/jsonapi';
import type { BookingAttributes, DiaryAttribute } from '@parking/domain/api-contract/bookings';
import type { LotAttributes, NamedAttributes } from '@parking/domain/api-contract/catalogue';

/** A booking as the diary reads it: the attributes of its sparse fieldset (DIARY_BOOKING_FIELDS). */
export type DiaryBooking = Pick<BookingAttributes, DiaryAttribute>;

export type DiaryDirection = 'departing' | 'arriving';

export interface DiaryRow {
  key: string;
  bookingId: string;
  customerId: string | null;
  direction: DiaryDirection;
  /** 'HH:mm', business time. */
  time: string;
  airline: string;
  flightNumber: string;
  people: number;
  name: string;
  rego: string;
  vehicle: string;
  phoneNumber: string;
  lot: string;
  /** What it was sold through: Website, Staff or the partner's name (issue 42). */
  channel: string;
  hasExtras: boolean;
  paid: boolean;
  checkedIn: boolean;
  notes: string;
  bookingCode: string;
  /** What the desk's dialogs need (issue 23). */
  lotId: string;
  lotRegionId: string | null;
  lotRegionRow: number | null;
  custodyStatus: BookingAttributes['custodyStatus'];
  /** A pick-up's arriving flight when late or cancelled (issue 24), else null. */
  flight: DiaryFlight | null;
}

interface DiaryFlight {
  status: 'delayed' | 'cancelled';
  delayMinutes: number;
  /** 'HH:mm': the pick-up as booked, before the flight moved it. */
  bookedTime: string;
  problem: 'capped' | 'lot_full' | null;
}

function flightOf(a: DiaryBooking, timeZone: string): DiaryFlight | null {
  if (!a.flightStatus || !a.endDatetime) return null;
  return {
    status: a.flightStatus,
    delayMinutes: a.flightDelayMinutes,
    bookedTime: businessTimeOfDay(new Date(a.bookedEndDatetime ?? a.endDatetime), timeZone),
    problem: a.flightMoveProblem,
  };
}

interface DiaryFlightGroup {
  key: string;
  airline: string;
  flightNumber: string;
  direction: DiaryDirection;
  /** Everyone on this flight among the day's bookings. */
  people: number;
  rows: DiaryRow[];
}

export interface DiaryTimeGroup {
  time: string;
  flights: DiaryFlightGroup[];
  /** Rows in the group, for the time cell's row span. */
  size: number;
}

function row(
  booking: Resource<DiaryBooking>,
  included: IncludedIndex,
  direction: DiaryDirection,
  instant: string,
  timeZone: string,
): DiaryRow {
  const a = booking.attributes;
  const airline = included.one<NamedAttributes>(
    booking,
    direction === 'departing' ? 'airlineOut' : 'airlineIn',
    'airlines',
  );
  const lot = included.one<LotAttributes>(booking, 'lot', 'lots');
  return {
    key: `${booking.id}-${direction}`,
    bookingId: booking.id,
    customerId: relatedId(booking, 'customer'),
    direction,
    time: businessTimeOfDay(new Date(instant), timeZone),
    airline: airline?.attributes.name ?? '',
    flightNumber: direction === 'departing' ? a.flightNumberOut : a.flightNumberIn,
    people: direction === 'departing' ? a.passengersOut : a.passengersIn,
    name: `${a.firstName} ${a.lastName}`.trim(),
    rego: a.rego,
    vehicle: [a.colour, a.make, a.model].filter(Boolean).join(' '),
    phoneNumber: a.phoneNumber,
    lot: lot?.attributes.name ?? '',
    channel: a.channel ?? '',
    hasExtras: Object.keys(a.extrasPrices ?? {}).length > 0 || Number(a.extrasCost) > 0,
    paid: a.paymentStatus === 'paid',
    // Back-office §2: checked in once a lot region and a row are set.
    checkedIn: relatedId(booking, 'lotRegion') !== null && a.lotRegionRow !== null,
    notes: [a.publicNotes, a.notes].filter(Boolean).join(' · '),
    bookingCode: a.bookingCode,
    lotId: relatedId(booking, 'lot') ?? '',
    lotRegionId: relatedId(booking, 'lotRegion'),
    lotRegionRow: a.lotRegionRow,
    custodyStatus: a.custodyStatus,
    flight: direction === 'arriving' ? flightOf(a, timeZone) : null,
  };
}

/** The day's rows, earliest first; at one time, flights by airline and number; departures before arrivals. */
export function diaryRows(
  bookings: readonly Resource<DiaryBooking>[],
  included: IncludedIndex,
  date: string,
  timeZone: string,
): DiaryRow[] {
  const rows: DiaryRow[] = [];
  for (const booking of bookings) {
    const { startDatetime, endDatetime } = booking.attributes;
    if (businessDate(new Date(startDatetime), timeZone) === date)
      rows.push(row(booking, included, 'departing', startDatetime, timeZone));
    if (endDatetime && businessDate(new Date(endDatetime), timeZone) === date)
      rows.push(row(booking, included, 'arriving', endDatetime, timeZone));
  }
  const flightKey = (item: DiaryRow) =>
    `${item.direction === 'departing' ? 0 : 1}|${item.airline}|${item.flightNumber}`;
  return rows.sort(
    (a, b) =>
      a.time.localeCompare(b.time) ||
      flightKey(a).localeCompare(flightKey(b)) ||
      a.name.localeCompare(b.name),
  );
}

/** Sorted rows grouped by time, then by flight (same airline, number and direction). */
export function groupDiary(rows: readonly DiaryRow[]): DiaryTimeGroup[] {
  const groups: DiaryTimeGroup[] = [];
  for (const item of rows) {
    let group = groups.at(-1);
    if (!group || group.time !== item.time) {
      group = { time: item.time, flights: [], size: 0 };
      groups.push(group);
    }
    const key = `${item.direction}|${item.airline}|${item.flightNumber}`;
    let flight = group.flights.at(-1);
    if (!flight || flight.key !== key) {
      flight = {
        key,
        airline: item.airline,
        flightNumber: item.flightNumber,
        direction: item.direction,
        people: 0,
        rows: [],
      };
      group.flights.push(flight);
    }
    flight.rows.push(item);
    flight.people += item.people;
    group.size += 1;
  }
  return groups;
}
