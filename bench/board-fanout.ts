/**
 * The bring-up board's fan-out (issue 41), a scenario of `npm run bench` (bench/run.ts): BENCH_BOARD_STREAMS (500)
 * board event streams held open on the production server (`GET bring-up-board/events/`, as the desk's phones
 * hold them), then BENCH_BOARD_CHANGES (20) cards moved to Landed one after another through the API. Each change
 * is timed from the moment its request is sent to the moment each open stream has the changed card: the
 * commit, the database's NOTIFY, the change feed, one read of the card and its writing to every stream. Figures
 * over every (change, stream) pair: p50, p99 and the slowest; the target is p99 < 250 ms.
 *
 * The cards are bookings of their own on a day of their own (a quiet day two hundred days ahead), so that each
 * stream's first event (the whole board) is small and the board's size is not what is measured.
 */
import http from 'node:http';
import { addDaysToDate, businessDate, businessInstant } from '@parking/domain/dates';
import type { Database } from '../apps/server/src/db/client';
import { bookings } from '../apps/server/src/db/schema/index';
import { deliveryFigure, type ApiFigure } from './latency';
import { API, QUICK } from './knobs';
import { JSONAPI } from './server-process';
import { TIME_ZONE } from './setup';

export const BOARD_FANOUT_NAME = 'board fan-out: a status change to every open board stream';
const STREAMS = Number(process.env.BENCH_BOARD_STREAMS ?? 500);
const CHANGES = Number(process.env.BENCH_BOARD_CHANGES ?? (QUICK ? 10 : 20));

interface OpenStream {
  /** Booking id → when its Landed card arrived (ms, performance.now()). */
  seen: Map<string, number>;
  ready: Promise<void>;
  close(): void;
}

function openStream(base: string, token: string, date: string): OpenStream {
  const seen = new Map<string, number>();
  let buffer = '';
  let request: http.ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${base}${API}/bring-up-board/events/?date=${date}`,
      { agent: false, headers: { authorization: `Token ${token}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) reject(new Error(`board stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: board')) resolve();
            else if (block.startsWith('event: card') && block.includes('"state":"landed"')) {
              const id = /"id":"(\d+)"/.exec(block)?.[1];
              if (id && !seen.has(id)) seen.set(id, at);
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', reject);
  });
  return { seen, ready, close: () => request?.destroy() };
}

async function moveToLanded(base: string, token: string, id: string): Promise<number> {
  const body = JSON.stringify({ data: { type: 'bring-up-moves', attributes: { state: 'landed' } } });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${API}/bookings/${id}/bring-up/moves/`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Token ${token}`, 'content-type': JSONAPI, accept: JSONAPI },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The scenario: its figures as one row of the API table (requests: the deliveries timed). */
export async function measureBoardFanOut(
  db: Database,
  base: string,
  token: string,
  lotId: number,
  now: Date,
): Promise<ApiFigure> {
  const date = addDaysToDate(businessDate(now, TIME_ZONE), 200);
  const pickUp = businessInstant(date, '18:00:00', TIME_ZONE);
  const rows = await db
    .insert(bookings)
    .values(
      Array.from({ length: CHANGES }, (_, index) => ({
        bookingCode: `F${String(index).padStart(7, '0')}`,
        lotId,
        startDatetime: new Date(pickUp.getTime() - 3 * 86_400_000),
        endDatetime: new Date(pickUp.getTime() + index * 60_000),
        status: 'complete',
        created: now,
      })),
    )
    .returning({ id: bookings.id });
  const streams: OpenStream[] = [];
  const latencies: number[] = [];
  let errors = 0;
  const statuses: Record<string, number> = {};
  const started = performance.now();
  try {
    // Opened in batches, as phones come and go, not as one burst of 500 handshakes.
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, STREAMS - i) }, () => openStream(base, token, date));
      streams.push(...batch);
      await Promise.all(batch.map((stream) => stream.ready));
    }
    console.info(`board fan-out: ${streams.length} streams open`);
    for (const { id } of rows) {
      const key = String(id);
      const sent = performance.now();
      const status = await moveToLanded(base, token, key);
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status !== 200) errors += 1;
      const deadline = sent + 5000;
      while (performance.now() < deadline && streams.some((stream) => !stream.seen.has(key)))
        await new Promise((resolve) => setTimeout(resolve, 5));
      for (const stream of streams) {
        const at = stream.seen.get(key);
        if (at === undefined) errors += 1;
        else latencies.push(at - sent);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  return deliveryFigure({
    name: `${BOARD_FANOUT_NAME} (${STREAMS} streams, ${CHANGES} changes)`,
    connections: STREAMS,
    started,
    latencies,
    errors,
    statuses,
  });
}
