/**
 * bench:cluster's slot race (issue 24): hundreds of guests book a drop-off in the same 15-minute slot of a
 * lot with a slot limit and only a few places left in it, over both instances. Exactly those places are
 * taken, every other answer is the slot's "fully booked" refusal, and no slot holds more cars than its cap.
 */
import { eq, sql } from 'drizzle-orm';
import { addDaysToDate, businessInstant } from '@parking/domain/dates';
import { slotMessages } from '@parking/domain/slots';
import { rowsOf, type Executor } from '../apps/server/src/db/client';
import { lots } from '../apps/server/src/db/schema/index';
import { JSONAPI, onlineBookingDoc, type ServerProcess } from './server-process';
import { TIME_ZONE } from './setup';

const API = '/backend/api/v1';

export interface Answer {
  n: number;
  status: number;
  id: string | undefined;
  clientSecret: unknown;
  detail: string | undefined;
  upstream: string | null;
}

/** Runs `work` for 0..count-1 with at most `limit` at a time. */
export async function pool<T>(count: number, limit: number, work: (n: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) {
        const n = next++;
        results[n] = await work(n);
      }
    }),
  );
  return results;
}

/** One guest's online booking through `base`, and how it was answered (a failed fetch is status 0). */
export async function postOnlineBooking(base: string, document: unknown, n: number): Promise<Answer> {
  try {
    const response = await fetch(`${base}${API}/bookings/`, {
      method: 'POST',
      headers: { 'content-type': JSONAPI, accept: JSONAPI },
      body: JSON.stringify(document),
    });
    const body = (await response.json()) as {
      data?: { id?: string; attributes?: { clientSecret?: unknown } };
      errors?: Array<{ detail?: string }>;
    };
    return {
      n,
      status: response.status,
      id: body.data?.id,
      clientSecret: body.data?.attributes?.clientSecret,
      detail: body.errors?.[0]?.detail,
      upstream: response.headers.get('x-upstream'),
    };
  } catch (error) {
    return { n, status: 0, id: undefined, clientSecret: undefined, detail: String(error), upstream: null };
  }
}

/** Races `requests` online bookings for the last `places` of a slot capped at `cap`; records its checks. */
export async function runSlotRace(race: {
  db: Executor;
  lotId: number;
  today: string;
  ids: { vehicleTypeId: number; airlineId: number };
  base: string;
  servers: ServerProcess[];
  requests: number;
  places: number;
  cap: number;
  concurrency: number;
  /** The first guest's number (the capacity race took the ones before). */
  firstN: number;
  check: (name: string, expected: string, actual: string | number, ok: boolean) => void;
}) {
  const { db, lotId, today, ids, base, servers, requests, places, cap, concurrency, firstN, check } = race;
  // The slot race: the indoor desk takes cap cars a quarter hour, and the 6:00 am slot 41 days ahead
  // already has all but places. Every guest drops off in it (at 6:00 to 6:14) and picks up in a slot of
  // their own, so only the drop-off slot is raced for; the lot itself has room for everyone.
  await db
    .update(lots)
    .set({ spaces: 100_000, fillRateThreshold: null, slotCapacity: cap })
    .where(eq(lots.id, lotId));
  const slotDay = addDaysToDate(today, 41);
  await db.execute(sql`
    INSERT INTO bookings (booking_code, status, lot_id, start_datetime, end_datetime, created, email)
    SELECT 'SLT' || lpad(g::text, 5, '0'), 'complete', ${lotId}::int,
           ${businessInstant(slotDay, '06:07:00', TIME_ZONE).toISOString()}::timestamptz,
           ${businessInstant(addDaysToDate(slotDay, 5), '12:00:00', TIME_ZONE).toISOString()}::timestamptz
             + g * interval '15 minutes', now(), 'slot-pre' || g || '@example.com'
    FROM generate_series(1, ${cap - places}::int) AS g`);
  const slotIds = { ...ids, lotId };
  const pickUpsFrom = businessInstant(addDaysToDate(slotDay, 2), '06:00:00', TIME_ZONE).getTime();
  const slotStarted = performance.now();
  const slotAnswers = await pool(requests, concurrency, async (i): Promise<Answer> => {
    const n = firstN + i;
    const dropOff = businessInstant(slotDay, `06:${String(i % 15).padStart(2, '0')}:00`, TIME_ZONE);
    const pickUp = new Date(pickUpsFrom + i * 15 * 60_000);
    return postOnlineBooking(base, onlineBookingDoc(slotIds, dropOff, pickUp, n), n);
  });
  const slotSeconds = (performance.now() - slotStarted) / 1000;
  const slotAccepted = slotAnswers.filter((answer) => answer.status === 201);
  const slotFull = (answer: Answer) => answer.status === 400 && answer.detail === slotMessages.dropOffFull;
  const slotRefused = slotAnswers.filter(slotFull);
  const slotOther = slotAnswers.filter((answer) => answer.status !== 201 && !slotFull(answer));
  console.info(
    `slot race: ${slotAccepted.length} accepted, ${slotRefused.length} refused, ${slotOther.length} other in ${slotSeconds.toFixed(1)} s`,
  );
  for (const answer of slotOther.slice(0, 5))
    console.info(`  unexpected answer ${answer.status}: ${answer.detail ?? ''}`);
  check(
    'slot race: accepted drop-offs',
    `${places} (the places left in the slot)`,
    slotAccepted.length,
    slotAccepted.length === places,
  );
  check(
    'slot race: refused as fully booked',
    `${requests - places}`,
    slotRefused.length,
    slotRefused.length === requests - places,
  );
  check('slot race: other answers', '0', slotOther.length, slotOther.length === 0);
  check(
    'slot race: both instances took part',
    'each > 0 requests',
    servers.map((server) => slotAnswers.filter((a) => a.upstream === server.base).length).join(', '),
    servers.every((server) => slotAnswers.some((answer) => answer.upstream === server.base)),
  );
  // Every slot of the indoor lot, drop-offs and pick-ups together, as the server counts them.
  const [busiest] = rowsOf<{ most: number | null }>(
    await db.execute(sql`
      SELECT max(n)::int AS most FROM (
        SELECT floor(extract(epoch FROM at) / 900) AS slot, count(*) AS n FROM (
          SELECT start_datetime AS at FROM bookings WHERE lot_id = ${lotId}::int AND status IN ('complete', 'pending')
          UNION ALL
          SELECT end_datetime FROM bookings WHERE lot_id = ${lotId}::int AND status IN ('complete', 'pending') AND end_datetime IS NOT NULL
        ) AS movements GROUP BY 1) AS per_slot`),
  );
  check(
    'slot race: most cars in any slot of the lot',
    `≤ ${cap} (the slot limit)`,
    busiest?.most ?? -1,
    (busiest?.most ?? Infinity) <= cap && (busiest?.most ?? 0) === cap,
  );
  return {
    requests,
    places,
    cap,
    seconds: Math.round(slotSeconds * 10) / 10,
    accepted: slotAccepted.length,
    refused: slotRefused.length,
    other: slotOther.length,
  };
}
