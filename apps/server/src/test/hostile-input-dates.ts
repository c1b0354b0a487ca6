/**
 * Hostile input, dates: stays no traveller asks for, and every call that takes dates, each as the caller
 * who gets furthest with it (issue 20: a year-4000 change quote froze the server for 17 s). The test is
 * the last but one of jsonapi/hostile-input.test.ts, after the fuzz.
 */
import { bookingDoc, type Fixtures } from './booking-fixtures';
import { API, type Request } from './hostile-input-harness';

/**
 * Stays no traveller asks for (issue 20): far in the future (to JavaScript's last instant), reversed, of
 * no length, and years long. Every call that takes dates gets each of them.
 */
export const STAYS: Array<{ name: string; start: string; end: string }> = [
  { name: 'year 4000', start: '4000-01-01T06:00:00+11:00', end: '4000-01-03T18:00:00+11:00' },
  { name: 'year 9999', start: '9999-12-29T06:00:00+11:00', end: '9999-12-31T18:00:00+11:00' },
  {
    name: 'into year 10000 by the offset',
    start: '9999-12-30T06:00:00-12:00',
    end: '9999-12-31T23:59:59-12:00',
  },
  { name: 'JavaScript’s last day', start: '+275760-09-13T00:00:00.000Z', end: '+275760-09-13T00:00:00.000Z' },
  { name: 'year 275760, no sign', start: '275760-09-12T00:00:00Z', end: '275760-09-13T00:00:00Z' },
  { name: 'three years of 9997-9999', start: '9997-01-05T00:00:00+11:00', end: '9999-12-31T23:59:59+11:00' },
  { name: 'next week to year 4000', start: '2026-12-01T06:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
  { name: 'next week to year 9999', start: '2026-12-01T06:00:00+11:00', end: '9999-12-31T18:00:00+11:00' },
  { name: 'five years', start: '2026-12-01T06:00:00+11:00', end: '2031-12-01T06:00:00+11:00' },
  { name: 'year 1 to year 9999', start: '0001-01-01T00:00:00Z', end: '9999-12-31T23:59:59Z' },
  { name: 'reversed', start: '2026-12-03T18:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'reversed, years apart', start: '9999-12-31T18:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'reversed in year 4000', start: '4000-01-03T18:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
  { name: 'same instant', start: '2026-12-01T06:00:00+11:00', end: '2026-12-01T06:00:00+11:00' },
  { name: 'same instant in year 4000', start: '4000-01-01T06:00:00+11:00', end: '4000-01-01T06:00:00+11:00' },
  // Past the 40 characters a datetime may have: the rule over both datetimes once ran on the refused text.
  {
    name: 'a departure of 45 characters',
    start: `2026-12-01T06:00:00+11:00${'0'.repeat(20)}`,
    end: '2026-12-03T18:00:00+11:00',
  },
];
/** The date part of a datetime, as the date parameters take it ('+275760-09-13', '4000-01-01'). */
const dateOf = (datetime: string) => /^[+-]?\d+-\d{2}-\d{2}/.exec(datetime)?.[0] ?? datetime;
/** Slower than this is a finding: a request that holds the server this long holds everyone's. */
export const SLOW_MS = 1000;

/**
 * Each call that takes dates, as the callers who get furthest with it; the manage-booking calls on
 * `booking`, by its guest (the `guest` header) and by staff.
 */
export function callsTakingDates(
  f: Fixtures,
  booking: { id: string },
  guest: Record<string, string>,
): Record<string, (stay: (typeof STAYS)[number]) => Request> {
  const lot = { data: { type: 'lots', id: String(f.outdoor.id) } };
  const vehicleType = { data: { type: 'vehicle-types', id: String(f.sedan.id) } };
  const post = (type: string, attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
    JSON.stringify({ data: { type, attributes, ...(relationships ? { relationships } : {}) } });
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  /** A booking quote for the stay, with other attributes after its dates. */
  const bookingQuote =
    (attributes: Record<string, unknown>, admin: boolean) =>
    ({ start, end }: (typeof STAYS)[number]): Request => ({
      method: 'POST',
      url: `${API}/booking-quotes/`,
      payload: post('booking-quotes', { startDatetime: start, endDatetime: end, ...attributes }, { lot }),
      admin,
    });

  return {
    'GET quotes/': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/quotes/?${q({ start_date: dateOf(start), end_date: dateOf(end), include: 'lot' })}`,
      admin: false,
    }),
    'GET quotes/ (Admin)': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/quotes/?${q({ start_date: dateOf(start), end_date: dateOf(end), 'filter[lot.slug__in]': 'indoor,outdoor' })}`,
      admin: true,
    }),
    'POST booking-quotes/': bookingQuote({ promoCode: 'WELCOME10' }, false),
    'POST booking-quotes/ (Admin)': bookingQuote(
      { calculateSubscriptionGaps: true, discountRate: '0.5' },
      true,
    ),
    'POST bookings/': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/bookings/`,
      payload: JSON.stringify(
        bookingDoc(f, { attributes: { startDatetime: start, endDatetime: end, promoCode: 'WELCOME10' } }),
      ),
      admin: false,
    }),
    'POST bookings/ (Admin)': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/bookings/`,
      payload: JSON.stringify(bookingDoc(f, { attributes: { startDatetime: start, endDatetime: end } })),
      admin: true,
    }),
    'PATCH bookings/{id}/ (Admin)': ({ start, end }) => ({
      method: 'PATCH',
      url: `${API}/bookings/${booking.id}/`,
      payload: JSON.stringify({
        data: {
          type: 'bookings',
          id: booking.id,
          attributes: { startDatetime: start, endDatetime: end },
        },
      }),
      admin: true,
    }),
    'POST promo-codes/': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/promo-codes/`,
      payload: post('promo-codes', { code: 'WELCOME10', dropOffStart: start, dropOffEnd: end }),
      admin: false,
    }),
    ...Object.fromEntries(
      [
        'lot-volume-graphs',
        'arrival-departure-graphs',
        'extras-stats',
        'extras-graphs',
        'booking-type-stats',
      ].map((type) => [
        `POST ${type}/`,
        ({ start, end }: (typeof STAYS)[number]): Request => ({
          method: 'POST',
          url: `${API}/${type}/`,
          payload: post(type, { startDatetime: start, endDatetime: end }),
          admin: true,
        }),
      ]),
    ),
    'GET kpi-summary-csv/ (start)': ({ start }) => ({
      method: 'GET',
      url: `${API}/kpi-summary-csv/?${q({ month: dateOf(start) })}`,
      admin: true,
    }),
    'GET kpi-summary-csv/ (end)': ({ end }) => ({
      method: 'GET',
      url: `${API}/kpi-summary-csv/?${q({ month: dateOf(end) })}`,
      admin: true,
    }),
    'GET bookings/ diary': ({ start }) => ({
      method: 'GET',
      url: `${API}/bookings/?${q({ 'filter[diaryDate]': dateOf(start), include: 'lot,extras' })}`,
      admin: true,
    }),
    'GET bookings/ diary days': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/bookings/?${q({ 'filter[start_diary_date]': dateOf(start), 'filter[end_diary_date]': dateOf(end) })}`,
      admin: true,
    }),
    'GET bookings/ datetime range': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/bookings/?${q({ 'filter[start_datetime__gte]': start, 'filter[start_datetime__lte]': end, 'filter[end_datetime__gte_or_isnull]': start, 'filter[payment_datetime__lt]': end, 'page[size]': '10000' })}`,
      admin: true,
    }),
    'GET bookings/invoices/': ({ start }) => ({
      method: 'GET',
      url: `${API}/bookings/invoices/?${q({ 'filter[status]': 'complete', 'filter[start_diary_date]': dateOf(start) })}`,
      admin: true,
    }),
    'GET bookings/export/': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/bookings/export/?${q({ 'filter[start_datetime__gte]': start, 'filter[end_datetime__lte]': end })}`,
      admin: true,
    }),
    'GET bookings/income-owed/': ({ start, end }) => ({
      method: 'GET',
      url: `${API}/bookings/income-owed/?${q({ 'filter[end_datetime__gte]': start, 'filter[end_datetime__lte]': end })}`,
      admin: true,
    }),
    'POST manage-bookings/{id}/change-quotes/': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/manage-bookings/${booking.id}/change-quotes/`,
      payload: post('change-quotes', { startDatetime: start, endDatetime: end }),
      admin: false,
      headers: guest,
    }),
    'POST manage-bookings/{id}/change-quotes/ (Admin)': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/manage-bookings/${booking.id}/change-quotes/`,
      payload: post('change-quotes', { startDatetime: start, endDatetime: end }, { vehicleType }),
      admin: true,
    }),
    'POST manage-bookings/{id}/changes/': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/manage-bookings/${booking.id}/changes/`,
      payload: post('booking-changes', { startDatetime: start, endDatetime: end }),
      admin: false,
      headers: guest,
    }),
    'POST manage-bookings/{id}/changes/ (Admin)': ({ start, end }) => ({
      method: 'POST',
      url: `${API}/manage-bookings/${booking.id}/changes/`,
      payload: post('booking-changes', { startDatetime: start, endDatetime: end }, { vehicleType }),
      admin: true,
    }),
  };
}
