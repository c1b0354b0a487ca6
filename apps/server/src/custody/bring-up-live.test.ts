/**
 * The bring-up board live across instances (issue 41): two app instances on one database (PostgreSQL with
 * TEST_DATABASE_URL: LISTEN/NOTIFY between them), a board's event stream open on the first over real HTTP, a card
 * moved along through the second: the stream has it within 2 s. A traveller's stream on the first hears the same.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueManageToken } from '../bookings/manage-tokens';
import { bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { heldInstances, type HeldInstances } from '../test/held-instances';
import { insertBookings } from '../test/pricing-fixtures';
import { api, doc } from '../test/server';

const V1 = '/backend/api/v1';
let instances: HeldInstances;
let first: FastifyInstance;
let second: FastifyInstance;
let f: Fixtures;
let staff: string;
let base: string;

beforeAll(async () => {
  instances = await heldInstances();
  first = await instances.instance();
  second = await instances.instance();
  f = await bookingFixtures(instances.database.db);
  const { user } = await createUser(instances.database.db, { roles: ['Sales'] });
  staff = await login(second, user.email);
  base = await first.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(() => instances.close());

/** An open event stream: each event as it arrives, and a wait for the first one that matches. */
async function openStream(path: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new Error('no body');
  let buffer = '';
  const events: Array<{ event: string; data: string; at: number }> = [];
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data !== undefined) events.push({ event, data, at: Date.now() });
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return {
    async next(match: (event: string, data: string) => boolean, timeoutMs: number) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        const found = events.find((e) => match(e.event, e.data));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(events)}`);
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

describe('two instances', () => {
  it('a status change on one reaches an open board stream on the other within 2 s', async () => {
    const [booking] = await insertBookings(instances.database.db, 1, {
      lotId: f.outdoor.id,
      start: '2026-12-01T06:00:00+11:00',
      end: '2026-12-03T18:00:00+11:00',
      created: instances.clock.now(),
    });
    if (!booking) throw new Error('booking');
    const { user } = await createUser(instances.database.db, { roles: ['Sales'] });
    const onFirst = await login(first, user.email);
    const board = await openStream(`${V1}/bring-up-board/events/?date=2026-12-03`, {
      authorization: `Token ${onFirst}`,
    });
    const traveller = await openStream(`${V1}/manage-bookings/${booking.id}/bring-up/events/`, {
      'x-manage-token': issueManageToken(
        first.services.config.sessionSecret,
        booking.id,
        instances.clock.now(),
      ).token,
    });
    try {
      const opened = await board.next(
        (event, data) => event === 'board' && data.includes(`"id":"${booking.id}"`),
        5000,
      );
      expect(JSON.parse(opened.data)).toHaveLength(1);
      await traveller.next(
        (event, data) => event === 'bring-up' && data.includes('"state":"expected"'),
        5000,
      );

      const moved = Date.now();
      const answer = await api(second, 'POST', `${V1}/bookings/${booking.id}/bring-up/moves/`, {
        token: staff,
        body: doc('bring-up-moves', { state: 'ready', bay: '3' }),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const card = await board.next(
        (event, data) => event === 'card' && data.includes('Ready at bay 3'),
        2000,
      );
      expect(card.at - moved).toBeLessThan(2000);
      expect(JSON.parse(card.data)).toMatchObject({
        id: String(booking.id),
        attributes: { state: 'ready', bay: '3' },
      });
      const told = await traveller.next(
        (event, data) => event === 'bring-up' && data.includes('Ready at bay 3'),
        2000,
      );
      expect(told.at - moved).toBeLessThan(2000);
    } finally {
      await board.close();
      await traveller.close();
    }
  });

  it('a pick-up moved on the other instance (an extension, a late flight) sends the open board again', async () => {
    const [booking] = await insertBookings(instances.database.db, 1, {
      lotId: f.outdoor.id,
      start: '2026-12-02T06:00:00+11:00',
      end: '2026-12-04T18:00:00+11:00',
      created: instances.clock.now(),
    });
    if (!booking) throw new Error('booking');
    const board = await openStream(`${V1}/bring-up-board/events/?date=2026-12-04`, {
      authorization: `Token ${await login(first, (await createUser(instances.database.db, { roles: ['Sales'] })).user.email)}`,
    });
    try {
      await board.next((event, data) => event === 'board' && data.includes(`"id":"${booking.id}"`), 5000);
      const moved = Date.now();
      // Written through the other instance's database handle, as any booking change is: the day's car is gone.
      await second.services.database.execute(
        sql`update bookings set end_datetime = '2026-12-05T18:00:00+11:00' where id = ${booking.id}`,
      );
      const again = await board.next(
        (event, data) => event === 'board' && !data.includes(`"id":"${booking.id}"`),
        2000,
      );
      expect(again.at - moved).toBeLessThan(2000);
    } finally {
      await board.close();
    }
  });

  it('refuses the board stream to anyone but staff', async () => {
    const anonymous = await first.inject({ method: 'GET', url: `${V1}/bring-up-board/events/` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/vnd.api+json');
    expect(anonymous.body).toContain('not_authenticated');
  });
});
