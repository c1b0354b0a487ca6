/**
 * The real server process is SIGKILLed in the middle of a booking save, of a payment confirmation
 * and of a webhook (pause points, faults.ts), on PostgreSQL and on embedded PGlite; after each restart
 * no booking is half-saved, the payment is reconciled from the provider's state and a replayed webhook
 * changes nothing. Then SIGTERM drains a request in flight, refuses new connections and exits 0.
 */
import { connect } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client';
import { bookingLogs, bookings, payments, providerEvents } from '../db/schema/index';
import { bookingDoc } from '../test/booking-fixtures';
import {
  adminToken,
  call,
  createDatabase,
  startServer,
  stopServer,
  WEBHOOK_SECRET,
  type Answer,
  type Mode,
  type ServerProcess,
  type TestDatabase,
} from '../test/process-server';

const V1 = '/backend/api/v1';
const PORTS: Record<Mode, number> = { postgres: 8950, pglite: 8951 };

/** A stay ten to twelve days from now, so that the real clock of the process accepts it. */
function stay(offsetDays = 10) {
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  return {
    startDatetime: `${day(offsetDays)}T06:00:00+11:00`,
    endDatetime: `${day(offsetDays + 2)}T18:00:00+11:00`,
  };
}

function bookingBody(db: TestDatabase, email: string) {
  const body = bookingDoc(db.fixtures, {
    attributes: { email, ...stay() },
    relationships: { extras: { data: [{ type: 'extras', id: String(db.fixtures.wash.id) }] } },
  });
  return body;
}

const attributesOf = (answer: Answer) =>
  (answer.body.data as { id: string; attributes: Record<string, unknown> }).attributes;
const idOf = (answer: Answer) => (answer.body.data as { id: string }).id;

function succeededEvent(
  eventId: string,
  intentId: string,
  clientSecret: string,
  amountCents: number,
  bookingId: string,
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: amountCents,
        currency: 'aud',
        status: 'succeeded',
        client_secret: clientSecret,
        metadata: { booking_id: bookingId },
        last_payment_error: null,
      },
    },
  });
}

const sendWebhook = (base: string, payload: string) =>
  call(base, 'POST', `${V1}/stripe/webhook/`, {
    body: payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });

/** A request that is expected never to be answered (the process dies under it). */
function unanswered(promise: Promise<Answer>): Promise<'no answer' | Answer> {
  return promise.catch(() => 'no answer' as const);
}

describe.each<Mode>(['postgres', 'pglite'])('SIGKILL mid-write and restart (%s)', (mode) => {
  let db: TestDatabase;
  let server: ServerProcess | undefined;
  const port = PORTS[mode];
  const killedEmail = `killed-${mode}@example.com`;
  const payerEmail = `payer-${mode}@example.com`;
  const hookedEmail = `webhook-${mode}@example.com`;
  let paidBookingId = '';
  let paidSecret = '';
  let paidTotal = '';
  let hookedBookingId = '';
  let webhookPayload = '';

  beforeAll(async () => {
    db = await createDatabase(mode);
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
  });

  it('a booking save killed after its first row leaves no trace; the same booking then saves whole', async () => {
    server = await startServer(db, port, { FAULT_PAUSE: 'booking-save' });
    const pending = unanswered(
      call(server.base, 'POST', `${V1}/bookings/`, { body: bookingBody(db, killedEmail) }),
    );
    await server.waitForLine(/^FAULT_POINT booking-save$/);
    server.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    expect(await pending).toBe('no answer');

    server = await startServer(db, port, { FAULT_PAUSE: 'payment-confirmation' });
    const token = await adminToken(server.base);
    const found = await call(
      server.base,
      'GET',
      `${V1}/bookings/?filter[customer_details]=${encodeURIComponent(killedEmail)}`,
      { token },
    );
    expect(found.status).toBe(200);
    expect(found.body.data).toEqual([]);

    // The traveller tries again: this time the booking, its extra and its log are saved together.
    const saved = await call(server.base, 'POST', `${V1}/bookings/`, { body: bookingBody(db, payerEmail) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    paidBookingId = idOf(saved);
    paidSecret = String(attributesOf(saved).clientSecret);
    paidTotal = String(attributesOf(saved).totalCost);
  });

  it("a payment confirmation killed after the provider took the card is applied from the provider's state at restart", async () => {
    if (!server) throw new Error('no server');
    const token = await adminToken(server.base);
    const booking = await call(server.base, 'GET', `${V1}/bookings/${paidBookingId}/`, { token });
    expect(attributesOf(booking)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    const clientSecret = paidSecret;
    const pending = unanswered(
      call(server.base, 'POST', `${V1}/local-payments/`, {
        body: {
          data: {
            type: 'local-payments',
            attributes: { clientSecret, number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' },
          },
        },
      }),
    );
    await server.waitForLine(/^FAULT_POINT payment-confirmation$/);
    server.kill('SIGKILL');
    await server.exited;
    expect(await pending).toBe('no answer');

    server = await startServer(db, port);
    expect(server.output.some((line) => /Payments reconciled with the provider: 1 of/.test(line))).toBe(true);
    const after = await call(server.base, 'GET', `${V1}/bookings/${paidBookingId}/`, {
      token: await adminToken(server.base),
    });
    expect(attributesOf(after)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      amountPaid: paidTotal,
    });
  });

  it('a webhook killed before its commit changes nothing; the payment is applied once, and a redelivery and a replay change nothing', async () => {
    // The provider's event is only believed once the provider answers for the payment: the card goes
    // through first (the local form stops before telling our database), then the webhook arrives.
    await stopServer(server);
    server = await startServer(db, port, { FAULT_PAUSE: 'payment-confirmation:600000,webhook' });
    const created = await call(server.base, 'POST', `${V1}/bookings/`, {
      body: bookingBody(db, hookedEmail),
    });
    expect(created.status).toBe(201);
    hookedBookingId = idOf(created);
    const clientSecret = String(attributesOf(created).clientSecret);
    const intentId = clientSecret.split('_secret_')[0] ?? '';
    const cents = Math.round(Number(attributesOf(created).totalCost) * 100);
    webhookPayload = succeededEvent(`evt_fault_${mode}`, intentId, clientSecret, cents, hookedBookingId);
    const paying = unanswered(
      call(server.base, 'POST', `${V1}/local-payments/`, {
        body: {
          data: {
            type: 'local-payments',
            attributes: { clientSecret, number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' },
          },
        },
      }),
    );
    await server.waitForLine(/^FAULT_POINT payment-confirmation$/);

    const pending = unanswered(sendWebhook(server.base, webhookPayload));
    await server.waitForLine(/^FAULT_POINT webhook$/);
    server.kill('SIGKILL');
    await server.exited;
    expect(await pending).toBe('no answer');
    expect(await paying).toBe('no answer');

    // The webhook's transaction left nothing behind: its event is unrecorded, the booking unpaid.
    const handle = await db.open();
    try {
      expect(
        await handle.db
          .select()
          .from(providerEvents)
          .where(eq(providerEvents.eventId, `evt_fault_${mode}`)),
      ).toEqual([]);
      const [row] = await handle.db
        .select()
        .from(bookings)
        .where(eq(bookings.id, Number(hookedBookingId)));
      expect(row).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    } finally {
      await handle.close();
    }

    // At restart the payment is applied from the provider's state, once; Stripe's redelivery and a
    // replay of the same event change nothing more.
    server = await startServer(db, port);
    const token = await adminToken(server.base);
    const paid = await call(server.base, 'GET', `${V1}/bookings/${hookedBookingId}/`, { token });
    expect(attributesOf(paid)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    const logs = await call(server.base, 'GET', `${V1}/booking-logs/?filter[booking]=${hookedBookingId}`, {
      token,
    });
    const first = await sendWebhook(server.base, webhookPayload);
    expect(first.body).toEqual({ received: true, outcome: 'handled' });
    const replay = await sendWebhook(server.base, webhookPayload);
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    expect((await call(server.base, 'GET', `${V1}/bookings/${hookedBookingId}/`, { token })).body).toEqual(
      paid.body,
    );
    expect(
      (await call(server.base, 'GET', `${V1}/booking-logs/?filter[booking]=${hookedBookingId}`, { token }))
        .body,
    ).toEqual(logs.body);
  });

  it('SIGTERM lets the request in flight finish, refuses new connections and exits 0', async () => {
    await stopServer(server);
    server = await startServer(db, port, { FAULT_PAUSE: 'booking-save:6000' });
    const running = server;
    let answered = false;
    const inFlight = call(running.base, 'POST', `${V1}/bookings/`, {
      body: bookingBody(db, `drained-${mode}@example.com`),
    }).finally(() => {
      answered = true;
    });
    await running.waitForLine(/^FAULT_POINT booking-save$/);
    running.kill('SIGTERM');
    await running.waitForLine(/SIGTERM received/);
    // The listener closes while the request is still paused: new connections are refused.
    const attempt = () =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
    let refused = await attempt();
    for (let tries = 0; refused !== 'ECONNREFUSED' && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refused = await attempt();
    }
    expect(refused).toBe('ECONNREFUSED');
    expect(answered).toBe(false);
    const answer = await inFlight.catch((error: unknown) => ({
      status: 0,
      contentType: '',
      body: { error: String(error), output: running.output },
    }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await running.exited, running.output.join('\n')).toEqual({ code: 0, signal: null });
    server = undefined;
  });

  it('the database holds every booking whole: each with its extra and its created log, none half-saved, each payment once', async () => {
    const handle = await db.open();
    try {
      const rows = rowsOf<{
        email: string;
        extras: number;
        created_logs: number;
        status: string;
        payment_status: string;
        paid_logs: number;
      }>(
        await handle.db.execute(sql`
          SELECT b.email, b.status, b.payment_status,
                 (SELECT count(*)::int FROM booking_extras e WHERE e.booking_id = b.id) AS extras,
                 (SELECT count(*)::int FROM booking_logs l WHERE l.booking_id = b.id AND l.action = 'created') AS created_logs,
                 (SELECT count(*)::int FROM booking_logs l WHERE l.booking_id = b.id AND l.action = 'payment_succeeded') AS paid_logs
          FROM bookings b ORDER BY b.id`),
      );
      expect(rows.map((row) => row.email)).toEqual([payerEmail, hookedEmail, `drained-${mode}@example.com`]);
      for (const row of rows) expect(row).toMatchObject({ extras: 1, created_logs: 1 });
      expect(rows.find((row) => row.email === killedEmail)).toBeUndefined();
      expect(
        rows.filter((row) => row.payment_status === 'paid').map((row) => [row.email, row.paid_logs]),
      ).toEqual([
        [payerEmail, 1],
        [hookedEmail, 1],
      ]);
      const sources = (
        await handle.db.select().from(bookingLogs).where(eq(bookingLogs.action, 'payment_succeeded'))
      ).map((log) => (log.info as { source?: string }).source);
      expect(sources.sort()).toEqual(['reconciliation', 'reconciliation']);
      expect(
        await handle.db
          .select()
          .from(providerEvents)
          .where(eq(providerEvents.eventId, `evt_fault_${mode}`)),
      ).toHaveLength(1);
      const succeeded = await handle.db.select().from(payments).where(eq(payments.status, 'succeeded'));
      expect(succeeded.map((payment) => String(payment.bookingId)).sort()).toEqual(
        [paidBookingId, hookedBookingId].sort(),
      );
      expect(await handle.db.select().from(bookings).where(eq(bookings.email, killedEmail))).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
