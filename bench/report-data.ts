/**
 * The reports benchmark's data: three years of a busy business, generated inside the database (one
 * INSERT ... SELECT over generate_series per table) so that half a million bookings take seconds.
 *
 * Stays start from 1,035 days ago to 60 days ahead (bookings are made up to 60 days before the drop-off),
 * 0-9 nights with most short; 27% indoor; 92% complete, the rest cancelled, abandoned or failed; booking
 * types skewed to the website ones; past stays mostly paid when booked, some paid on return, a few never;
 * a fifth of future stays to be paid on return (the income owed); checked-in cars in a region and row;
 * about a third of the bookings with an extra. The lots are made bigger than the demo's so that this
 * volume fills them as a busy business would (about 80%).
 *
 * With `customers`, that many customers (a fifth with a login) own the bookings in turn, each booking
 * carrying its customer's email; vehicle types and blockouts (parking and extra blockouts in the past,
 * an extra blockout in the coming weeks) complete the settings a busy site has.
 */
import { eq, sql } from 'drizzle-orm';
import { BOOKING_TYPES } from '@parking/domain/constants';
import { rowsOf, type Database } from '../apps/server/src/db/client';
import {
  airlines,
  blockoutPeriodExtras,
  blockoutPeriods,
  extras,
  lotRegions,
  lots,
  vehicleTypes,
} from '../apps/server/src/db/schema/index';
import { AIRLINES, EXTRAS, LOTS, VEHICLE_TYPES } from '../apps/server/src/seed/data';
import { seedReference } from './setup';

const SPACES = { indoor: 600, outdoor: 1600 } as const;

const textArray = (values: readonly string[]) =>
  sql`${`{${values.map((value) => `"${value.replace(/"/g, '\\"')}"`).join(',')}}`}::text[]`;
const intArray = (values: readonly number[]) => sql`${`{${values.join(',')}}`}::int[]`;

const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Oliver',
  'Mia',
  'Thomas',
  'Grace',
  'Lucas',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
];
const VEHICLES = [
  ['Toyota', 'Corolla'],
  ['Mazda', 'CX-5'],
  ['Hyundai', 'i30'],
  ['Ford', 'Ranger'],
  ['Kia', 'Sportage'],
  ['Subaru', 'Forester'],
] as const;
const COLOURS = ['White', 'Silver', 'Black', 'Blue', 'Red', 'Grey'];
// Website types most often, then the desk's; the array's order is the skew's order.
const TYPES = [
  'New - Website',
  'Regular - Website',
  'New',
  'Regular',
  'Email',
  'Staff',
  'RACT',
  'Pensioner',
  'Senoirs',
  'Qantas Staff',
  'Long term',
] as const;
const CARD_METHODS = ['stripe', 'stripe', 'stripe', 'stripe', 'eftpos', 'cash', 'visa', 'mastercard'];

export interface ReportDataOptions {
  /** Customers owning the bookings in turn; 0 leaves the bookings without one. */
  customers?: number;
}

/** `count` customers, every fifth with a customer login; the first customer's id. */
async function seedCustomers(db: Database, count: number): Promise<number> {
  await db.execute(sql`
    INSERT INTO users (email, password_hash, roles, email_confirmed)
    SELECT 'customer' || i || '@example.com', '!', ARRAY['Customers']::text[], true
    FROM generate_series(0, ${count - 1}::int) AS i WHERE i % 5 = 0`);
  await db.execute(sql`
    INSERT INTO customers (email, title, first_name, last_name, phone_number, user_id)
    SELECT 'customer' || i || '@example.com', 'Mx',
           (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + (i * 7) % ${LAST_NAMES.length}] || ' ' || i,
           '04' || lpad(((i::bigint * 104729) % 100000000)::text, 8, '0'),
           u.id
    FROM generate_series(0, ${count - 1}::int) AS i
    LEFT JOIN users u ON u.email = 'customer' || i || '@example.com'
    ORDER BY i`);
  const [first] = rowsOf<{ id: number | null }>(
    await db.execute(sql`SELECT min(id)::int AS id FROM customers`),
  );
  if (!first?.id) throw new Error('no customers');
  return first.id;
}

export async function seedReportData(
  db: Database,
  now: Date,
  bookingCount: number,
  options: ReportDataOptions = {},
): Promise<void> {
  const customerCount = options.customers ?? 0;
  if (TYPES.some((type) => !(BOOKING_TYPES as readonly string[]).includes(type)))
    throw new Error('unknown booking type');
  const { indoor, outdoor } = await seedReference(db, now);
  await db.update(lots).set({ spaces: SPACES.indoor }).where(eq(lots.id, indoor.id));
  await db.update(lots).set({ spaces: SPACES.outdoor }).where(eq(lots.id, outdoor.id));
  const regions = await db
    .insert(lotRegions)
    .values(
      LOTS.flatMap((lot) =>
        lot.regions.map(([name, rows]) => ({
          lotId: lot.slug === 'indoor' ? indoor.id : outdoor.id,
          name,
          rows,
        })),
      ),
    )
    .returning();
  const regionIds = (lotId: number) =>
    regions.filter((region) => region.lotId === lotId).map((region) => region.id);
  const airlineRows = await db
    .insert(airlines)
    .values(AIRLINES.map((airline) => ({ name: airline.name })))
    .returning();
  const extraRows = await db
    .insert(extras)
    .values(
      EXTRAS.slice(0, 8).map((extra) => ({
        name: extra.name,
        extraType: extra.extraType,
        basePrice: extra.basePrice,
      })),
    )
    .returning();
  const typeRows = await db
    .insert(vehicleTypes)
    .values(VEHICLE_TYPES.map((name) => ({ name })))
    .returning();
  const day = 24 * 3600_000;
  const blockouts = await db
    .insert(blockoutPeriods)
    .values([
      {
        name: 'Resurfacing',
        message: 'The car park is closed for resurfacing.',
        blockType: 'parking',
        startDatetime: new Date(now.getTime() - 400 * day),
        endDatetime: new Date(now.getTime() - 398 * day),
      },
      {
        name: 'Wash bay repairs',
        blockType: 'extra',
        startDatetime: new Date(now.getTime() - 200 * day),
        endDatetime: new Date(now.getTime() - 190 * day),
      },
      {
        name: 'Detailing closed',
        blockType: 'extra',
        startDatetime: new Date(now.getTime() + 20 * day),
        endDatetime: new Date(now.getTime() + 27 * day),
      },
      {
        name: 'Website maintenance',
        message: 'Online bookings are paused.',
        blockType: 'online_form',
        startDatetime: new Date(now.getTime() - 100 * day),
        endDatetime: new Date(now.getTime() - 100 * day + 3600_000),
      },
    ])
    .returning();
  const extraBlockouts = blockouts.filter((blockout) => blockout.blockType === 'extra');
  await db
    .insert(blockoutPeriodExtras)
    .values(
      extraBlockouts.flatMap((blockout) =>
        extraRows.slice(0, 2).map((extra) => ({ blockoutPeriodId: blockout.id, extraId: extra.id })),
      ),
    );
  const firstCustomer = customerCount > 0 ? await seedCustomers(db, customerCount) : 0;

  const nowText = now.toISOString();
  await db.execute(sql`SELECT setseed(0.1121)`);
  await db.execute(sql`
    WITH s AS (
      SELECT i,
             date_trunc('minute', ${nowText}::timestamptz - interval '1035 days' + random() * interval '1095 days') AS start,
             1 + floor(power(random(), 2) * 9)::int AS nights,
             floor(random() * 14)::int AS hours,
             random() AS r_status, random() AS r_type, random() AS r_pay, random() AS r_lead, random() AS r_region, random() AS r_price
      FROM generate_series(1, ${bookingCount}::int) AS i
    ), t AS (
      SELECT s.*,
             CASE WHEN i % 2000 = 0 THEN NULL ELSE start + make_interval(days => nights, hours => hours) END AS finish,
             CASE WHEN start - r_lead * interval '60 days' <= ${nowText}::timestamptz THEN start - r_lead * interval '60 days'
                  ELSE ${nowText}::timestamptz - r_lead * interval '30 days' END AS made,
             CASE WHEN i % 11 < 3 THEN ${indoor.id}::int ELSE ${outdoor.id}::int END AS lot,
             (2500 + nights * 1100 + floor(r_price * 900))::int AS cents
      FROM s
    ), p AS (
      SELECT t.*,
             CASE WHEN start < ${nowText}::timestamptz AND r_pay < 0.96 THEN least(made + r_pay * interval '1 day', ${nowText}::timestamptz)
                  WHEN start < ${nowText}::timestamptz AND r_pay < 0.999 AND finish <= ${nowText}::timestamptz THEN finish
                  WHEN start >= ${nowText}::timestamptz AND r_pay < 0.8 THEN least(made + r_pay * interval '1 hour', ${nowText}::timestamptz)
             END AS paid_at,
             (start < ${nowText}::timestamptz AND r_pay >= 0.96) OR (start >= ${nowText}::timestamptz AND r_pay >= 0.8) AS on_return
      FROM t
    )
    INSERT INTO bookings (booking_code, status, booking_type, lot_id, lot_region_id, lot_region_row, start_datetime, end_datetime, created,
                          customer_id, vehicle_type_id,
                          title, first_name, last_name, phone_number, email, rego, make, model, colour,
                          airline_out_id, airline_in_id, flight_number_out, flight_number_in,
                          parking_cost, total_cost, amount_paid, payment_status, payment_method, payment_datetime)
    SELECT 'R' || lpad(upper(to_hex(i)), 7, '0'),
           CASE WHEN r_status < 0.05 THEN 'cancelled' WHEN r_status < 0.07 THEN 'abandoned' WHEN r_status < 0.08 THEN 'payment_failed' ELSE 'complete' END,
           (${textArray(TYPES)})[1 + floor(power(r_type, 1.8) * ${TYPES.length})::int],
           lot,
           CASE WHEN start < ${nowText}::timestamptz AND r_region < 0.85 THEN
             CASE WHEN lot = ${indoor.id}::int THEN (${intArray(regionIds(indoor.id))})[1 + floor(r_region / 0.85 * ${regionIds(indoor.id).length})::int]
                  ELSE (${intArray(regionIds(outdoor.id))})[1 + floor(r_region / 0.85 * ${regionIds(outdoor.id).length})::int] END
           END,
           CASE WHEN start < ${nowText}::timestamptz AND r_region < 0.85 THEN 1 + i % 4 END,
           start, finish, made,
           CASE WHEN ${customerCount}::int > 0 THEN ${firstCustomer}::int + i % greatest(${customerCount}::int, 1) END,
           (${intArray(typeRows.map((type) => type.id))})[1 + i % ${typeRows.length}],
           'Mx',
           (${textArray(FIRST_NAMES)})[1 + i % ${FIRST_NAMES.length}],
           (${textArray(LAST_NAMES)})[1 + (i * 7) % ${LAST_NAMES.length}],
           '04' || lpad(((i::bigint * 104729) % 100000000)::text, 8, '0'),
           CASE WHEN ${customerCount}::int > 0 THEN 'customer' || (i % greatest(${customerCount}::int, 1)) ELSE 'traveller' || i END || '@example.com',
           upper(substr(md5(i::text), 1, 6)),
           (${textArray(VEHICLES.map(([make]) => make))})[1 + i % ${VEHICLES.length}],
           (${textArray(VEHICLES.map(([, model]) => model))})[1 + i % ${VEHICLES.length}],
           (${textArray(COLOURS)})[1 + (i * 5) % ${COLOURS.length}],
           (${intArray(airlineRows.map((airline) => airline.id))})[1 + i % ${airlineRows.length}],
           (${intArray(airlineRows.map((airline) => airline.id))})[1 + (i + 1) % ${airlineRows.length}],
           'QF' || (1000 + i % 600), 'QF' || (1000 + (i + 7) % 600),
           (cents / 100.0)::numeric(12, 2), (cents / 100.0)::numeric(12, 2),
           CASE WHEN paid_at IS NULL THEN 0 ELSE (cents / 100.0)::numeric(12, 2) END,
           CASE WHEN paid_at IS NULL THEN 'unpaid' ELSE 'paid' END,
           CASE WHEN on_return THEN 'Payment on return' WHEN paid_at IS NOT NULL THEN (${textArray(CARD_METHODS)})[1 + i % ${CARD_METHODS.length}] END,
           paid_at
    FROM p`);
  // About a third of the bookings with one or more extras, each at its base price.
  await db.execute(sql`
    INSERT INTO booking_extras (booking_id, extra_id, price)
    SELECT b.id, e.id, e.base_price FROM bookings b CROSS JOIN extras e WHERE random() < 0.05`);
  // What autovacuum does to a live table: statistics, and the visibility map index-only scans need.
  await db.execute(sql`VACUUM ANALYZE`);
}
