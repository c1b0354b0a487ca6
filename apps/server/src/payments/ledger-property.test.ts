/**
 * The ledger's invariants under any sequence of what happens to a booking's money, through the API
 * against a real database: card payments, staff payments and refunds, dearer and cheaper changes (paid
 * or left unpaid), the hold running out, cancellations. After every step:
 * - amountPaid = Σ payments − Σ refunds of the booking's movements, and never below zero;
 * - no card payment is refunded beyond its amount (in our ledger and at the provider);
 * - a change never leaves the booking owing more than before it (a dearer change waits for its money),
 *   and once the hold has run out no unpaid change holds a day.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMoney, formatMoney } from '@parking/domain/money';
import { bookingChanges, bookingMovements, bookings, localProviderObjects } from '../db/schema/index';
import { bookingDoc, bookingFixtures, type Fixtures } from '../test/booking-fixtures';
import { createUser, login } from '../test/factories';
import { api, Clock, createTestServer, doc, one, type TestServer } from '../test/server';
import { PENDING_HOLD_MS } from '@parking/domain/capacity';
import { presentByDay } from '../pricing/presence';

const V1 = '/backend/api/v1';
const HOBART = 'Australia/Hobart';
let server: TestServer;
let f: Fixtures;
let staff: string;
let n = 0;

beforeAll(async () => {
  server = await createTestServer();
  f = await bookingFixtures(server.handle.db);
  await createUser(server.handle.db, { email: 'ledger-desk@example.com', roles: ['Sales'] });
  staff = await login(server.app, 'ledger-desk@example.com');
});
afterAll(() => server.close());

type Step =
  | { kind: 'staffPay'; cents: number; method: 'cash' | 'eftpos' | 'cheque' }
  | { kind: 'staffRefund'; cents: number; method: 'cash' | 'eftpos' | 'cheque' }
  | { kind: 'payBalance' }
  | { kind: 'change'; endDay: number; pay: boolean }
  | { kind: 'waitOutHold' }
  | { kind: 'cancel' };

const method = fc.constantFrom('cash' as const, 'eftpos' as const, 'cheque' as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('staffPay' as const), cents: fc.integer({ min: 1, max: 8000 }), method }),
  fc.record({ kind: fc.constant('staffRefund' as const), cents: fc.integer({ min: 1, max: 8000 }), method }),
  fc.constant<Step>({ kind: 'payBalance' }),
  // The return moved to 2..7 December (booked: 1 to 3 December): cheaper, the same or dearer.
  fc.record({
    kind: fc.constant('change' as const),
    endDay: fc.integer({ min: 2, max: 7 }),
    pay: fc.boolean(),
  }),
  fc.constant<Step>({ kind: 'waitOutHold' }),
  fc.constant<Step>({ kind: 'cancel' }),
);

const card = (clientSecret: string) =>
  api(server.app, 'POST', `${V1}/local-payments/`, {
    body: doc('local-payments', { clientSecret, number: '4242424242424242', expiry: '12 / 30', cvc: '123' }),
  });
const patchPaid = (id: number, amountPaid: string, paymentMethod: string) =>
  api(server.app, 'PATCH', `${V1}/bookings/${id}/`, {
    token: staff,
    body: { data: { type: 'bookings', id: String(id), attributes: { amountPaid, paymentMethod } } },
  });
const row = async (id: number) => {
  const [booking] = await server.handle.db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) throw new Error('booking gone');
  return booking;
};
const owed = (booking: typeof bookings.$inferSelect) =>
  booking.status === 'cancelled'
    ? 0
    : Math.max(0, parseMoney(booking.totalCost) - parseMoney(booking.amountPaid));

/** Which steps were carried out (2xx), so that the property is known to have exercised each of them. */
const done = new Map<string, number>();
const tally = (kind: string, status: number) => {
  if (status < 300) done.set(kind, (done.get(kind) ?? 0) + 1);
};

async function run(step: Step, id: number): Promise<void> {
  const booking = await row(id);
  const paid = parseMoney(booking.amountPaid);
  switch (step.kind) {
    case 'staffPay':
      tally(step.kind, (await patchPaid(id, formatMoney(paid + step.cents), step.method)).status);
      return;
    case 'staffRefund':
      // Refused (400) when more than that method's payments would go back: an answer, and nothing saved.
      tally(
        step.kind,
        (await patchPaid(id, formatMoney(Math.max(0, paid - step.cents)), step.method)).status,
      );
      return;
    case 'payBalance': {
      const balance = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/payments/`, {
        token: staff,
        body: doc('payments', {}),
      });
      if (balance.status === 201)
        tally(step.kind, (await card(String(one(balance.body).attributes.clientSecret))).status);
      return;
    }
    case 'change': {
      const owedBefore = owed(booking);
      const changed = await api(server.app, 'POST', `${V1}/manage-bookings/${id}/changes/`, {
        token: staff,
        body: doc('booking-changes', { endDatetime: `2026-12-0${step.endDay}T18:00:00+11:00` }),
      });
      // A change never makes the booking owe more than before it: the dearer one waits for its money.
      expect(owed(await row(id))).toBeLessThanOrEqual(owedBefore);
      tally(step.kind, changed.status);
      const secret = changed.status === 200 ? one(changed.body).attributes.clientSecret : null;
      if (step.pay && typeof secret === 'string') tally('payChange', (await card(secret)).status);
      return;
    }
    case 'waitOutHold':
      server.clock.advance(PENDING_HOLD_MS + 60_000);
      return;
    case 'cancel':
      tally(
        step.kind,
        (
          await api(server.app, 'POST', `${V1}/manage-bookings/${id}/cancellation/`, {
            token: staff,
            body: doc('cancellations', {}),
          })
        ).status,
      );
      return;
  }
}

async function checkInvariants(id: number): Promise<void> {
  const booking = await row(id);
  const movements = await server.handle.db
    .select()
    .from(bookingMovements)
    .where(eq(bookingMovements.bookingId, id));
  const total = (kind: string) =>
    movements.filter((m) => m.kind === kind).reduce((sum, m) => sum + parseMoney(m.amount), 0);
  expect(parseMoney(booking.amountPaid)).toBe(total('payment') - total('refund'));
  expect(parseMoney(booking.amountPaid)).toBeGreaterThanOrEqual(0);
  // Card refunds stay within the card payment each went back to, in our ledger and at the provider.
  for (const payment of movements.filter((m) => m.kind === 'payment' && m.reference)) {
    const back = movements
      .filter((m) => m.kind === 'refund' && m.reference === payment.reference)
      .reduce((sum, m) => sum + parseMoney(m.amount), 0);
    expect(back).toBeLessThanOrEqual(parseMoney(payment.amount));
  }
  const providerRefunds = (
    await server.handle.db.select().from(localProviderObjects).where(eq(localProviderObjects.kind, 'refund'))
  ).map((object) => object.data as { payment_intent: string; amount: number });
  for (const payment of movements.filter((m) => m.kind === 'payment' && m.reference)) {
    const atProvider = providerRefunds
      .filter((refund) => refund.payment_intent === payment.reference)
      .reduce((sum, refund) => sum + refund.amount, 0);
    expect(atProvider).toBeLessThanOrEqual(parseMoney(payment.amount));
  }
}

/** After the hold, a change awaiting payment holds nothing: presence equals the booking's own days. */
async function checkNoStaleHold(id: number): Promise<void> {
  const awaiting = await server.handle.db
    .select()
    .from(bookingChanges)
    .where(eq(bookingChanges.bookingId, id));
  const now = server.clock.now();
  const stale = awaiting.filter(
    (change) =>
      change.status === 'awaiting_payment' && now.getTime() - change.created.getTime() > PENDING_HOLD_MS,
  );
  if (stale.length === 0) return;
  const counted =
    (await presentByDay(server.handle.db, [f.outdoor.id], '2026-12-01', '2026-12-07', HOBART, now)).get(
      f.outdoor.id,
    ) ?? [];
  const withoutBooking =
    (await presentByDay(server.handle.db, [f.outdoor.id], '2026-12-01', '2026-12-07', HOBART, now, id)).get(
      f.outdoor.id,
    ) ?? [];
  const booking = await row(id);
  const own =
    booking.status === 'complete' ||
    (booking.status === 'pending' && now.getTime() - booking.created.getTime() < PENDING_HOLD_MS)
      ? 1
      : 0;
  const startDay = Number(
    new Intl.DateTimeFormat('en-AU', { day: 'numeric', timeZone: HOBART }).format(booking.startDatetime),
  );
  const endDay = Number(
    new Intl.DateTimeFormat('en-AU', { day: 'numeric', timeZone: HOBART }).format(
      booking.endDatetime ?? booking.startDatetime,
    ),
  );
  counted.forEach((count, index) => {
    const day = index + 1;
    expect(count - (withoutBooking[index] ?? 0)).toBe(day >= startDay && day <= endDay ? own : 0);
  });
}

describe('the ledger under any sequence of money events (API, real database)', () => {
  it('keeps amountPaid = Σ payments − Σ refunds, refunds within what was paid, and holds no unpaid day past the hold', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(step, { minLength: 1, maxLength: 7 }),
        async (online, steps) => {
          server.clock.current = new Clock().current;
          n += 1;
          const email = `ledger${n}@example.com`;
          const created = await api(server.app, 'POST', `${V1}/bookings/`, {
            ...(online ? {} : { token: staff }),
            body: bookingDoc(f, { attributes: { email } }),
          });
          expect(created.status).toBe(201);
          const id = Number(one(created.body).id);
          if (online) await card(String(one(created.body).attributes.clientSecret));
          for (const item of steps) {
            await run(item, id);
            await checkInvariants(id);
            await checkNoStaleHold(id);
          }
        },
      ),
      { numRuns: Number(process.env.LEDGER_RUNS ?? 40), seed: Number(process.env.FUZZ_SEED ?? 2020) },
    );
    // Every kind of step was carried out somewhere in the runs (not only refused).
    expect(Object.fromEntries([...done].sort())).toEqual({
      cancel: expect.any(Number),
      change: expect.any(Number),
      payBalance: expect.any(Number),
      payChange: expect.any(Number),
      staffPay: expect.any(Number),
      staffRefund: expect.any(Number),
    });
    console.info('ledger property: steps carried out', Object.fromEntries([...done].sort()));
  }, 300_000);
});
