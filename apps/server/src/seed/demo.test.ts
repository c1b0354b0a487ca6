import { verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { wouldExceed } from '@parking/domain/capacity';
import { slotLevel, slotOf } from '@parking/domain/slots';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { isEmpty, seedDemo, type SeedSummary } from './demo';

const TZ = 'Australia/Hobart';
const NOW = new Date('2026-11-21T09:00:00+11:00');
const TODAY = '2026-11-21';
const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/;

let handle: DatabaseHandle;
let summary: SeedSummary;
let seedMs = 0;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (PGlite, node-postgres) answer { rows }.
  const result = (await handle.db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}

beforeAll(async () => {
  handle = await openDatabase({});
  await handle.migrate();
  expect(await isEmpty(handle.db)).toBe(true);
  const started = performance.now();
  summary = await seedDemo(handle.db, { now: NOW, timeZone: TZ, emailDomain: 'parking.test' });
  seedMs = performance.now() - started;
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

describe('demo seed', () => {
  it('finishes quickly and leaves a non-empty database', async () => {
    console.info(`demo seed: ${Math.round(seedMs)} ms, ${summary.bookings} bookings`);
    expect(seedMs).toBeLessThan(30_000);
    expect(await isEmpty(handle.db)).toBe(false);
    expect(summary.bookings).toBeGreaterThan(1000);
  });

  it('creates the two lots with their spaces and thresholds', async () => {
    const lots = await rows<{
      slug: string;
      spaces: number;
      threshold: string;
      code: string;
      lot_type: string;
    }>(
      sql`SELECT slug, spaces, fill_rate_threshold::text AS threshold, product_codename AS code, lot_type FROM lots ORDER BY slug`,
    );
    expect(lots).toEqual([
      {
        slug: 'indoor',
        spaces: 150,
        threshold: '0.9000',
        code: 'unlimited_indoor_parking',
        lot_type: 'indoor',
      },
      {
        slug: 'outdoor',
        spaces: 400,
        threshold: '0.9500',
        code: 'unlimited_outdoor_parking',
        lot_type: 'outdoor',
      },
    ]);
  });

  it('creates the demo users with their roles and the demo password', async () => {
    const users = await rows<{
      email: string;
      roles: string[];
      email_confirmed: boolean;
      password_hash: string;
      staff: boolean;
    }>(
      sql`SELECT u.email, u.roles, u.email_confirmed, u.password_hash, c.staff
          FROM users u JOIN customers c ON c.user_id = u.id
          WHERE u.email IN ('admin@example.com', 'customer@example.com', 'sales@example.com') ORDER BY u.email`,
    );
    expect(
      users.map(({ email, roles, email_confirmed, staff }) => ({ email, roles, email_confirmed, staff })),
    ).toEqual([
      { email: 'admin@example.com', roles: ['Admins'], email_confirmed: true, staff: true },
      { email: 'customer@example.com', roles: ['Customers'], email_confirmed: true, staff: false },
      { email: 'sales@example.com', roles: ['Sales'], email_confirmed: true, staff: true },
    ]);
    const admin = users.find((user) => user.email === 'admin@example.com');
    expect(await verify(admin?.password_hash ?? '', 'demo-pass-1')).toBe(true);
    expect(await verify(admin?.password_hash ?? '', 'wrong-pass-1')).toBe(false);
  });

  it('keeps every booking total consistent with its parts and its extras', async () => {
    const [totals] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bookings
          WHERE total_cost <> parking_cost - amount_discounted - subscription_discount + extras_cost`,
    );
    expect(totals?.n).toBe(0);
    const [extras] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bookings b
          LEFT JOIN (SELECT booking_id, sum(price) AS total FROM booking_extras GROUP BY booking_id) e ON e.booking_id = b.id
          WHERE b.extras_cost <> coalesce(e.total, 0)`,
    );
    expect(extras?.n).toBe(0);
    const [promo] = await rows<{ n: number; wrong: number }>(
      sql`SELECT count(*)::int AS n,
                 count(*) FILTER (WHERE amount_discounted <> round(parking_cost * discount_rate, 2) OR discount_id IS NULL)::int AS wrong
          FROM bookings WHERE promo_code <> ''`,
    );
    expect(promo?.n).toBeGreaterThan(0);
    expect(promo?.wrong).toBe(0);
    const [paid] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM bookings
          WHERE (payment_status = 'paid' AND amount_paid <> total_cost) OR (payment_status <> 'paid' AND amount_paid <> 0)`,
    );
    expect(paid?.n).toBe(0);
    const [share] = await rows<{ with_extras: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE extras_cost > 0)::int AS with_extras, count(*)::int AS total FROM bookings`,
    );
    expect((share?.with_extras ?? 0) / (share?.total ?? 1)).toBeGreaterThan(0.15);
  });

  it('prices parking from the rate table, long-stay rate and exceptional-day surcharges', async () => {
    const [wrong] = await rows<{ n: number }>(sql`
      WITH stays AS (
        SELECT b.id, b.lot_id, b.parking_cost,
               (b.start_datetime AT TIME ZONE ${TZ})::date AS first_day,
               (b.end_datetime AT TIME ZONE ${TZ})::date AS last_day
        FROM bookings b
      ), priced AS (
        SELECT s.id, s.parking_cost,
          CASE WHEN s.last_day - s.first_day + 1 <= 14
               THEN (SELECT r.rate FROM short_term_rates r JOIN short_term_rate_days d ON d.id = r.day_id
                     WHERE r.lot_id = s.lot_id AND d.days = s.last_day - s.first_day + 1)
               ELSE (SELECT r.rate FROM short_term_rates r JOIN short_term_rate_days d ON d.id = r.day_id
                     WHERE r.lot_id = s.lot_id AND d.days = 14)
                    + (s.last_day - s.first_day + 1 - 14) * (SELECT rate FROM lots WHERE id = s.lot_id)
          END
          + coalesce((SELECT sum(er.surcharge) FROM exceptional_days ed JOIN exceptional_rates er ON er.day_id = ed.id
                      WHERE er.lot_id = s.lot_id AND ed.date BETWEEN s.first_day AND s.last_day), 0) AS expected
        FROM stays s
      )
      SELECT count(*)::int AS n FROM priced WHERE parking_cost <> expected`);
    expect(wrong?.n).toBe(0);
  });

  it('never fills a lot above its threshold on any day', async () => {
    const over = await rows<{ slug: string; day: string; n: number; allowed: number }>(sql`
      SELECT l.slug, d::date::text AS day, count(*)::int AS n, floor(l.spaces * l.fill_rate_threshold)::int AS allowed
      FROM bookings b
      JOIN lots l ON l.id = b.lot_id
      CROSS JOIN LATERAL generate_series(
        (b.start_datetime AT TIME ZONE ${TZ})::date,
        (b.end_datetime AT TIME ZONE ${TZ})::date,
        interval '1 day') AS d
      WHERE b.status = 'complete'
      GROUP BY l.slug, l.spaces, l.fill_rate_threshold, d
      HAVING count(*) > floor(l.spaces * l.fill_rate_threshold)`);
    expect(over).toEqual([]);
    expect(summary.fill.indoor?.peak).toBeGreaterThan(0.5);
    expect(summary.fill.outdoor?.peak).toBeGreaterThan(0.5);
  });

  it("fills today's diary with drop-offs and pick-ups", async () => {
    const [diary] = await rows<{ drop_offs: number; pick_ups: number }>(sql`
      SELECT count(*) FILTER (WHERE (start_datetime AT TIME ZONE ${TZ})::date = ${TODAY}::date)::int AS drop_offs,
             count(*) FILTER (WHERE (end_datetime AT TIME ZONE ${TZ})::date = ${TODAY}::date)::int AS pick_ups
      FROM bookings WHERE status = 'complete'`);
    expect(diary?.drop_offs).toBeGreaterThanOrEqual(10);
    expect(diary?.drop_offs).toBeLessThanOrEqual(60);
    expect(diary?.pick_ups).toBeGreaterThanOrEqual(10);
    expect(diary?.pick_ups).toBeLessThanOrEqual(60);
    expect(summary.today).toEqual({ date: TODAY, dropOffs: diary?.drop_offs, pickUps: diary?.pick_ups });
  });

  it('gives every booking a unique code from the unambiguous alphabet, and a creation log', async () => {
    const codes = await rows<{ booking_code: string }>(sql`SELECT booking_code FROM bookings`);
    expect(codes.length).toBe(summary.bookings);
    expect(new Set(codes.map((row) => row.booking_code)).size).toBe(codes.length);
    expect(codes.every((row) => CODE.test(row.booking_code))).toBe(true);
    const [logs] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM bookings b
      WHERE (SELECT count(*) FROM booking_logs l WHERE l.booking_id = b.id AND l.action = 'created') <> 1`);
    expect(logs?.n).toBe(0);
  });

  it('keeps bookings realistic: times, flights, check-ins and copied details', async () => {
    const [bad] = await rows<Record<string, number>>(sql`
      SELECT
        count(*) FILTER (WHERE (start_datetime AT TIME ZONE ${TZ})::time NOT BETWEEN '04:00' AND '20:00')::int AS start_hours,
        count(*) FILTER (WHERE created > ${NOW.toISOString()}::timestamptz OR created >= start_datetime)::int AS created,
        count(*) FILTER (WHERE status = 'complete' AND start_datetime <= ${NOW.toISOString()}::timestamptz
                         AND (lot_region_id IS NULL OR lot_region_row IS NULL OR parked_by_id IS NULL
                              OR time_parked <> start_datetime))::int AS not_checked_in,
        count(*) FILTER (WHERE lot_region_row > (SELECT rows FROM lot_regions r WHERE r.id = lot_region_id)
                         OR (SELECT lot_id FROM lot_regions r WHERE r.id = lot_region_id) <> lot_id)::int AS regions,
        count(*) FILTER (WHERE parked_by_id IS NOT NULL
                         AND NOT (SELECT staff FROM customers c WHERE c.id = parked_by_id))::int AS parked_by,
        count(*) FILTER (WHERE customer_id IS NULL OR vehicle_id IS NULL OR vehicle_type_id IS NULL
                         OR email <> (SELECT email FROM customers c WHERE c.id = customer_id)
                         OR rego <> (SELECT rego FROM vehicles v WHERE v.id = vehicle_id))::int AS copied,
        count(*) FILTER (WHERE flight_number_out <> '' AND NOT EXISTS (
                           SELECT 1 FROM flights f WHERE f.flight_number = flight_number_out AND f.departure
                             AND f.airline_id = airline_out_id
                             AND f.service = CASE WHEN extract(isodow FROM start_datetime AT TIME ZONE ${TZ}) >= 6
                                                  THEN 'weekend' ELSE 'weekday' END))::int AS flights_out,
        count(*) FILTER (WHERE flight_number_in <> '' AND NOT EXISTS (
                           SELECT 1 FROM flights f WHERE f.flight_number = flight_number_in AND NOT f.departure
                             AND f.airline_id = airline_in_id
                             AND f.service = CASE WHEN extract(isodow FROM end_datetime AT TIME ZONE ${TZ}) >= 6
                                                  THEN 'weekend' ELSE 'weekday' END))::int AS flights_in
      FROM bookings`);
    expect(bad).toEqual({
      start_hours: 0,
      created: 0,
      not_checked_in: 0,
      regions: 0,
      parked_by: 0,
      copied: 0,
      flights_out: 0,
      flights_in: 0,
    });
  });

  it('links every departure flight to a bus of its service about an hour earlier', async () => {
    const flights = await rows<{ departure: boolean; gap: number | null; same_service: boolean | null }>(sql`
      SELECT f.departure, extract(epoch FROM f.time - b.departure_time)::int / 60 AS gap, f.service = b.service AS same_service
      FROM flights f LEFT JOIN bus_trips b ON b.id = f.bus_trip_id`);
    expect(flights.filter((f) => f.departure).length).toBeGreaterThan(20);
    expect(flights.filter((f) => !f.departure).length).toBeGreaterThan(20);
    for (const flight of flights) {
      if (!flight.departure) expect(flight.gap).toBeNull();
      else {
        expect(flight.same_service).toBe(true);
        expect(flight.gap).toBeGreaterThanOrEqual(60);
        expect(flight.gap).toBeLessThanOrEqual(75);
      }
    }
  });

  it('puts blockouts and exceptional days in the future, the form blockout a month away', async () => {
    const blockouts = await rows<{ block_type: string; start_datetime: Date | string }>(
      sql`SELECT block_type, start_datetime FROM blockout_periods`,
    );
    expect(new Set(blockouts.map((b) => b.block_type))).toEqual(new Set(['parking', 'online_form', 'extra']));
    for (const blockout of blockouts) {
      const start = new Date(blockout.start_datetime).getTime();
      expect(start).toBeGreaterThan(NOW.getTime());
      if (blockout.block_type === 'online_form')
        expect(start - NOW.getTime()).toBeGreaterThan(30 * 86_400_000);
    }
    const [days] = await rows<{ past: number; total: number }>(
      sql`SELECT count(*) FILTER (WHERE date <= ${TODAY}::date)::int AS past, count(*)::int AS total FROM exceptional_days`,
    );
    expect(days?.total).toBeGreaterThan(0);
    expect(days?.past).toBe(0);
  });

  it('respects blockouts, unavailable extras and private extras', async () => {
    const [bad] = await rows<Record<string, number>>(sql`
      SELECT
        (SELECT count(*) FROM bookings b JOIN blockout_periods p ON p.block_type = 'parking'
          AND (b.start_datetime >= p.start_datetime AND b.start_datetime < p.end_datetime
               OR b.end_datetime >= p.start_datetime AND b.end_datetime < p.end_datetime))::int AS parking,
        (SELECT count(*) FROM booking_extras be JOIN bookings b ON b.id = be.booking_id
          JOIN blockout_period_extras pe ON pe.extra_id = be.extra_id
          JOIN blockout_periods p ON p.id = pe.blockout_period_id
          WHERE p.start_datetime < b.end_datetime AND p.end_datetime > b.start_datetime)::int AS blocked_extras,
        (SELECT count(*) FROM booking_extras be JOIN bookings b ON b.id = be.booking_id
          JOIN exceptional_day_unavailable_extras u ON u.extra_id = be.extra_id
          JOIN exceptional_days d ON d.id = u.day_id
          WHERE d.date BETWEEN (b.start_datetime AT TIME ZONE ${TZ})::date
                           AND (b.end_datetime AT TIME ZONE ${TZ})::date)::int AS unavailable_extras,
        (SELECT count(*) FROM booking_extras be JOIN bookings b ON b.id = be.booking_id
          JOIN extras e ON e.id = be.extra_id
          WHERE NOT e.public AND b.booking_type LIKE '%Website')::int AS private_online,
        (SELECT count(*) FROM booking_extras be JOIN bookings b ON b.id = be.booking_id
          LEFT JOIN extra_variations v ON v.extra_id = be.extra_id AND v.vehicle_type_id = b.vehicle_type_id
          JOIN extras e ON e.id = be.extra_id
          WHERE be.price <> coalesce(v.price, e.base_price))::int AS prices`);
    expect(bad).toEqual({
      parking: 0,
      blocked_extras: 0,
      unavailable_extras: 0,
      private_online: 0,
      prices: 0,
    });
  });

  it('gives the demo customer vehicles and past, current and future bookings', async () => {
    const bookings = await rows<{
      start_datetime: Date | string;
      end_datetime: Date | string;
      status: string;
    }>(sql`
      SELECT b.start_datetime, b.end_datetime, b.status FROM bookings b
      JOIN customers c ON c.id = b.customer_id WHERE c.email = 'customer@example.com'`);
    const now = NOW.getTime();
    const when = bookings.map(
      (b) => [new Date(b.start_datetime).getTime(), new Date(b.end_datetime).getTime()] as const,
    );
    expect(bookings.length).toBeGreaterThanOrEqual(4);
    expect(when.some(([, end]) => end < now)).toBe(true);
    expect(when.some(([start, end]) => start <= now && end > now)).toBe(true);
    expect(when.some(([start]) => start > now)).toBe(true);
    const [vehicles] = await rows<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM vehicles v JOIN customers c ON c.id = v.owner_id WHERE c.email = 'customer@example.com'`);
    expect(vehicles?.n).toBe(2);
  });

  it("names who made each booking in its history: the staff member, or the customer's own login online", async () => {
    const [logs] = await rows<Record<string, number>>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE l.user_id IS NULL)::int AS unnamed,
             count(*) FILTER (WHERE b.booking_type LIKE '%Website')::int AS website,
             count(*) FILTER (WHERE CASE WHEN b.booking_type LIKE '%Website'
                                         THEN l.user_id IS DISTINCT FROM c.user_id
                                         ELSE NOT ('Admins' = ANY(u.roles) OR 'Sales' = ANY(u.roles)) END)::int AS wrong,
             count(*) FILTER (WHERE coalesce(author.first_name, '') = ''
                              OR coalesce(author.last_name, '') = '')::int AS nameless
      FROM booking_logs l JOIN bookings b ON b.id = l.booking_id JOIN customers c ON c.id = b.customer_id
      LEFT JOIN users u ON u.id = l.user_id LEFT JOIN customers author ON author.user_id = l.user_id`);
    expect(logs?.n).toBe(summary.bookingLogs);
    expect(logs?.website).toBeGreaterThan(1000);
    expect(logs).toMatchObject({ unnamed: 0, wrong: 0, nameless: 0 });
    // An online booker's login is theirs (a confirmed customer), made before their first online booking.
    const [logins] = await rows<{ n: number; wrong: number }>(sql`
      SELECT count(*)::int AS n,
             count(*) FILTER (WHERE u.roles <> ARRAY['Customers'] OR NOT u.email_confirmed OR u.email <> c.email
                              OR u.created > (SELECT min(b.created) FROM bookings b WHERE b.created_by_id = u.id))::int AS wrong
      FROM users u JOIN customers c ON c.user_id = u.id
      WHERE u.email NOT IN ('admin@example.com', 'customer@example.com', 'sales@example.com')`);
    expect(logins?.n).toBe(summary.users - 3);
    expect(logins?.wrong).toBe(0);
  });

  it('has a full day a few days ahead, where a waitlist place can be offered, and a busy desk slot soon', async () => {
    const { fullDay, slotCapacity, busySlot, busySlotCars } = summary.firstStart;
    const ahead = (Date.parse(fullDay) - Date.parse(TODAY)) / 86_400_000;
    expect(ahead).toBeGreaterThanOrEqual(4);
    expect(ahead).toBeLessThanOrEqual(7);
    const [indoor] = await rows<{ id: number; spaces: number; threshold: string; cap: number | null }>(
      sql`SELECT id, spaces, fill_rate_threshold::text AS threshold, slot_capacity AS cap FROM lots WHERE slug = 'indoor'`,
    );
    const [outdoor] = await rows<{ spaces: number; threshold: string }>(
      sql`SELECT spaces, fill_rate_threshold::text AS threshold FROM lots WHERE slug = 'outdoor'`,
    );
    const presentOn = async (lotSlug: string, day: string) =>
      (
        await rows<{ n: number }>(sql`
          SELECT count(*)::int AS n FROM bookings b JOIN lots l ON l.id = b.lot_id
          WHERE l.slug = ${lotSlug} AND b.status = 'complete' AND ${day}::date
            BETWEEN (b.start_datetime AT TIME ZONE ${TZ})::date AND (b.end_datetime AT TIME ZONE ${TZ})::date`)
      )[0]?.n ?? 0;
    // Indoor is full that day: one more car would pass its threshold (the quote's "Not available online" and
    // the waitlist's condition). The day before it is not, and outdoor has room.
    const fullIndoor = (present: number) =>
      wouldExceed(present, indoor?.spaces ?? 0, indoor?.threshold ?? null);
    expect(fullIndoor(await presentOn('indoor', fullDay))).toBe(true);
    const dayBefore = new Date(Date.parse(fullDay) - 86_400_000).toISOString().slice(0, 10);
    expect(fullIndoor(await presentOn('indoor', dayBefore))).toBe(false);
    const outdoorPresent = await presentOn('outdoor', fullDay);
    expect(wouldExceed(outdoorPresent, outdoor?.spaces ?? 0, outdoor?.threshold ?? null)).toBe(false);

    // The desk limit: no seeded slot over it; the busy slot, soon, at 75% or more with a place left.
    expect(indoor?.cap).toBe(slotCapacity);
    const slots = await rows<{ slot: number; cars: number }>(sql`
      SELECT floor(extract(epoch FROM m.at) / 900)::int AS slot, count(*)::int AS cars
      FROM (SELECT start_datetime AS at FROM bookings WHERE lot_id = ${indoor?.id} AND status = 'complete'
            UNION ALL
            SELECT end_datetime FROM bookings WHERE lot_id = ${indoor?.id} AND status = 'complete') m
      GROUP BY 1`);
    expect(Math.max(...slots.map((slot) => slot.cars))).toBeLessThanOrEqual(slotCapacity);
    const busy = slots.find((slot) => slot.slot === slotOf(new Date(busySlot)));
    expect(busy?.cars).toBe(busySlotCars);
    expect(busySlotCars).toBe(slotCapacity - 1);
    expect(slotLevel(busySlotCars, slotCapacity)).toBe('busy');
    expect(new Date(busySlot).getTime()).toBeGreaterThan(NOW.getTime());
    expect(new Date(busySlot).getTime() - NOW.getTime()).toBeLessThan(3 * 86_400_000);
  });
});
