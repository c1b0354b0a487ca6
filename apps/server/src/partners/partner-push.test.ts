/**
 * Availability pushed in seconds (issue 42, item 3): a partner registers its webhook (the secret shown once); a
 * booking, a stop-sell and a closure each reach the webhook within 5 s, signed; a webhook that answers 500 is
 * tried again; an allotment's release at its hour (a fixed clock) is pushed once; the resync answers the horizon.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { JOB_SCHEMA, jobQueueStats } from '../db/job-queue';
import { blockoutPeriods, partnerAllotments, partnerStopSells } from '../db/schema/index';
import { createPartner } from '../test/partner-fixtures';
import { insertBookings, pricedLots } from '../test/pricing-fixtures';
import { api, createTestServer, one, type TestServer } from '../test/server';
import { sweepPartnerPushes } from './partner-push';
import { SIGNATURE_HEADER, verifySignature } from './webhook-signature';

interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}
interface Message {
  type: string;
  lots: Array<{
    lot: string;
    days: Array<{ date: string; places: number; stopSell: boolean; closures: unknown[] }>;
  }>;
}

let server: TestServer;
let hook: Server;
let hookUrl: string;
let received: Received[] = [];
/** The statuses the webhook answers next, in turn; 200 once they are used up. */
let answers: number[] = [];
let lotIds: { indoor: number; outdoor: number };
let partner: { id: number; key: string; secret: string };

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

async function registerWebhook(key: string, url: unknown) {
  return api(server.app, 'PUT', '/partner/v1/webhook', {
    headers: auth(key),
    body: { data: { type: 'webhooks', attributes: { url } } },
  });
}

/** The next message the webhook receives, within `ms` of now (the test fails past it). */
async function nextMessage(ms = 5_000): Promise<{ message: Message; received: Received; elapsed: number }> {
  const started = Date.now();
  const count = received.length;
  while (received.length === count) {
    if (Date.now() - started > ms) throw new Error(`No push within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const got = received[count];
  if (!got) throw new Error('no message');
  return { message: JSON.parse(got.body) as Message, received: got, elapsed: got.at - started };
}

/** The days a received push speaks of. */
const daysOf = (got: Received) =>
  (JSON.parse(got.body) as Message).lots.flatMap((entry) => entry.days.map((day) => day.date));

/** The first push received (before or within `ms` of now) that speaks of `date`. */
async function messageAbout(date: string, ms = 5_000): Promise<Message> {
  const started = Date.now();
  for (;;) {
    const got = received.find((candidate) => daysOf(candidate).includes(date));
    if (got) return JSON.parse(got.body) as Message;
    if (Date.now() - started > ms) throw new Error(`No push about ${date} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const dayOf = (message: Message, lot: string, date: string) =>
  message.lots.find((entry) => entry.lot === lot)?.days.find((day) => day.date === date);

/** Pushes queued but not yet run (a change's other partners, a retry): run now. */
async function settle(): Promise<void> {
  await server.app.services.jobs.drain();
}

beforeAll(async () => {
  hook = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ at: Date.now(), headers: request.headers, body });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/skypark`;
  server = await createTestServer({ rateLimits: { partnerRequestsPerMinute: 1000 } });
  const priced = await pricedLots(server.handle.db);
  lotIds = { indoor: priced.indoor.id, outdoor: priced.outdoor.id };
  const made = await createPartner(server.handle.db);
  const registered = await registerWebhook(made.key, hookUrl);
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  const attributes = one(registered.body).attributes;
  expect(attributes.url).toBe(hookUrl);
  partner = { id: made.partner.id, key: made.key, secret: String(attributes.secret) };
  expect(partner.secret).toMatch(/^whsec_/);
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => hook.close(resolve));
});
beforeEach(async () => {
  await settle();
  received = [];
  answers = [];
});

describe('the partner webhook', () => {
  it('is registered only at an http(s) address, and again with a new secret', async () => {
    for (const url of ['not a url', 'ftp://partner.example/x', 42, undefined]) {
      const refused = await registerWebhook(partner.key, url);
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]?.source).toEqual({ pointer: '/data/attributes/url' });
    }
    const other = await createPartner(server.handle.db);
    const first = one((await registerWebhook(other.key, 'https://other.example/a')).body).attributes;
    const second = one((await registerWebhook(other.key, 'https://other.example/b')).body).attributes;
    expect(second.url).toBe('https://other.example/b');
    expect(second.secret).not.toBe(first.secret);
    expect((await registerWebhook('spk_unknown', hookUrl)).status).toBe(401);
    // The other partner's webhook is not ours: it is gone again, so that its pushes fail nowhere.
    await server.handle.db.execute(sql`DELETE FROM partner_webhooks WHERE partner_id = ${other.partner.id}`);
  });
});

describe('availability pushes', () => {
  it('reach the webhook within 5 s of a booking, signed over the timestamp and the body', async () => {
    const before = await api(
      server.app,
      'GET',
      '/partner/v1/availability/resync?from=2026-11-25&to=2026-11-26',
      {
        headers: auth(partner.key),
      },
    );
    expect(before.status).toBe(200);
    const placesBefore = dayOf(
      one(before.body).attributes as unknown as Message,
      'indoor',
      '2026-11-25',
    )?.places;
    await insertBookings(server.handle.db, 1, {
      lotId: lotIds.indoor,
      start: '2026-11-25T08:00:00+11:00',
      end: '2026-11-26T18:00:00+11:00',
      created: server.clock.now(),
    });
    const { message, received: got, elapsed } = await nextMessage();
    expect(elapsed).toBeLessThan(5_000);
    expect(got.headers['content-type']).toBe('application/json');
    const signature = String(got.headers[SIGNATURE_HEADER.toLowerCase()]);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature(partner.secret, got.body, signature, server.clock.now())).toBe(true);
    // Altered, signed with another secret, or replayed past the tolerance: refused.
    expect(verifySignature(partner.secret, `${got.body} `, signature, server.clock.now())).toBe(false);
    expect(verifySignature('whsec_other', got.body, signature, server.clock.now())).toBe(false);
    expect(
      verifySignature(partner.secret, got.body, signature, new Date(server.clock.now().getTime() + 301_000)),
    ).toBe(false);
    expect(message.type).toBe('availability');
    // The booking's days only, in its lot, one place fewer.
    expect(message.lots.map((entry) => entry.lot)).toEqual(['indoor']);
    expect(message.lots[0]?.days.map((day) => day.date)).toEqual(['2026-11-25', '2026-11-26']);
    expect(dayOf(message, 'indoor', '2026-11-25')?.places).toBe((placesBefore ?? 0) - 1);
  });

  it('is tried again after the webhook answers 500', async () => {
    answers = [500];
    await insertBookings(server.handle.db, 1, {
      lotId: lotIds.outdoor,
      start: '2026-11-27T08:00:00+11:00',
      end: '2026-11-28T18:00:00+11:00',
      created: server.clock.now(),
    });
    await nextMessage();
    await settle();
    expect(await jobQueueStats(server.handle.db)).toMatchObject({ waiting: 1, failed: 0 });
    // Its backoff passed.
    await server.handle.db.execute(
      sql`UPDATE ${sql.raw(JOB_SCHEMA)}.job SET start_after = now() WHERE state = 'retry'`,
    );
    await settle();
    expect(received).toHaveLength(2);
    expect(received[1]?.body).toBe(received[0]?.body);
    expect(await jobQueueStats(server.handle.db)).toMatchObject({ waiting: 0, failed: 0 });
  });

  it('tells a stop-sell and a closure at once', async () => {
    await server.handle.db.insert(partnerStopSells).values({
      partnerId: partner.id,
      lotId: lotIds.indoor,
      startDate: '2026-12-02',
      endDate: '2026-12-03',
    });
    const stopped = (await nextMessage()).message;
    expect(stopped.lots[0]?.days.map((day) => [day.date, day.stopSell, day.places])).toEqual([
      ['2026-12-02', true, 0],
      ['2026-12-03', true, 0],
    ]);
    await server.handle.db.insert(blockoutPeriods).values({
      startDatetime: new Date('2026-12-05T10:00:00+11:00'),
      endDatetime: new Date('2026-12-05T14:00:00+11:00'),
      name: 'Resurfacing',
      blockType: 'parking',
      message: 'Closed for resurfacing',
    });
    const closed = (await nextMessage()).message;
    // Every lot: a closure is the car park's.
    expect(closed.lots.map((entry) => entry.lot).sort()).toEqual(['indoor', 'outdoor']);
    expect(dayOf(closed, 'indoor', '2026-12-05')?.closures).toEqual([
      { start: '2026-12-04T23:00:00.000Z', end: '2026-12-05T03:00:00.000Z' },
    ]);
  });

  it('pushes an allotment released at its hour, once (a fixed clock)', async () => {
    const other = await createPartner(server.handle.db);
    // Two places held for another partner on each day until 48 hours before it.
    await server.handle.db
      .insert(partnerAllotments)
      .values({ partnerId: other.partner.id, lotId: lotIds.indoor, places: 2, releaseHours: 48 });
    // The hold's own push (the lot's whole horizon); a late push of an earlier test speaks of other days.
    const held = await messageAbout('2026-11-30', 20_000);
    const placesHeld = dayOf(held, 'indoor', '2026-11-30')?.places ?? 0;
    await settle();
    received = [];
    // 30 November is released at 00:00 on 28 November: nothing before, the release at its hour, once.
    server.clock.current = new Date('2026-11-27T23:59:00+11:00');
    // 29 November's release (00:00 on 27 November) is found; 30 November's is not due.
    expect((await sweepPartnerPushes(server.app.services)).released).toBe(1);
    // Its push is queued by whichever instance claims the release first (this sweep, or the change feed's listener,
    // which on PostgreSQL hears of the row a moment later): it arrives, and says nothing of 30 November.
    await messageAbout('2026-11-29');
    await settle();
    expect(received.filter((got) => daysOf(got).includes('2026-11-30'))).toEqual([]);
    received = [];
    server.clock.current = new Date('2026-11-28T00:01:00+11:00');
    expect((await sweepPartnerPushes(server.app.services)).released).toBe(1);
    const released = await messageAbout('2026-11-30');
    expect(released.lots[0]?.days.map((day) => day.date)).toEqual(['2026-11-30']);
    expect(dayOf(released, 'indoor', '2026-11-30')?.places).toBe(placesHeld + 2);
    expect((await sweepPartnerPushes(server.app.services)).released).toBe(0);
    await settle();
    expect(received.filter((got) => daysOf(got).includes('2026-11-30'))).toHaveLength(1);
  });

  it('resyncs the whole horizon, and refuses a malformed range', async () => {
    const whole = await api(server.app, 'GET', '/partner/v1/availability/resync', {
      headers: auth(partner.key),
    });
    expect(whole.status).toBe(200);
    const message = one(whole.body).attributes as unknown as Message;
    const days = message.lots.find((entry) => entry.lot === 'indoor')?.days ?? [];
    expect(days[0]?.date).toBe('2026-11-28');
    expect(days.length).toBe(server.config.stayLimits.horizonDays + 1);
    const bad = await api(server.app, 'GET', '/partner/v1/availability/resync?from=soon', {
      headers: auth(partner.key),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.source).toEqual({ parameter: 'from' });
    const backwards = await api(
      server.app,
      'GET',
      '/partner/v1/availability/resync?from=2026-12-05&to=2026-12-01',
      {
        headers: auth(partner.key),
      },
    );
    expect(backwards.status).toBe(400);
  });
});
