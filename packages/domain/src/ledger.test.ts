import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, type PaymentMethod } from './constants';
import { allocateRefund, refundablePayments, staffMovement, summariseLedger, type Movement } from './ledger';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 0, minute));
const pay = (
  method: PaymentMethod,
  amountCents: number,
  minute: number,
  reference: string | null = null,
): Movement => ({ kind: 'payment', method, amountCents, at: at(minute), reference });
const refund = (
  method: PaymentMethod,
  amountCents: number,
  minute: number,
  reference: string | null = null,
): Movement => ({ kind: 'refund', method, amountCents, at: at(minute), reference });
const booking = (totalCents: number, status = 'complete') => ({
  totalCents,
  status,
  freeBySubscription: false,
});

describe('summariseLedger', () => {
  it('adds a card payment to the cash staff took: $30 cash then $33 by card pays a $63 booking', () => {
    const summary = summariseLedger([pay('cash', 3000, 1), pay('stripe', 3300, 2, 'pi_1')], booking(6300));
    expect(summary).toMatchObject({
      netPaidCents: 6300,
      owedCents: 0,
      paymentStatus: 'paid',
      paymentMethod: 'stripe',
      cardComplete: false,
    });
  });

  it('a paid $72 booking with a $15 extra paid online has $87 paid', () => {
    const summary = summariseLedger([pay('eftpos', 7200, 1), pay('stripe', 1500, 5, 'pi_2')], booking(8700));
    expect(summary).toMatchObject({ netPaidCents: 8700, paymentStatus: 'paid', paymentDatetime: at(5) });
  });

  it('owes the rest while part is paid; a cancelled booking owes nothing', () => {
    expect(summariseLedger([pay('cash', 1000, 1)], booking(6300))).toMatchObject({
      owedCents: 5300,
      paymentStatus: 'unpaid',
    });
    expect(summariseLedger([pay('cash', 1000, 1)], booking(6300, 'cancelled')).owedCents).toBe(0);
  });

  it('is refunded once everything went back, or once a cancelled booking got a refund', () => {
    expect(
      summariseLedger(
        [pay('stripe', 5200, 1, 'pi_3'), refund('stripe', 5200, 2, 'pi_3')],
        booking(5200, 'cancelled'),
      ).paymentStatus,
    ).toBe('refunded');
    expect(
      summariseLedger([pay('stripe', 5200, 1, 'pi_3'), refund('stripe', 2200, 2, 'pi_3')], booking(3000))
        .paymentStatus,
    ).toBe('paid');
    expect(
      summariseLedger(
        [pay('stripe', 5200, 1, 'pi_3'), refund('stripe', 2200, 2, 'pi_3')],
        booking(5200, 'cancelled'),
      ).paymentStatus,
    ).toBe('refunded');
  });

  it('calls a subscriber’s free stay paid, and an unpriced (open-ended) staff booking unpaid', () => {
    expect(
      summariseLedger([], { totalCents: 0, status: 'complete', freeBySubscription: true }).paymentStatus,
    ).toBe('paid');
    expect(summariseLedger([], booking(0)).paymentStatus).toBe('unpaid');
  });

  it('refuses a ledger that refunds more than was paid, and movements that are not positive cents', () => {
    expect(() => summariseLedger([pay('cash', 100, 1), refund('cash', 200, 2)], booking(100))).toThrow(
      RangeError,
    );
    expect(() => summariseLedger([pay('cash', 0, 1)], booking(100))).toThrow(RangeError);
    expect(() => summariseLedger([pay('cash', 1.5, 1)], booking(100))).toThrow(RangeError);
  });
});

describe('allocateRefund', () => {
  it('gives money back the way it came, the latest payment first', () => {
    const movements = [pay('eftpos', 7200, 1), pay('stripe', 1500, 5, 'pi_2')];
    expect(allocateRefund(movements, 8700)).toEqual([
      { method: 'stripe', reference: 'pi_2', amountCents: 1500 },
      { method: 'eftpos', reference: null, amountCents: 7200 },
    ]);
    expect(allocateRefund(movements, 1000)).toEqual([
      { method: 'stripe', reference: 'pi_2', amountCents: 1000 },
    ]);
  });

  it('never gives back what was already refunded', () => {
    const movements = [pay('stripe', 5200, 1, 'pi_1'), refund('stripe', 5200, 2, 'pi_1')];
    expect(allocateRefund(movements, 5200)).toEqual([]);
  });
});

describe('staffMovement', () => {
  it('records the difference from what the ledger holds', () => {
    expect(staffMovement(3300, 6300)).toEqual({ kind: 'payment', amountCents: 3000 });
    expect(staffMovement(6300, 6000)).toEqual({ kind: 'refund', amountCents: 300 });
    expect(staffMovement(6300, 6300)).toBeNull();
  });
});

/** A step of a booking's money: a payment by some method, or a refund of some amount. */
const step = fc.oneof(
  fc.record({
    kind: fc.constant('payment' as const),
    method: fc.constantFrom(...PAYMENT_METHODS),
    cents: fc.integer({ min: 1, max: 50_000 }),
  }),
  fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 80_000 }) }),
);

describe('ledger properties', () => {
  it('amountPaid = Σ payments − Σ refunds; refunds never pass what was paid; owed = total − paid for a live booking', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 30 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.constantFrom('complete', 'pending', 'cancelled'),
        (steps, totalCents, status) => {
          const movements: Movement[] = [];
          let payments = 0;
          let refunds = 0;
          steps.forEach((item, index) => {
            if (item.kind === 'payment') {
              movements.push(
                pay(item.method, item.cents, index, item.method === 'stripe' ? `pi_${index}` : null),
              );
              payments += item.cents;
              return;
            }
            // A refund is what allocateRefund hands out: never more than is left.
            for (const line of allocateRefund(movements, item.cents)) {
              movements.push(refund(line.method, line.amountCents, index, line.reference));
              refunds += line.amountCents;
            }
          });
          const summary = summariseLedger(movements, { totalCents, status, freeBySubscription: false });
          expect(summary.netPaidCents).toBe(payments - refunds);
          expect(summary.netPaidCents).toBeGreaterThanOrEqual(0);
          expect(refundablePayments(movements).reduce((sum, payment) => sum + payment.leftCents, 0)).toBe(
            summary.netPaidCents,
          );
          expect(summary.owedCents).toBe(
            status === 'cancelled' ? 0 : Math.max(0, totalCents - summary.netPaidCents),
          );
          if (summary.paymentStatus === 'paid')
            expect(summary.netPaidCents).toBeGreaterThanOrEqual(totalCents);
        },
      ),
      { numRuns: 500 },
    );
  });
});
