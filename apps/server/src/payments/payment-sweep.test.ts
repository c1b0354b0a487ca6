/**
 * Reconciliation while running (issue 14, faults: "the payment is reconciled from the provider's
 * state"): a payment the provider took but our database never heard of (a lost webhook, a browser
 * closed before its confirmation) is applied by the periodic sweep without a restart; a second sweep
 * changes nothing; only one sweep runs at a time.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/config';
import { auditLogs, bookingLogs, bookings, payments } from '../db/schema/index';
import { createPaymentProvider } from './provider/create-provider';
import { isLocalProvider, type LocalProvider } from './provider/local-provider';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { api, createTestServer, one, type TestServer } from '../test/server';
import { PAYMENT_SWEEP_LOCK, startPaymentSweep, sweepPayments } from './payment-sweep';

const V1 = '/backend/api/v1';
let server: TestServer;
let f: Fixtures;
let provider: LocalProvider;
let n = 0;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  const created = createPaymentProvider(server.config, server.handle.db, server.clock.now);
  if (!isLocalProvider(created)) throw new Error('the tests run on the local provider');
  provider = created;
});
afterAll(() => server.close());

/** An online booking whose card the provider has charged, while our database still has it open. */
async function chargedBehindOurBack() {
  n += 1;
  const created = await api(server.app, 'POST', `${V1}/bookings/`, {
    body: bookingDoc(f, { attributes: { email: `swept${n}@example.com` } }),
  });
  expect(created.status).toBe(201);
  const booking = one(created.body);
  const charged = await provider.confirmPayment(String(booking.attributes.clientSecret), {
    number: '4242424242424242',
    expiry: '12 / 30',
    cvc: '123',
  });
  expect(charged.intent.status).toBe('succeeded');
  const id = Number(booking.id);
  expect(await bookingRow(id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
  return { id, total: String(booking.attributes.totalCost) };
}

const bookingRow = async (id: number) =>
  (await server.handle.db.select().from(bookings).where(eq(bookings.id, id)))[0];
const trail = (id: number) =>
  server.handle.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceType, 'bookings'), eq(auditLogs.resourceId, String(id))));
const paymentLogs = (id: number) =>
  server.handle.db
    .select()
    .from(bookingLogs)
    .where(and(eq(bookingLogs.bookingId, id), eq(bookingLogs.action, 'payment_succeeded')));

describe('the payment sweep', () => {
  it('applies a payment the provider has as succeeded, as the system, and a replay changes nothing', async () => {
    const booking = await chargedBehindOurBack();
    const result = await sweepPayments(server.handle, provider, server.clock.now(), server.config.timeZone);
    expect(result).toMatchObject({ applied: 1, failed: 0 });
    const paid = await bookingRow(booking.id);
    expect(paid).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      amountPaid: booking.total,
      stripeComplete: true,
    });
    expect((await paymentLogs(booking.id)).map((log) => log.info)).toEqual([
      expect.objectContaining({ source: 'reconciliation' }),
    ]);
    const [entry, ...others] = await trail(booking.id);
    expect(others).toHaveLength(0);
    expect(entry).toMatchObject({
      action: 'reconciliation',
      userId: null,
      changes: expect.objectContaining({ paymentStatus: { from: 'unpaid', to: 'paid' } }),
    });
    expect(entry?.changes).toMatchObject({
      payment: { from: null, to: { amount: booking.total, source: 'reconciliation' } },
    });

    // Replayed: nothing more is applied, logged or audited.
    const again = await sweepPayments(server.handle, provider, server.clock.now(), server.config.timeZone);
    expect(again).toMatchObject({ applied: 0, failed: 0 });
    expect(await bookingRow(booking.id)).toEqual(paid);
    expect(await paymentLogs(booking.id)).toHaveLength(1);
    expect(await trail(booking.id)).toHaveLength(1);
    const [payment] = await server.handle.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    expect(payment?.status).toBe('succeeded');
  });

  it('leaves a payment the provider has not taken open', async () => {
    n += 1;
    const created = await api(server.app, 'POST', `${V1}/bookings/`, {
      body: bookingDoc(f, { attributes: { email: `unpaid${n}@example.com` } }),
    });
    const id = Number(one(created.body).id);
    await sweepPayments(server.handle, provider, server.clock.now(), server.config.timeZone);
    expect(await bookingRow(id)).toMatchObject({ status: 'pending', paymentStatus: 'unpaid' });
    expect(await trail(id)).toHaveLength(0);
  });

  it('runs one at a time: while the lock is held elsewhere a sweep skips its round', async () => {
    const booking = await chargedBehindOurBack();
    const skipped = await server.handle.withTryLock(PAYMENT_SWEEP_LOCK, () =>
      sweepPayments(server.handle, provider, server.clock.now(), server.config.timeZone),
    );
    expect(skipped).toBeNull();
    expect((await bookingRow(booking.id))?.paymentStatus).toBe('unpaid');
    // The lock is released after the holder's work: the next round sweeps.
    expect(
      await sweepPayments(server.handle, provider, server.clock.now(), server.config.timeZone),
    ).toMatchObject({ applied: 1 });
  });

  it('runs by itself every interval while the server runs, and stops', async () => {
    const booking = await chargedBehindOurBack();
    const sweep = startPaymentSweep(server.handle, provider, 50, server.config.timeZone, server.clock.now);
    try {
      await vi.waitFor(async () => expect((await bookingRow(booking.id))?.paymentStatus).toBe('paid'), {
        timeout: 15_000,
        interval: 50,
      });
    } finally {
      await sweep.stop();
    }
    const later = await chargedBehindOurBack();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await bookingRow(later.id))?.paymentStatus).toBe('unpaid');
  });

  it('takes its interval from PAYMENT_RECONCILE_MINUTES (5 by default)', () => {
    expect(loadConfig({}).paymentReconcileMs).toBe(300_000);
    expect(loadConfig({ PAYMENT_RECONCILE_MINUTES: '1' }).paymentReconcileMs).toBe(60_000);
    expect(() => loadConfig({ PAYMENT_RECONCILE_MINUTES: '0' })).toThrow(/PAYMENT_RECONCILE_MINUTES/);
  });
});
