/**
 * What the reports should answer about generated bookings, worked out row by row in plain TypeScript:
 * the tests' oracle, written from the rules (architecture-rules.md, back-office §2, §7) rather than from the
 * server's SQL.
 */
import { centsText, datesBetween, localDate, type GeneratedBooking } from './report-data';

const TIME_ZONE = 'Australia/Hobart';

const day = (instant: Date) => localDate(instant, TIME_ZONE);
const complete = (booking: GeneratedBooking) => booking.status === 'complete';
const round4 = (value: number) => Math.round(value * 10000) / 10000;

/** Complete bookings in the lot whose stay covers each date (open-ended stays cover every later date). */
function presence(bookings: readonly GeneratedBooking[], lotId: number, dates: readonly string[]): number[] {
  const stays = bookings.filter((booking) => complete(booking) && booking.lotId === lotId);
  return dates.map(
    (date) =>
      stays.filter(
        (booking) => day(booking.start) <= date && (booking.end === null || day(booking.end) >= date),
      ).length,
  );
}

export function lotVolume(
  bookings: readonly GeneratedBooking[],
  lots: ReadonlyArray<{ id: number; slug: string; spaces: number }>,
  startDate: string,
  endDate: string,
) {
  const labels = datesBetween(startDate, endDate);
  const values = Object.fromEntries(lots.map((lot) => [lot.slug, presence(bookings, lot.id, labels)]));
  return {
    labels,
    values,
    fillRates: Object.fromEntries(
      lots.map((lot) => [lot.slug, (values[lot.slug] ?? []).map((cars) => round4(cars / lot.spaces))]),
    ),
    spaces: Object.fromEntries(lots.map((lot) => [lot.slug, lot.spaces])),
  };
}

const countBy = (instants: ReadonlyArray<Date | null>, dates: readonly string[]) =>
  dates.map((date) => instants.filter((instant) => instant !== null && day(instant) === date).length);

export function arrivalDeparture(bookings: readonly GeneratedBooking[], startDate: string, endDate: string) {
  const labels = datesBetween(startDate, endDate);
  const sold = bookings.filter(complete);
  return {
    labels,
    values: {
      departure: countBy(
        sold.map((booking) => booking.start),
        labels,
      ),
      arrival: countBy(
        sold.map((booking) => booking.end),
        labels,
      ),
    },
  };
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }) || a.id - b.id;

export function extrasStats(
  bookings: readonly GeneratedBooking[],
  extras: ReadonlyArray<{ id: number; name: string }>,
  startDate: string,
  endDate: string,
) {
  const picked = bookings.filter(
    (booking) =>
      complete(booking) &&
      booking.end !== null &&
      day(booking.end) >= startDate &&
      day(booking.end) <= endDate,
  );
  return {
    rows: [...extras].sort(byName).map((extra) => {
      const sales = picked.flatMap((booking) => booking.extras.filter((sold) => sold.extraId === extra.id));
      return {
        extraId: String(extra.id),
        name: extra.name,
        count: sales.length,
        revenue: centsText(sales.reduce((sum, sold) => sum + sold.cents, 0)),
      };
    }),
  };
}

export function bookingTypeStats(bookings: readonly GeneratedBooking[], startDate: string, endDate: string) {
  const picked = bookings.filter(
    (booking) => complete(booking) && day(booking.start) >= startDate && day(booking.start) <= endDate,
  );
  const types = [...new Set(picked.map((booking) => booking.bookingType))];
  return {
    rows: types
      .map((bookingType) => {
        const own = picked.filter((booking) => booking.bookingType === bookingType);
        return {
          bookingType,
          count: own.length,
          totalCost: centsText(own.reduce((sum, booking) => sum + booking.totalCents, 0)),
          share: round4(own.length / picked.length),
        };
      })
      .sort(
        (a, b) =>
          b.count - a.count || a.bookingType.localeCompare(b.bookingType, 'en-AU', { sensitivity: 'base' }),
      ),
  };
}

const percent = (fraction: number) => (Math.round(fraction * 1000) / 10).toFixed(1);

/** The KPI summary's lines as the CSV writes them: a header, a line a day, the total line. */
export function kpiLines(
  bookings: readonly GeneratedBooking[],
  lots: ReadonlyArray<{ id: number; name: string; spaces: number }>,
  startDate: string,
  endDate: string,
): string[][] {
  const dates = datesBetween(startDate, endDate);
  const sold = bookings.filter(complete);
  const departures = countBy(
    sold.map((booking) => booking.start),
    dates,
  );
  const arrivals = countBy(
    sold.map((booking) => booking.end),
    dates,
  );
  const parked = [...lots]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((lot) => ({ lot, cars: presence(bookings, lot.id, dates) }));
  const made = dates.map((date) => sold.filter((booking) => day(booking.created) === date));
  const paid = dates.map((date) =>
    bookings
      .filter((booking) => booking.paymentDatetime !== null && day(booking.paymentDatetime) === date)
      .reduce((sum, booking) => sum + booking.paidCents, 0),
  );
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const header = [
    'Date',
    'Drop-offs',
    'Pick-ups',
    ...parked.flatMap(({ lot }) => [`${lot.name} cars parked`, `${lot.name} fill %`]),
    'Bookings made',
    'Booking value',
    'Payments received',
  ];
  const lines = dates.map((date, i) => [
    date,
    String(departures[i]),
    String(arrivals[i]),
    ...parked.flatMap(({ lot, cars }) => [String(cars[i]), percent((cars[i] ?? 0) / lot.spaces)]),
    String(made[i]?.length),
    centsText(sum((made[i] ?? []).map((booking) => booking.totalCents))),
    centsText(paid[i] ?? 0),
  ]);
  const total = [
    'Total',
    String(sum(departures)),
    String(sum(arrivals)),
    ...parked.flatMap(({ lot, cars }) => {
      const average = sum(cars) / cars.length;
      return [(Math.round(average * 10) / 10).toFixed(1), percent(average / lot.spaces)];
    }),
    String(sum(made.map((list) => list.length))),
    centsText(sum(made.flat().map((booking) => booking.totalCents))),
    centsText(sum(paid)),
  ];
  return [header, ...lines, total];
}
