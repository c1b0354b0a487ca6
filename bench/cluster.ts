/**
 * `npm run bench:cluster`: the scale-out proof. Two production server processes on one PostgreSQL, behind
 * a small round-robin HTTP proxy (bench/round-robin-proxy.ts), then:
 *
 * - the race: thousands of guests book the same stay online at once, spread over both instances, for a lot
 *   with only K places left below its fill threshold. Exactly K are accepted, every other answer is the
 *   spec's "very limited" refusal, no day of the stay holds more cars than the threshold allows, every
 *   accepted booking is in the database once (no booking lost, none duplicated, booking codes unique);
 * - quotes after the race say the lot is full on both instances;
 * - the slot race (issue 24): hundreds of guests book a drop-off in the same 15-minute slot of a lot with a
 *   slot limit and only a few places left in it, over both instances: exactly those places are taken, every
 *   other answer is the slot's "fully booked" refusal, and no slot of the lot holds more cars than its cap;
 * - sessions: a login made on one instance works on the other, and a logout on the other ends it on the first.
 *
 * Prints a table of the checks, writes bench/cluster-results.json, exits 1 when a check fails.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:cluster
 *
 * Knobs: BENCH_CLUSTER_BOOKINGS (3000 requests), BENCH_CLUSTER_PLACES (150 places left), BENCH_CLUSTER_CONCURRENCY
 * (100 requests in flight), BENCH_CLUSTER_SLOT_BOOKINGS (400 requests for BENCH_CLUSTER_SLOT_PLACES, 5, of a
 * slot of SLOT_CAP), BENCH_CLUSTER_PORT (8920: the proxy; the instances take the next two ports),
 * BENCH_CLUSTER_DATABASE_NAME (parking_cluster).
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { openDatabase, rowsOf } from '../apps/server/src/db/client';
import { airlines, lots, vehicleTypes } from '../apps/server/src/db/schema/index';
import { pool, postOnlineBooking, runSlotRace } from './cluster-slots';
import { startRoundRobinProxy } from './round-robin-proxy';
import {
  ADMIN_EMAIL,
  createAdmin,
  ensureBuilt,
  JSONAPI,
  login,
  onlineBookingDoc,
  REPO_ROOT,
  startServer,
  type ServerProcess,
} from './server-process';
import { createServerDatabase, seedReference, TIME_ZONE } from './setup';

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
  return value;
};
const REQUESTS = num('BENCH_CLUSTER_BOOKINGS', 3000);
const PLACES = num('BENCH_CLUSTER_PLACES', 150);
const CONCURRENCY = num('BENCH_CLUSTER_CONCURRENCY', 100);
const SLOT_REQUESTS = num('BENCH_CLUSTER_SLOT_BOOKINGS', 400);
const SLOT_PLACES = num('BENCH_CLUSTER_SLOT_PLACES', 5);
/** The slot race's limit: cars through the indoor desk in any 15 minutes. */
const SLOT_CAP = 12;
const PORT = num('BENCH_CLUSTER_PORT', 8920);
const DATABASE_NAME = process.env.BENCH_CLUSTER_DATABASE_NAME ?? 'parking_cluster';
const API = '/backend/api/v1';
/** The race's lot: 400 spaces at threshold 0.95, so 380 cars at most on any day. */
const SPACES = 400;
const THRESHOLD = '0.95';
const MOST = 380;

interface Check {
  name: string;
  expected: string;
  actual: string;
  ok: boolean;
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'npm run bench:cluster needs a PostgreSQL server: set BENCH_DATABASE_URL (or DATABASE_URL)',
    );
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(DATABASE_NAME))
    throw new Error('BENCH_CLUSTER_DATABASE_NAME must be a plain lower-case identifier');
  if (PLACES >= MOST) throw new Error(`BENCH_CLUSTER_PLACES must be below ${MOST}`);
  if (SLOT_PLACES > SLOT_CAP) throw new Error(`BENCH_CLUSTER_SLOT_PLACES must be at most ${SLOT_CAP}`);
  ensureBuilt();
  const database = await createServerDatabase(url, DATABASE_NAME);
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  const servers: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>> | undefined;
  const checks: Check[] = [];
  const check = (name: string, expected: string, actual: string | number, ok: boolean) =>
    checks.push({ name, expected, actual: String(actual), ok });
  try {
    await handle.migrate();
    const now = new Date();
    const { indoor, outdoor } = await seedReference(handle.db, now);
    await handle.db
      .update(lots)
      .set({ spaces: SPACES, fillRateThreshold: THRESHOLD })
      .where(eq(lots.id, outdoor.id));
    const [vehicleType] = await handle.db.insert(vehicleTypes).values({ name: 'Sedan' }).returning();
    const [airline] = await handle.db.insert(airlines).values({ name: 'Qantas' }).returning();
    if (!vehicleType || !airline) throw new Error('reference data');
    await createAdmin(handle.db);

    // The stay everyone wants: three days 40 days ahead; its middle day already holds all but PLACES cars.
    const today = businessDate(now, TIME_ZONE);
    const firstDay = addDaysToDate(today, 40);
    const start = businessInstant(firstDay, '06:00:00', TIME_ZONE);
    const end = businessInstant(addDaysToDate(firstDay, 2), '18:30:00', TIME_ZONE);
    const middle = addDaysToDate(firstDay, 1);
    await handle.db.execute(sql`
      INSERT INTO bookings (booking_code, status, lot_id, start_datetime, end_datetime, created, email)
      SELECT 'PRE' || lpad(g::text, 5, '0'), 'complete', ${outdoor.id}::int,
             ${businessInstant(middle, '05:00:00', TIME_ZONE).toISOString()}::timestamptz,
             ${businessInstant(middle, '21:00:00', TIME_ZONE).toISOString()}::timestamptz, now(), 'pre' || g || '@example.com'
      FROM generate_series(1, ${MOST - PLACES}::int) AS g`);

    servers.push(await startServer(PORT + 1, database.url), await startServer(PORT + 2, database.url));
    proxy = await startRoundRobinProxy(
      PORT,
      servers.map((server) => server.base),
    );
    const base = proxy.base;
    console.info(
      `Two instances (${servers.map((server) => server.base).join(', ')}) behind ${base}; ${REQUESTS} online bookings race for ${PLACES} places`,
    );

    // The race.
    const loadBefore = loadavg();
    const raceStarted = performance.now();
    const ids = { lotId: outdoor.id, vehicleTypeId: vehicleType.id, airlineId: airline.id };
    const answers = await pool(REQUESTS, CONCURRENCY, (n) =>
      postOnlineBooking(base, onlineBookingDoc(ids, start, end, n), n),
    );
    const raceSeconds = (performance.now() - raceStarted) / 1000;
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 400 && answer.detail === messages.lotFull);
    const other = answers.filter(
      (answer) => answer.status !== 201 && !(answer.status === 400 && answer.detail === messages.lotFull),
    );
    const perUpstream = new Map<string, { accepted: number; refused: number }>();
    for (const answer of answers) {
      const key = answer.upstream ?? 'none';
      const entry = perUpstream.get(key) ?? { accepted: 0, refused: 0 };
      if (answer.status === 201) entry.accepted += 1;
      else entry.refused += 1;
      perUpstream.set(key, entry);
    }
    console.info(
      `race: ${accepted.length} accepted, ${refused.length} refused, ${other.length} other in ${raceSeconds.toFixed(1)} s`,
    );
    for (const answer of other.slice(0, 5))
      console.info(`  unexpected answer ${answer.status}: ${answer.detail ?? ''}`);

    check('accepted bookings', `${PLACES} (the places left)`, accepted.length, accepted.length === PLACES);
    check(
      'refused with the spec\'s "very limited" message',
      `${REQUESTS - PLACES}`,
      refused.length,
      refused.length === REQUESTS - PLACES,
    );
    check('other answers (errors, 5xx, lost connections)', '0', other.length, other.length === 0);
    check(
      'both instances served the race',
      'each > 0 requests, each accepted some',
      [...perUpstream.entries()]
        .map(([upstream, entry]) => `${upstream}: ${entry.accepted}+${entry.refused}`)
        .join('; '),
      servers.every(
        (server) =>
          (perUpstream.get(server.base)?.accepted ?? 0) > 0 &&
          (perUpstream.get(server.base)?.refused ?? 0) >= 0,
      ),
    );
    check(
      'accepted bookings with a payment intent',
      `${accepted.length}`,
      accepted.filter((answer) => typeof answer.clientSecret === 'string').length,
      accepted.every((answer) => typeof answer.clientSecret === 'string'),
    );

    // The database's view.
    const [present] = rowsOf<{ most: number; days: number }>(
      await handle.db.execute(sql`
        SELECT max(n)::int AS most, count(*)::int AS days FROM (
          SELECT d, count(b.id) AS n
          FROM generate_series(${firstDay}::date, ${addDaysToDate(firstDay, 2)}::date, interval '1 day') AS d
          LEFT JOIN bookings b ON b.lot_id = ${outdoor.id}::int AND b.status IN ('complete', 'pending')
            AND b.start_datetime < ((d + interval '1 day')::timestamp AT TIME ZONE ${TIME_ZONE})
            AND coalesce(b.end_datetime, 'infinity') >= (d::timestamp AT TIME ZONE ${TIME_ZONE})
          GROUP BY d) AS per_day`),
    );
    check(
      'most cars present on a day of the stay',
      `≤ ${MOST} (${SPACES} spaces × ${THRESHOLD})`,
      present?.most ?? -1,
      (present?.most ?? Infinity) <= MOST,
    );
    const raced = rowsOf<{ id: number; email: string; booking_code: string }>(
      await handle.db.execute(
        sql`SELECT id, email, booking_code FROM bookings WHERE email LIKE ${`guest%-${process.pid}@example.com`}`,
      ),
    );
    const rowIds = new Set(raced.map((row) => String(row.id)));
    check(
      'race bookings in the database',
      `${accepted.length} (one per 201)`,
      raced.length,
      raced.length === accepted.length,
    );
    check(
      'accepted bookings lost',
      '0',
      accepted.filter((answer) => !answer.id || !rowIds.has(answer.id)).length,
      accepted.every((answer) => answer.id && rowIds.has(answer.id)),
    );
    check(
      'duplicated bookings (same guest twice)',
      '0',
      raced.length - new Set(raced.map((row) => row.email)).size,
      new Set(raced.map((row) => row.email)).size === raced.length,
    );
    check(
      'distinct booking codes',
      `${raced.length}`,
      new Set(raced.map((row) => row.booking_code)).size,
      new Set(raced.map((row) => row.booking_code)).size === raced.length,
    );

    // Quotes on each instance see the bookings the other took.
    const quoteUrl = `${API}/quotes/?start_date=${firstDay}&end_date=${addDaysToDate(firstDay, 2)}&filter[lot.slug__in]=outdoor`;
    const quoteFlags = await Promise.all(
      servers.map(async (server) => {
        const body = (await (await fetch(`${server.base}${quoteUrl}`)).json()) as {
          data?: Array<{ attributes?: { fillThresholdExceeded?: boolean } }>;
        };
        return body.data?.[0]?.attributes?.fillThresholdExceeded;
      }),
    );
    check(
      'quote for the stay says full, on each instance',
      'true, true',
      quoteFlags.join(', '),
      quoteFlags.every((flag) => flag === true),
    );

    const slotRace = await runSlotRace({
      db: handle.db,
      lotId: indoor.id,
      today,
      ids,
      base,
      servers,
      requests: SLOT_REQUESTS,
      places: SLOT_PLACES,
      cap: SLOT_CAP,
      concurrency: CONCURRENCY,
      firstN: REQUESTS,
      check,
    });

    // Sessions across instances.
    const [first, second] = servers;
    if (!first || !second) throw new Error('two servers');
    const token = await login(first.base);
    const current = async (server: ServerProcess) => {
      const response = await fetch(`${server.base}${API}/sessions/current/`, {
        headers: { authorization: `Token ${token}`, accept: JSONAPI },
      });
      const body = (await response.json()) as { data?: { attributes?: { email?: string } } | null };
      return `${response.status} ${body.data?.attributes?.email ?? 'no user'}`;
    };
    const onSecond = await current(second);
    check(
      'login on instance 1, session on instance 2',
      `200 ${ADMIN_EMAIL}`,
      onSecond,
      onSecond === `200 ${ADMIN_EMAIL}`,
    );
    const logout = await fetch(`${second.base}${API}/sessions/current/`, {
      method: 'DELETE',
      headers: { authorization: `Token ${token}`, accept: JSONAPI },
    });
    const afterLogout = await current(first);
    check(
      'logout on instance 2, token refused on instance 1',
      '204 then 401',
      `${logout.status} then ${afterLogout.split(' ')[0]}`,
      logout.status === 204 && afterLogout.startsWith('401'),
    );

    const loadAfter = loadavg();
    const width = Math.max(...checks.map((row) => row.name.length));
    console.info(
      [
        '',
        `Scale-out on ${new Date().toISOString()}: 2 instances, ${REQUESTS} racing online bookings (${CONCURRENCY} in flight) for ${PLACES} places, ${raceSeconds.toFixed(1)} s (${(REQUESTS / raceSeconds).toFixed(0)} bookings/s)`,
        `machine: ${cpus().length} cores, Node ${process.version}, load average ${loadBefore.map((value) => value.toFixed(2)).join(' ')} before, ${loadAfter.map((value) => value.toFixed(2)).join(' ')} after`,
        '',
        `| ${'check'.padEnd(width)} | expected | actual | ok |`,
        `| ${'-'.repeat(width)} | --- | --- | --- |`,
        ...checks.map(
          (row) =>
            `| ${row.name.padEnd(width)} | ${row.expected} | ${row.actual} | ${row.ok ? 'yes' : 'NO'} |`,
        ),
      ].join('\n'),
    );
    writeFileSync(
      join(REPO_ROOT, 'bench/cluster-results.json'),
      `${JSON.stringify(
        {
          measured: new Date().toISOString(),
          machine: {
            cores: cpus().length,
            node: process.version,
            loadAverageBefore: loadBefore,
            loadAverageAfter: loadAfter,
          },
          race: {
            requests: REQUESTS,
            places: PLACES,
            concurrency: CONCURRENCY,
            seconds: Math.round(raceSeconds * 10) / 10,
            accepted: accepted.length,
            refused: refused.length,
            other: other.length,
            perInstance: Object.fromEntries(perUpstream),
          },
          slotRace,
          checks,
        },
        null,
        2,
      )}\n`,
    );
    if (checks.some((row) => !row.ok)) {
      console.error('\nA scale-out check failed.');
      process.exitCode = 1;
    } else {
      console.info('\nEvery check passed.');
    }
  } finally {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE !== '1') await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
