/**
 * What `npm run bench` (bench/run.ts) loads the server with: the ceiling (no database), then the public
 * API's calls, the back office's (diary, lists, reports, CSV, PDFs) and the booking mix, each with its
 * connections and the requests each connection sends in turn.
 */
import { DIARY_BOOKING_FIELDS } from '@parking/domain/api-contract/bookings';
import { addDaysToDate, businessInstant } from '@parking/domain/dates';
import { seededRandom } from '@parking/domain/seeded-random';
import { API, CONNECTIONS, STAFF_CONNECTIONS } from './knobs';
import { onlineBookingDoc } from './server-process';
import { TIME_ZONE } from './setup';

export interface Scenario {
  group: 'ceiling' | 'public API' | 'partner API' | 'back office' | 'booking';
  name: string;
  connections: number;
  /**
   * The load generator: wrk for the calls a crowd makes (the ceiling and the public calls, 50 connections: their
   * answers are the server's, bench/wrk.ts says why), autocannon for the rest.
   */
  load: 'wrk' | 'autocannon';
  /**
   * Requests each connection sends in turn; each one's path and body may be set per request. `token`: the staff
   * login's token; `authorization`: an Authorization header sent as it is (a partner's `Bearer <key>`).
   */
  requests: Array<{
    method: 'GET' | 'POST';
    path: () => string;
    body?: () => string;
    token?: boolean;
    authorization?: string;
  }>;
}

/** The partner API's availability call (issue 42), loaded with a live partner's key (bench/partners.ts). */
export const PARTNER_AVAILABILITY_NAME = 'GET /partner/v1/availability (random stays, a live partner key)';

/** GET /backend/live/: the whole request pipeline without the database, the measure of every other call. */
export const ceilingScenario: Scenario = {
  group: 'ceiling',
  name: 'GET /backend/live/ (ceiling: no database)',
  connections: CONNECTIONS,
  load: 'wrk',
  requests: [{ method: 'GET', path: () => '/backend/live/' }],
};

/**
 * The load generator shares this machine's cores with the server: a body built per request (two zoned
 * instants and a JSON document, about 37 µs) took two thirds of a core at 18,000 req/s, CPU the server then
 * lacked. The public calls' paths and bodies are drawn before the clock starts, from the same seeded source,
 * and each connection takes the next one in turn. POOL_SIZE is above the 12,600 distinct stays and lots a
 * booking-quote can ask for (300 start days × 21 lengths × 2 lots), so the server sees the same spread of
 * documents as when each was drawn live.
 */
const POOL_SIZE = 20_000;
function pool(make: () => string): () => string {
  const items = Array.from({ length: POOL_SIZE }, make);
  let next = 0;
  return () => {
    const item = items[next] as string;
    next = (next + 1) % items.length;
    return item;
  };
}

export function scenarios(
  today: string,
  busyDay: string,
  ids: { indoorId: number; outdoorId: number; vehicleTypeId: number; airlineId: number },
  /** A live partner's API key (bench/partners.ts): the partner API's scenario. */
  partnerKey: string,
): Scenario[] {
  // A seeded random source: the same ranges in every run.
  const random = seededRandom(12345);
  const quoteRange = () => {
    const start = addDaysToDate(today, Math.floor(random() * 300));
    return { start, end: addDaysToDate(start, Math.floor(random() * 21)) };
  };
  const quotePath = () => {
    const { start, end } = quoteRange();
    return `${API}/quotes/?start_date=${start}&end_date=${end}&filter[lot.slug__in]=indoor,outdoor&include=lot`;
  };
  const stay = () => {
    const { start, end } = quoteRange();
    return {
      startDatetime: businessInstant(start, '06:00:00', TIME_ZONE).toISOString(),
      endDatetime: businessInstant(end, '18:30:00', TIME_ZONE).toISOString(),
    };
  };
  const bookingQuoteBody = () =>
    JSON.stringify({
      data: {
        type: 'booking-quotes',
        attributes: {
          ...stay(),
          extrasCost: '0.00',
          discountRate: '0',
          promoCode: '',
          calculateSubscriptionGaps: true,
        },
        relationships: {
          lot: { data: { type: 'lots', id: String(random() < 0.3 ? ids.indoorId : ids.outdoorId) } },
        },
      },
    });
  // A partner asks as the website's quotes do: a random stay of 1-21 days in one of the two lots.
  const partnerPath = () => {
    const { startDatetime, endDatetime } = stay();
    const lot = random() < 0.3 ? 'indoor' : 'outdoor';
    return `/partner/v1/availability?${new URLSearchParams({ lot, start: startDatetime, end: endDatetime }).toString()}`;
  };
  const extrasPath = () => {
    const { startDatetime, endDatetime } = stay();
    return `${API}/extras/?${new URLSearchParams({ 'filter[checkAvailability]': `${startDatetime},${endDatetime}`, 'page[size]': '200' }).toString()}`;
  };
  // Online bookings 150-300 days ahead, where the generated data leaves room: none is refused as full.
  let booking = 0;
  const bookingBody = () => {
    booking += 1;
    const startDate = addDaysToDate(today, 150 + Math.floor(random() * 150));
    const start = businessInstant(startDate, '06:00:00', TIME_ZONE);
    const end = businessInstant(
      addDaysToDate(startDate, 1 + Math.floor(random() * 7)),
      '18:30:00',
      TIME_ZONE,
    );
    return JSON.stringify(
      onlineBookingDoc(
        { lotId: ids.outdoorId, vehicleTypeId: ids.vehicleTypeId, airlineId: ids.airlineId },
        start,
        end,
        booking,
      ),
    );
  };
  const year = {
    startDatetime: businessInstant(addDaysToDate(today, -364), '00:00:00', TIME_ZONE).toISOString(),
    endDatetime: businessInstant(today, '23:59:59', TIME_ZONE).toISOString(),
  };
  const report = (type: string): Scenario => ({
    group: 'back office',
    name: `POST ${type}/ (12 months)`,
    connections: STAFF_CONNECTIONS,
    load: 'autocannon',
    requests: [
      {
        method: 'POST',
        path: () => `${API}/${type}/`,
        body: () => JSON.stringify({ data: { type, attributes: year } }),
        token: true,
      },
    ],
  });
  const staffGet = (name: string, path: string): Scenario => ({
    group: 'back office',
    name,
    connections: STAFF_CONNECTIONS,
    load: 'autocannon',
    requests: [{ method: 'GET', path: () => path, token: true }],
  });
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const month = addDaysToDate(today, -30).slice(0, 8) + '01';
  return [
    {
      group: 'public API',
      name: 'GET quotes/ (random 1-21 day ranges, 2 lots)',
      connections: CONNECTIONS,
      load: 'wrk',
      requests: [{ method: 'GET', path: pool(quotePath) }],
    },
    {
      group: 'public API',
      name: 'POST booking-quotes/ (random stays)',
      connections: CONNECTIONS,
      load: 'wrk',
      requests: [{ method: 'POST', path: () => `${API}/booking-quotes/`, body: pool(bookingQuoteBody) }],
    },
    {
      group: 'public API',
      name: 'GET extras/?filter[checkAvailability]',
      connections: CONNECTIONS,
      load: 'wrk',
      requests: [{ method: 'GET', path: pool(extrasPath) }],
    },
    {
      group: 'partner API',
      name: PARTNER_AVAILABILITY_NAME,
      connections: CONNECTIONS,
      load: 'wrk',
      requests: [{ method: 'GET', path: pool(partnerPath), authorization: `Bearer ${partnerKey}` }],
    },
    // The page most visits start on: pre-rendered for a visitor without a session (its data asked in process).
    {
      group: 'public API',
      name: 'GET / (home page, pre-rendered)',
      connections: CONNECTIONS,
      load: 'wrk',
      requests: [{ method: 'GET', path: () => '/' }],
    },
    // As the diary asks: the fields its rows show (a sparse fieldset), of up to 1000 bookings.
    staffGet(
      `GET diary of the busiest day (${busyDay})`,
      `${API}/bookings/?${query({ 'filter[diaryDate]': busyDay, 'filter[status]': 'complete', sort: 'startDatetime', include: 'airlineOut,airlineIn,lot', 'fields[bookings]': DIARY_BOOKING_FIELDS.join(','), 'page[size]': '1000' })}`,
    ),
    staffGet(
      'GET bookings/ filtered by customer details, newest first',
      `${API}/bookings/?${query({ 'filter[customer_details]': 'Nguyen 4', sort: '-created', include: 'lot' })}`,
    ),
    staffGet(
      'GET bookings/ filtered by status and drop-off week',
      `${API}/bookings/?${query({ 'filter[status]': 'complete', 'filter[start_datetime__gte]': businessInstant(today, '00:00:00', TIME_ZONE).toISOString(), 'filter[start_datetime__lte]': businessInstant(addDaysToDate(today, 7), '00:00:00', TIME_ZONE).toISOString(), sort: 'startDatetime', include: 'lot' })}`,
    ),
    report('lot-volume-graphs'),
    report('arrival-departure-graphs'),
    report('extras-stats'),
    report('extras-graphs'),
    report('booking-type-stats'),
    staffGet(`GET kpi-summary-csv/ (${month.slice(0, 7)})`, `${API}/kpi-summary-csv/?month=${month}`),
    staffGet('GET bookings/currently-parked/ (PDF)', `${API}/bookings/currently-parked/`),
    staffGet('GET bookings/income-owed/ (PDF)', `${API}/bookings/income-owed/`),
    {
      group: 'booking',
      name: `POST bookings/ (online booking with payment intent, ${CONNECTIONS} conn.)`,
      connections: CONNECTIONS,
      load: 'autocannon',
      requests: [{ method: 'POST', path: () => `${API}/bookings/`, body: bookingBody }],
    },
    {
      group: 'booking',
      name: 'booking mix: quotes, booking-quote, online booking with payment intent',
      connections: Math.min(CONNECTIONS, 10),
      load: 'autocannon',
      requests: [
        { method: 'GET', path: quotePath },
        { method: 'POST', path: () => `${API}/booking-quotes/`, body: bookingQuoteBody },
        { method: 'POST', path: () => `${API}/bookings/`, body: bookingBody },
      ],
    },
  ];
}
